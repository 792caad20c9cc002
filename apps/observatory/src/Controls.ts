/**
 * Look, walk and zoom, in real units whatever the frame rate (held time from `KeyClock`):
 * W/S or ↑/↓ walk and A/D step sideways at `WALK_M_PER_S` (Shift × `RUN_FACTOR`), keeping the
 * height above the drawn ground; ←/→ turn at `TURN_DEG_PER_S`; Q/E lower and raise the eye by
 * `HEIGHT_FACTOR_PER_S` per second; −/= zoom the field of view by `ZOOM_FACTOR_PER_S` per second;
 * pointer drag turns and tilts (the point under the pointer follows it), the wheel or a pinch
 * zooms. Discrete keys (help, picker, HUD modes, screenshot) become actions. `BINDINGS` is what
 * the help overlay lists, so the two cannot disagree.
 */
import { KeyClock } from './KeyClock';
import type { ViewParams } from './params';
import type { Observatory } from './Observatory';

export const WALK_M_PER_S = 1.4;
export const RUN_FACTOR = 10;
export const TURN_DEG_PER_S = 60;
export const HEIGHT_FACTOR_PER_S = 2;
export const ZOOM_FACTOR_PER_S = 2;

export type Action = 'help' | 'picker' | 'compact' | 'debug' | 'screenshot';

/** [control, what it does] rows for the help overlay. */
export const BINDINGS: readonly (readonly [string, string])[] = [
  ['W / S, ↑ / ↓', `walk forward / back, ${WALK_M_PER_S} m/s`],
  ['A / D', `step left / right, ${WALK_M_PER_S} m/s`],
  ['Shift + walk', `run, ${WALK_M_PER_S * RUN_FACTOR} m/s`],
  ['← / →', `turn left / right, ${TURN_DEG_PER_S}°/s`],
  ['Q / E', `lower / raise the eye, ×${HEIGHT_FACTOR_PER_S} per second`],
  ['− / =', `zoom out / in, field of view ×${ZOOM_FACTOR_PER_S} per second`],
  ['drag (mouse or touch)', 'look around'],
  ['wheel, pinch', 'zoom'],
  ['G', 'go to: pick a body or place'],
  ['H or ?', 'this help'],
  ['C', 'compact HUD (for screenshots)'],
  ['` (backquote)', 'engine debug block'],
  ['P', 'save a PNG screenshot'],
  ['Esc', 'close help or picker (or its × button)'],
];

const KEY_ACTIONS: Record<string, Action> = {
  KeyH: 'help',
  KeyG: 'picker',
  KeyC: 'compact',
  Backquote: 'debug',
  KeyP: 'screenshot',
};

export class Controls {
  onAction: (a: Action) => void = () => {};
  lastInput = 0;
  private readonly clock = new KeyClock(performance.now());
  private readonly pointers = new Map<number, { x: number; y: number }>();
  private pinch = 0;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly p: ViewParams,
    private readonly obs: Observatory,
  ) {
    addEventListener('keydown', (e) => {
      const tag = (e.target as HTMLElement)?.tagName;
      // Typing into the picker: no key is ours (Esc closes it: the app shell's OverlayGroup).
      if (tag === 'INPUT' || tag === 'SELECT') return;
      const action = e.key === '?' ? 'help' : KEY_ACTIONS[e.code];
      if (action && !e.ctrlKey && !e.metaKey && !e.altKey) {
        // The key is ours: it must not also type into the field an action focuses.
        e.preventDefault();
        if (!e.repeat) this.onAction(action);
      }
      this.clock.down(e.code, e.timeStamp);
      this.touch();
    });
    addEventListener('keyup', (e) => this.clock.up(e.code, e.timeStamp));
    addEventListener('blur', () => this.clock.upAll(performance.now()));
    canvas.addEventListener('pointerdown', (e) => {
      canvas.setPointerCapture(e.pointerId);
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    });
    canvas.addEventListener('pointerup', (e) => this.pointers.delete(e.pointerId));
    canvas.addEventListener('pointercancel', (e) => this.pointers.delete(e.pointerId));
    canvas.addEventListener('pointermove', (e) => this.move(e));
    canvas.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        this.zoom(Math.exp(e.deltaY * 0.001));
      },
      { passive: false },
    );
  }

  private touch(): void {
    this.lastInput = performance.now();
  }

  private zoom(factor: number): void {
    this.p.fov = Math.min(120, Math.max(5, this.p.fov * factor));
    this.touch();
  }

  private move(e: PointerEvent): void {
    const prev = this.pointers.get(e.pointerId);
    if (!prev) return;
    const cur = { x: e.clientX, y: e.clientY };
    this.pointers.set(e.pointerId, cur);
    if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      if (this.pinch > 0) this.zoom(this.pinch / d);
      this.pinch = d;
      return;
    }
    this.pinch = 0;
    const degPerPx = this.p.fov / Math.max(1, this.canvas.clientHeight);
    this.p.heading = (((this.p.heading - (cur.x - prev.x) * degPerPx) % 360) + 360) % 360;
    this.p.pitch = Math.min(89, Math.max(-89, this.p.pitch + (cur.y - prev.y) * degPerPx));
    this.touch();
  }

  /** Applies the keys held since the last step, up to `now` (performance.now() ms). */
  step(now: number): void {
    const c = this.clock;
    c.advance(now);
    const s = (a: string, b = '') => c.seconds(a) + (b ? c.seconds(b) : 0);
    const speed = WALK_M_PER_S * (c.isDown('ShiftLeft') || c.isDown('ShiftRight') ? RUN_FACTOR : 1);
    const fwd = s('KeyW', 'ArrowUp') - s('KeyS', 'ArrowDown');
    const right = s('KeyD') - s('KeyA');
    const turn = s('ArrowRight') - s('ArrowLeft');
    if (turn !== 0) this.p.heading = (((this.p.heading + turn * TURN_DEG_PER_S) % 360) + 360) % 360;
    this.obs.walk(fwd * speed, right * speed);
    const zoom = s('Minus') - s('Equal', 'NumpadAdd');
    if (zoom !== 0) this.p.fov = Math.min(120, Math.max(5, this.p.fov * ZOOM_FACTOR_PER_S ** zoom));
    const dh = s('KeyE') - s('KeyQ');
    if (dh !== 0) {
      this.p.h = Math.min(1e8, Math.max(0.05, this.p.h * HEIGHT_FACTOR_PER_S ** dh));
      this.obs.place();
    }
  }
}
