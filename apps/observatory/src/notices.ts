/**
 * The observatory's on-screen notices: one banner (`#notices`, role alert) for problems found
 * outside the view parameters (a bad link, a failed start). Text only: every message is set with
 * `textContent`, so input quoted in a message can never become markup. `shownInput` shortens
 * quoted input so a hostile or overlong value cannot flood the screen.
 */

/** Longest quoted input shown in a message, characters; longer values end in "…". */
const SHOWN_INPUT_CHARS = 80;

/** `raw` as quoted in a message: at most SHOWN_INPUT_CHARS characters. */
export function shownInput(raw: string): string {
  return raw.length > SHOWN_INPUT_CHARS ? `${raw.slice(0, SHOWN_INPUT_CHARS)}…` : raw;
}

const shown = new Map<string, string>();

function banner(): HTMLElement {
  let el = document.getElementById('notices');
  if (!el) {
    el = document.createElement('div');
    el.id = 'notices';
    el.setAttribute('role', 'alert');
    document.body.append(el);
  }
  return el;
}

/** Shows (or, with null, clears) the notice kept under `key`; one line per key. */
export function setNotice(key: string, text: string | null): void {
  if (text === null) shown.delete(key);
  else shown.set(key, text);
  const el = banner();
  el.textContent = [...shown.values()].join('\n');
  el.hidden = shown.size === 0;
}

/** The notices on screen, in the order they were first set. */
export function notices(): string[] {
  return [...shown.values()];
}
