/**
 * The calling thread's CPU time on Linux (ADR-0010): the first field of
 * /proc/thread-self/schedstat is the nanoseconds the thread has run on a core. A worker_threads
 * Worker runs its JavaScript on its own OS thread, and a synchronous read executes on that
 * thread, so each worker reads its own clock. Null where the file is missing or unreadable.
 */
import { readFileSync } from 'node:fs';

const SCHEDSTAT = '/proc/thread-self/schedstat';

/** Reads the clock once, ms; NaN when it cannot be read. */
export function readThreadCpuMs(): number {
  try {
    const ns = Number(readFileSync(SCHEDSTAT, 'ascii').split(' ', 1)[0]);
    return Number.isFinite(ns) ? ns / 1e6 : NaN;
  } catch {
    return NaN;
  }
}

/** `readThreadCpuMs` when this platform has the clock, else null. */
export function threadCpuClock(): (() => number) | null {
  return Number.isFinite(readThreadCpuMs()) ? readThreadCpuMs : null;
}
