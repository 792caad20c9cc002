/**
 * The game's last-resort message: when the game cannot start, say so on screen (as text, never
 * markup) instead of leaving a blank page.
 */
export function showFatal(text: string): void {
  const msg = document.createElement('p');
  msg.className = 'fatal';
  msg.setAttribute('role', 'alert');
  msg.textContent = text;
  document.body.append(msg);
}
