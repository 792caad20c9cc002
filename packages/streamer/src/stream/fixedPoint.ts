/**
 * The streamer's fixed point and the first reason it is not reached (ADR-0010). Every request of a
 * selection is wanted (scheduled or waiting for a pool slot), in flight, or held by the retry book,
 * so these checks together also mean "no request".
 */
import type { FixedPointBlocker } from './StreamerCounters';

/** What the fixed point depends on after one update. */
export interface FixedPointState {
  capKnown: boolean;
  /** Jobs in the pool or arrived and not yet integrated. */
  jobs: number;
  /** Distinct wanted nodes neither resident nor held by the retry book. */
  wanted: number;
  /** Wanted nodes waiting for a retry back-off. */
  retryWaiting: number;
  /** Wanted nodes held by the retry book (waiting or given up). */
  held: number;
  starved: number;
  /** The draw set equals the previous update's. */
  stable: boolean;
}

/** The first blocker of `s` ('none' = fixed point). */
export function fixedPointBlocker(s: FixedPointState): FixedPointBlocker {
  if (!s.capKnown) return 'detailFloor';
  if (s.jobs > 0) return 'inFlight';
  if (s.wanted > 0) return 'requests';
  if (s.retryWaiting > 0) return 'retryWaiting';
  if (s.held > 0) return 'failed';
  if (s.starved > 0) return 'starved';
  return s.stable ? 'none' : 'drawSetChanging';
}
