/**
 * A panel over the view (help, picker): hidden until toggled, closed by Esc or its × button,
 * built from plain DOM so it works on every backend and in tests.
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

/** A two- or three-column table from rows of text. */
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

export class Overlay {
  readonly root: HTMLElement;

  constructor(parent: HTMLElement, id: string, title: string) {
    this.root = el('section', { id, class: 'overlay', hidden: '', role: 'dialog', 'aria-label': title });
    const close = el('button', { type: 'button', class: 'overlay-close', 'aria-label': 'close' }, '×');
    close.onclick = () => this.hide();
    this.root.append(close, el('h2', {}, title));
    parent.append(this.root);
  }

  get open(): boolean {
    return !this.root.hidden;
  }

  toggle(): void {
    if (this.open) this.hide();
    else this.show();
  }

  show(): void {
    this.root.hidden = false;
  }

  hide(): void {
    this.root.hidden = true;
  }
}
