/**
 * Failed nodes and when each may be asked for again (ADR-0010). A node whose job failed (the
 * pool's promise rejected with anything but CancelledError) waits RETRY_BASE_MS · 2^(failures − 1),
 * at most RETRY_MAX_MS, before it is requested again; after RETRY_MAX_ATTEMPTS failed jobs it is
 * given up on (reported, never requested again) while its entry stays. A node that arrives is
 * forgotten. The book holds at most RETRY_BOOK_MAX entries: past that the oldest entry is
 * forgotten, which only means that node starts again from a first attempt.
 */

/** Back-off after a node's first failed job, ms (ADR-0010). */
export const RETRY_BASE_MS = 250;
/** Longest back-off between two jobs of one node, ms (ADR-0010). */
export const RETRY_MAX_MS = 8000;
/** Failed jobs of one node before it is given up on (ADR-0010). */
export const RETRY_MAX_ATTEMPTS = 6;
/** Nodes the book remembers at most (ADR-0010). */
export const RETRY_BOOK_MAX = 1024;

interface Entry {
  failures: number;
  /** Earliest time of the next request, ms; Infinity once given up. */
  retryAt: number;
}

export class RetryBook {
  private readonly entries = new Map<number, Entry>();
  private given = 0;

  /** Records a failed job of `packed` at time `now` (ms); true when the node is now given up on. */
  fail(packed: number, now: number): boolean {
    const e = this.entries.get(packed) ?? { failures: 0, retryAt: 0 };
    this.entries.delete(packed); // re-insert: insertion order is age order
    e.failures++;
    const gaveUp = e.failures >= RETRY_MAX_ATTEMPTS;
    e.retryAt = gaveUp ? Infinity : now + Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (e.failures - 1));
    if (gaveUp) this.given++;
    this.entries.set(packed, e);
    if (this.entries.size > RETRY_BOOK_MAX) {
      const [oldest, old] = this.entries.entries().next().value as [number, Entry];
      if (old.retryAt === Infinity) this.given--;
      this.entries.delete(oldest);
    }
    return gaveUp;
  }

  /** The node arrived: forget its failures. */
  succeeded(packed: number): void {
    const e = this.entries.get(packed);
    if (!e) return;
    if (e.retryAt === Infinity) this.given--;
    this.entries.delete(packed);
  }

  /** True while `packed` must not be requested at `now` (waiting for its back-off, or given up). */
  blocked(packed: number, now: number): boolean {
    const e = this.entries.get(packed);
    return e !== undefined && now < e.retryAt;
  }

  /** True when `packed` has been given up on. */
  givenUp(packed: number): boolean {
    return this.entries.get(packed)?.retryAt === Infinity;
  }

  /** Failed jobs of `packed` so far (0 when it has none on record). */
  failures(packed: number): number {
    return this.entries.get(packed)?.failures ?? 0;
  }

  /** Nodes on record (waiting, due, or given up). */
  get size(): number {
    return this.entries.size;
  }

  /** Nodes given up on. */
  get givenUpCount(): number {
    return this.given;
  }
}
