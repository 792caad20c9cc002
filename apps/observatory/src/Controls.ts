/**
 * Look, walk and zoom: pointer (mouse or touch) drag turns heading and pitch; WASD / arrows walk
 * at 1.4 m/s (Shift ×10) keeping the height above the drawn ground; Q/E lower and raise the eye;
 * the wheel or a two-finger pinch zooms the field of view; P saves a PNG.
 */
import type { ViewParams } from './params';
import type { Observatory } from './Observatory';

export class Controls {
  onScreenshot: () => void = () => {};
  lastInput = 0;
  private readonly keys = new Set<string>();
  private readonly pointers = new Map<number, { x: number; y: number }>();
  private pinch = 0;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly p: ViewParams,
    private readonly obs: Observatory,
  ) {
    addEventListener('keydown', (e) => {
      if ((e.target as HTMLElement)?.tagName === 'INPUT') return;
      if (e.key === 'p' || e.key === 'P') this.onScreenshot();
      this.keys.add(e.code);
      this.touch();
    });
    addEventListener('keyup', (e) => this.keys.delete(e.code));
    addEventListener('blur', () => this.keys.clear());
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

  step(dt: number): void {
    const k = this.keys;
    const speed = (k.has('ShiftLeft') || k.has('ShiftRight') ? 14 : 1.4) * dt;
    const fwd = (k.has('KeyW') || k.has('ArrowUp') ? 1 : 0) - (k.has('KeyS') || k.has('ArrowDown') ? 1 : 0);
    const right =
      (k.has('KeyD') || k.has('ArrowRight') ? 1 : 0) - (k.has('KeyA') || k.has('ArrowLeft') ? 1 : 0);
    this.obs.walk(fwd * speed, right * speed);
    const dh = (k.has('KeyE') ? 1 : 0) - (k.has('KeyQ') ? 1 : 0);
    if (dh !== 0) {
      this.p.h = Math.min(1e8, Math.max(0.05, this.p.h * Math.exp(dh * dt)));
      this.obs.walk(0, 0);
      this.obs.place();
    }
  }
}
