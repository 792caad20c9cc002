/**
 * A panel over the view (help, menu, picker), one implementation for both apps. Promises:
 * - hidden until shown; a `section` with `role="dialog"`, its title as `aria-label` and `h2`;
 * - closed by its × button (mouse, touch), by Escape while focus is inside it, and by its
 *   `OverlayGroup`'s Escape anywhere;
 * - `show` moves focus into it (the given element, else the panel itself) and `hide` gives focus
 *   back to what had it, when focus was inside the panel; app keys keep working while it is open
 *   (the panel is not a text field).
 */
import { el } from './dom';

export class Overlay {
  readonly root: HTMLElement;
  /** Called after every hide (the × button, Escape, the group, the app). */
  onHide: () => void = () => {};
  private returnFocus: HTMLElement | null = null;

  constructor(parent: HTMLElement, id: string, title: string) {
    this.root = el('section', {
      id,
      class: 'overlay',
      hidden: '',
      role: 'dialog',
      'aria-label': title,
      tabindex: '-1',
    });
    const close = el('button', { type: 'button', class: 'overlay-close', 'aria-label': 'close' }, '×');
    close.onclick = () => this.hide();
    this.root.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') this.hide();
    });
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

  /** Shows the panel and focuses `focus` (one of its fields) or the panel. */
  show(focus: HTMLElement = this.root): void {
    if (!this.open) {
      const active = document.activeElement;
      this.returnFocus = active instanceof HTMLElement && !this.root.contains(active) ? active : null;
    }
    this.root.hidden = false;
    focus.focus({ preventScroll: true });
  }

  hide(): void {
    if (!this.open) return;
    const hadFocus = this.root.contains(document.activeElement);
    this.root.hidden = true;
    if (hadFocus) {
      if (this.returnFocus?.isConnected) this.returnFocus.focus({ preventScroll: true });
      else (document.activeElement as HTMLElement | null)?.blur();
    }
    this.returnFocus = null;
    this.onHide();
  }
}

/**
 * The overlays of one app: at most one is open (showing one through the group hides the others)
 * and Escape closes the open one wherever focus is.
 */
export class OverlayGroup {
  constructor(private readonly overlays: readonly Overlay[]) {
    addEventListener('keydown', (e) => {
      if (e.key === 'Escape') this.hideAll();
    });
  }

  /** Hides every other overlay, then shows `o` (focusing `focus`, see `Overlay.show`). */
  show(o: Overlay, focus?: HTMLElement): void {
    for (const other of this.overlays) if (other !== o) other.hide();
    o.show(focus);
  }

  /** Shows `o` (as `show`) or, when it is open, hides it. */
  toggle(o: Overlay, focus?: HTMLElement): void {
    if (o.open) o.hide();
    else this.show(o, focus);
  }

  hideAll(): void {
    for (const o of this.overlays) o.hide();
  }
}
