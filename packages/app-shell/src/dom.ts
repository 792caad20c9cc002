/**
 * Plain-DOM builders for the apps' panels: an element with attributes and text (text is always
 * `textContent`, never markup), and a table from rows of text.
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  text = '',
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

/** A table of text cells, with an optional header row. */
export function table(rows: readonly (readonly string[])[], head?: readonly string[]): HTMLTableElement {
  const t = el('table');
  if (head) {
    const tr = el('tr');
    for (const h of head) tr.append(el('th', {}, h));
    t.append(tr);
  }
  for (const row of rows) {
    const tr = el('tr');
    for (const cell of row) tr.append(el('td', {}, cell));
    t.append(tr);
  }
  return t;
}

/**
 * The last-resort message when an app cannot start: said on screen (as text, never markup)
 * instead of leaving a blank page.
 */
export function showFatal(text: string): void {
  const msg = el('p', { class: 'fatal', role: 'alert' }, text);
  document.body.append(msg);
}
