/**
 * How long each key was held during a frame, from the events' own timestamps, so motion driven by
 * keys covers speed × held time whatever the frame rate: a key pressed or released between two
 * frames counts from its press or until its release, not from the frame that noticed it.
 * Times are `performance.now()` milliseconds (the clock of `Event.timeStamp` and rAF).
 */

/** A frame longer than this (a stalled or backgrounded tab) counts as this long, s. */
export const MAX_FRAME_HOLD_S = 2;

export class KeyClock {
  private readonly downAt = new Map<string, number>();
  /** Seconds of presses that ended since the last `advance`. */
  private readonly released = new Map<string, number>();
  private readonly frame = new Map<string, number>();
  private since: number;

  constructor(now: number) {
    this.since = now;
  }

  down(code: string, t: number): void {
    if (!this.downAt.has(code)) this.downAt.set(code, Math.max(t, this.since));
  }

  up(code: string, t: number): void {
    const t0 = this.downAt.get(code);
    if (t0 === undefined) return;
    this.downAt.delete(code);
    const s = Math.max(0, t - Math.max(t0, this.since)) / 1000;
    this.released.set(code, (this.released.get(code) ?? 0) + s);
  }

  /** Releases every key at `t` (window blur). */
  upAll(t: number): void {
    for (const code of [...this.downAt.keys()]) this.up(code, t);
  }

  isDown(code: string): boolean {
    return this.downAt.has(code);
  }

  /** Closes the frame at `now`: `seconds(code)` then reads the time held within it. */
  advance(now: number): void {
    this.frame.clear();
    for (const [code, s] of this.released) this.frame.set(code, s);
    this.released.clear();
    for (const [code, t0] of this.downAt) {
      this.frame.set(code, (this.frame.get(code) ?? 0) + Math.max(0, now - Math.max(t0, this.since)) / 1000);
    }
    const span = (now - this.since) / 1000;
    if (span > MAX_FRAME_HOLD_S)
      for (const [code, s] of this.frame) this.frame.set(code, (s * MAX_FRAME_HOLD_S) / span);
    this.since = now;
  }

  /** Seconds `code` was held during the frame closed by the last `advance`. */
  seconds(code: string): number {
    return this.frame.get(code) ?? 0;
  }
}
