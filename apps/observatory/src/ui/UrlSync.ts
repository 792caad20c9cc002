/**
 * Keeps the address bar on the current view without fighting the person or other tools: it looks
 * at most every `URL_SYNC_MS`, only after input has settled, writes only when a value changed,
 * adds a parameter only when it differs from its default, and keeps every parameter it does not
 * own (unknown ones included) where it was.
 */

/** Minimum time between two looks at the URL, ms. */
export const URL_SYNC_MS = 500;

/**
 * The query after writing `owned` (a formatted view) into `current`: owned parameters already
 * present are updated in place, absent ones are appended only when they differ from `defaults`;
 * all other parameters keep their value and order.
 */
export function mergeQuery(current: string, owned: string, defaults: string): string {
  const q = new URLSearchParams(current);
  const d = new URLSearchParams(defaults);
  for (const [k, v] of new URLSearchParams(owned)) {
    if (q.has(k)) {
      if (q.get(k) !== v) q.set(k, v);
    } else if (d.get(k) !== v) q.append(k, v);
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

export class UrlSync {
  private lastLook = -Infinity;

  constructor(
    private readonly format: () => string,
    private readonly defaults: string,
    private readonly write: (search: string) => void = (s) =>
      history.replaceState(history.state, '', `${location.pathname}${s}${location.hash}`),
    private readonly read: () => string = () => location.search,
  ) {}

  /** Call every frame; writes the URL when due and changed. Returns whether it wrote. */
  tick(now: number, lastInput: number): boolean {
    if (now - this.lastLook < URL_SYNC_MS || now - lastInput < URL_SYNC_MS) return false;
    this.lastLook = now;
    const current = this.read();
    const next = mergeQuery(current, this.format(), this.defaults);
    if (next === current || (next === '' && current === '?')) return false;
    this.write(next);
    return true;
  }
}
