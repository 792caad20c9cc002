/**
 * What render needs from a streamer (the `@landfall/streamer` contract, ADR-0008/0009), stated
 * structurally so `PlanetView` takes the real `Streamer` or a stand-in for tests.
 */
import type { ViewState } from '@landfall/streamer';
import type { DrawItem } from '../patch/PatchMeshes';

export interface StreamerCountersLike {
  drawn: number;
  resident: number;
  inFlight: number;
  starved: number;
  queued?: number;
  generated?: number;
}

export interface StreamerLike {
  update(view: ViewState): void;
  drawSet(): readonly DrawItem[];
  counters(): StreamerCountersLike;
  /** Nothing requested, nothing starved, selection stable. */
  readonly fixedPoint: boolean;
  /** Finest level the body's detail floor allows, or a metre figure (display only). */
  readonly detailFloor?: number;
  sharedIndices?(): Uint16Array | Uint32Array;
  onEvicted?(cb: (evicted: { address: string } | string) => void): unknown;
  dispose(): void;
}
