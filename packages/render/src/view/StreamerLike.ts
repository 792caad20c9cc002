/**
 * What render needs from a streamer (the `@landfall/streamer` contract, ADR-0008/0009/0010),
 * stated structurally so `PlanetView` depends on these members only. The real `Streamer` is the
 * one implementation; a main-thread fallback is that streamer over `inProcessWorkerFactory`.
 */
import type { PatchEvent, ViewState } from '@landfall/streamer';
import type { DrawItem } from '../patch/PatchMeshes';

export interface StreamerCountersLike {
  drawn: number;
  resident: number;
  inFlight: number;
  starved: number;
  /** Wanted patches not yet handed to the pool. */
  queued: number;
  /** Patches generated and accepted into the cache (cumulative). */
  generated: number;
  /** Persistent cache and look-around ring (ADR-0019), for the HUD's debug line. */
  diskState: 'none' | 'opening' | 'on' | 'off';
  diskHits: number;
  diskMisses: number;
  diskCorrupt: number;
  diskBytes: number;
  diskMessage: string;
  ringLeaves: number;
  ringCoverage: number;
  ringComplete: boolean;
  ringGenerated: number;
  ringBytes: number;
}

export interface StreamerLike {
  update(view: ViewState): void;
  drawSet(): readonly DrawItem[];
  counters(): StreamerCountersLike;
  /** Nothing requested, nothing starved, selection stable. */
  readonly fixedPoint: boolean;
  /** Finest mesh spacing the body is refined to, m (NaN while the detail floor is probed). */
  readonly detailFloor: number;
  /** The worker pool's rock query (`Streamer.rocksNear`, ADR-0013); absent: rocks resolve here. */
  rocksNear?(
    eye: readonly number[],
    ranges: readonly number[],
    signal?: AbortSignal,
  ): Promise<Float64Array | null>;
  /** Listens for each patch the streamer evicts (its meshes go with it); returns the unsubscribe. */
  on(type: 'evicted', listener: (event: PatchEvent) => void): () => void;
  /** Also hold the 360° look-around ring around the eye (ADR-0019). */
  lookAround: boolean;
  dispose(): void;
}
