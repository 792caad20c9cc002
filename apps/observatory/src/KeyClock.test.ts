import { describe, expect, it } from 'vitest';
import { KeyClock, MAX_FRAME_HOLD_S } from './KeyClock';

/** Holds `code` from `t0` to `t1` ms while frames close every `periodMs`; returns the held sum. */
function heldAt(periodMs: number, t0: number, t1: number, end = 5000): number {
  const k = new KeyClock(0);
  let total = 0;
  let pressed = false;
  let released = false;
  for (let t = periodMs; t <= end; t += periodMs) {
    // Events that happened since the previous frame, in time order.
    if (!pressed && t0 <= t) {
      k.down('KeyW', t0);
      pressed = true;
    }
    if (!released && t1 <= t) {
      k.up('KeyW', t1);
      released = true;
    }
    k.advance(t);
    total += k.seconds('KeyW');
  }
  return total;
}

describe('KeyClock', () => {
  it('a 4 s hold counts 4 s at 60 fps and at 2 fps (press and release between frames)', () => {
    // Truth: the hold lasts t1 − t0 = 4 s by construction.
    expect(heldAt(1000 / 60, 123, 4123)).toBeCloseTo(4, 9);
    expect(heldAt(500, 123, 4123)).toBeCloseTo(4, 9);
    expect(heldAt(1700, 123, 4123, 6000)).toBeCloseTo(4, 9);
  });

  it('a press and release inside one frame still counts', () => {
    expect(heldAt(500, 1100, 1300)).toBeCloseTo(0.2, 9);
  });

  it('a stalled frame counts at most MAX_FRAME_HOLD_S', () => {
    const k = new KeyClock(0);
    k.down('KeyW', 0);
    k.advance(10_000);
    expect(k.seconds('KeyW')).toBeCloseTo(MAX_FRAME_HOLD_S, 9);
  });

  it('blur releases held keys at the blur time', () => {
    const k = new KeyClock(0);
    k.down('KeyW', 100);
    k.upAll(600);
    k.advance(1000);
    expect(k.seconds('KeyW')).toBeCloseTo(0.5, 9);
    expect(k.isDown('KeyW')).toBe(false);
  });
});
