/**
 * Keyboard, mouse, gamepad and touch merged into one `PilotInput` plus discrete actions. The
 * bindings listed in `BINDINGS` are what the help overlay shows, so the two cannot disagree.
 */
import { THROTTLE_RATE_PER_S } from '../sim/flightLimits';
import type { PilotInput } from '../app/Game';

export type Action =
  | 'camera'
  | 'autopilot'
  | 'warpUp'
  | 'warpDown'
  | 'help'
  | 'menu'
  | 'save'
  | 'sas'
  | 'fullThrottle'
  | 'cutThrottle';

/** [device, control, what it does] rows for the help overlay. */
export const BINDINGS: readonly (readonly [string, string, string])[] = [
  ['keyboard', 'Shift / Ctrl', 'throttle up / down'],
  ['keyboard', 'Z / X', 'full throttle / cut engine'],
  ['keyboard', 'W / S', 'pitch forward / back'],
  ['keyboard', 'A / D', 'roll left / right'],
  ['keyboard', 'Q / E', 'yaw left / right'],
  ['keyboard', 'T', 'stability assist on / off'],
  ['keyboard', 'P', 'autopilot: land from here'],
  ['keyboard', ', / .', 'time warp down / up (orbit only)'],
  ['keyboard', 'C', 'chase / cockpit camera'],
  ['keyboard', 'K', 'save now'],
  ['keyboard', 'M', 'menu: body, start, discard save'],
  ['keyboard', 'H or ?', 'this help'],
  ['mouse', 'drag / wheel', 'orbit / zoom the chase camera'],
  ['gamepad', 'left stick', 'pitch and roll'],
  ['gamepad', 'right stick ←→', 'yaw'],
  ['gamepad', 'RT / LT', 'throttle up / down'],
  ['gamepad', 'A / B / X / Y', 'autopilot / camera / warp up / help'],
  ['touch', 'drag', 'orbit the chase camera'],
  ['touch', 'buttons', 'throttle, autopilot, camera, warp, help, menu'],
];

const KEY_ACTIONS: Record<string, Action> = {
  c: 'camera',
  p: 'autopilot',
  '.': 'warpUp',
  ',': 'warpDown',
  h: 'help',
  '?': 'help',
  m: 'menu',
  k: 'save',
  t: 'sas',
  z: 'fullThrottle',
  x: 'cutThrottle',
};

export class Controls {
  readonly input: PilotInput = { throttle: 0, pitch: 0, yaw: 0, roll: 0, sas: true };
  private readonly down = new Set<string>();
  private readonly actions: Action[] = [];
  private readonly padPrev: boolean[] = [];
  /** Touch / button throttle steps pending. */
  private nudge = 0;
  private dragging: { id: number; x: number; y: number } | null = null;

  constructor(
    target: HTMLElement,
    private readonly onDrag: (dx: number, dy: number) => void,
    private readonly onZoom: (f: number) => void,
  ) {
    addEventListener('keydown', (e) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
      const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
      this.down.add(k);
      const a = KEY_ACTIONS[k];
      if (a && !e.repeat) this.actions.push(a);
    });
    addEventListener('keyup', (e) => this.down.delete(e.key.length === 1 ? e.key.toLowerCase() : e.key));
    addEventListener('blur', () => this.down.clear());
    target.addEventListener('pointerdown', (e) => {
      this.dragging = { id: e.pointerId, x: e.clientX, y: e.clientY };
      target.setPointerCapture(e.pointerId);
    });
    target.addEventListener('pointermove', (e) => {
      if (!this.dragging || this.dragging.id !== e.pointerId) return;
      this.onDrag(e.clientX - this.dragging.x, e.clientY - this.dragging.y);
      this.dragging.x = e.clientX;
      this.dragging.y = e.clientY;
    });
    const end = (): void => {
      this.dragging = null;
    };
    target.addEventListener('pointerup', end);
    target.addEventListener('pointercancel', end);
    target.addEventListener('wheel', (e) => this.onZoom(Math.exp(e.deltaY * 0.001)), { passive: true });
  }

  /** Queues an action from an on-screen button. */
  push(a: Action): void {
    this.actions.push(a);
  }

  /** On-screen throttle buttons: ±1 step of 10%. */
  nudgeThrottle(step: number): void {
    this.nudge += step;
  }

  /** Reads devices for a frame of `dt` seconds; returns the discrete actions since last call. */
  poll(dt: number): Action[] {
    const i = this.input;
    const k = this.down;
    let thr = 0;
    if (k.has('Shift')) thr += 1;
    if (k.has('Control')) thr -= 1;
    i.pitch = (k.has('w') ? 1 : 0) - (k.has('s') ? 1 : 0);
    i.roll = (k.has('d') ? 1 : 0) - (k.has('a') ? 1 : 0);
    i.yaw = (k.has('e') ? 1 : 0) - (k.has('q') ? 1 : 0);
    const pads = typeof navigator.getGamepads === 'function' ? navigator.getGamepads() : [];
    for (const pad of pads) {
      if (!pad) continue;
      const ax = (n: number): number => (Math.abs(pad.axes[n] ?? 0) > 0.12 ? (pad.axes[n] ?? 0) : 0);
      i.roll += ax(0);
      i.pitch -= ax(1);
      i.yaw += ax(2);
      thr += (pad.buttons[7]?.value ?? 0) - (pad.buttons[6]?.value ?? 0);
      const map: [number, Action][] = [
        [0, 'autopilot'],
        [1, 'camera'],
        [2, 'warpUp'],
        [3, 'help'],
      ];
      for (const [b, a] of map) {
        const pressed = pad.buttons[b]?.pressed ?? false;
        if (pressed && !this.padPrev[b]) this.actions.push(a);
        this.padPrev[b] = pressed;
      }
    }
    i.throttle = Math.min(1, Math.max(0, i.throttle + thr * THROTTLE_RATE_PER_S * dt + this.nudge * 0.1));
    this.nudge = 0;
    const out = this.actions.splice(0);
    for (const a of out) {
      if (a === 'fullThrottle') i.throttle = 1;
      if (a === 'cutThrottle') i.throttle = 0;
      if (a === 'sas') i.sas = !i.sas;
    }
    return out.filter((a) => a !== 'fullThrottle' && a !== 'cutThrottle' && a !== 'sas');
  }
}
