/** The persistent cache's and the look-around ring's part of the streamer counters (ADR-0019). */
import type { DiskCache } from '../persist/DiskCache';
import type { LookAroundRing } from './LookAroundRing';
import type { StreamerCounters } from './StreamerCounters';

type DiskAndRing = Pick<
  StreamerCounters,
  | 'diskState'
  | 'diskHits'
  | 'diskMisses'
  | 'diskCorrupt'
  | 'diskWrites'
  | 'diskBytes'
  | 'diskEntries'
  | 'diskMessage'
  | 'diskPending'
  | 'diskDropped'
  | 'diskOpenMs'
  | 'diskReadBatches'
  | 'diskViewReadBatches'
  | 'diskReadMs'
  | 'diskDecodeMs'
  | 'ringLeaves'
  | 'ringCoverage'
  | 'ringComplete'
  | 'ringBytes'
>;

/** Disk and ring figures now; `on` says whether the ring is held. */
export function diskAndRingCounters(disk: DiskCache | null, ring: LookAroundRing, on: boolean): DiskAndRing {
  const d = disk?.counters();
  const leaves = on ? ring.leaves.length : 0;
  return {
    diskState: d ? d.state : 'none',
    diskHits: d?.hits ?? 0,
    diskMisses: d?.misses ?? 0,
    diskCorrupt: d?.corrupt ?? 0,
    diskWrites: d?.writes ?? 0,
    diskBytes: d?.bytes ?? 0,
    diskEntries: d?.entries ?? 0,
    diskMessage: d?.message ?? '',
    diskPending: d?.pending ?? 0,
    diskDropped: d?.dropped ?? 0,
    diskOpenMs: d?.openMs ?? 0,
    diskReadBatches: d?.readBatches ?? 0,
    diskViewReadBatches: d?.viewReadBatches ?? 0,
    diskReadMs: d?.readMs ?? 0,
    diskDecodeMs: d?.decodeMs ?? 0,
    ringLeaves: leaves,
    // Share of the ring's drawn nodes at their wanted detail (not starved); 0 while not held.
    ringCoverage: leaves > 0 ? (leaves - ring.starved) / (leaves + ring.wanted.length) : 0,
    ringComplete: on && ring.complete,
    ringBytes: on ? ring.bytes : 0,
  };
}
