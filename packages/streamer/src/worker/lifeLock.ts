/**
 * Worker life locks (ADR-0010). A browser tells a page nothing when its module worker ends —
 * `terminate()` from outside, or the browser killing it — and comlink's pending promise then never
 * settles. A Web Lock is released when the context holding it ends, so the worker holds a lock
 * named for it for its whole life and the page queues a request for the same name: the request is
 * granted exactly when the worker is gone. Web Locks exist only in secure contexts; without them
 * the pool's job deadline is the only detector of a silent death.
 */

/** Worker side: takes the lock `name` for the rest of this worker's life; resolves once held. */
export function holdLifeLock(locks: LockManager, name: string): Promise<void> {
  return new Promise<void>((held, fail) => {
    locks
      .request(name, () => {
        held();
        return new Promise<never>(() => undefined);
      })
      .catch(fail);
  });
}

/**
 * Page side: calls `onEnd` once the worker holding `name` has ended. Abort `signal` before
 * terminating the worker yourself (the end is then not reported).
 */
export function watchLifeLock(
  locks: LockManager,
  name: string,
  signal: AbortSignal,
  onEnd: () => void,
): void {
  locks
    .request(name, { signal }, () => {
      if (!signal.aborted) onEnd();
    })
    .catch(() => undefined); // AbortError: the page terminated the worker itself
}

/** A lock name unique across this origin's pages and workers. */
export function lifeLockName(): string {
  return `landfall-worker-life-${crypto.randomUUID()}`;
}
