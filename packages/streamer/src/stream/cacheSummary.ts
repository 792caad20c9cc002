/**
 * One line on the persistent cache and the look-around ring for the apps' HUD debug blocks
 * (ADR-0019), from the streamer counters.
 */
import type { StreamerCounters } from './StreamerCounters';

/** Fields of the counters the line reads (structural, so a `StreamerCountersLike` will do). */
export type CacheSummaryCounters = Pick<
  StreamerCounters,
  | 'diskState'
  | 'diskHits'
  | 'diskMisses'
  | 'diskCorrupt'
  | 'diskBytes'
  | 'diskMessage'
  | 'ringLeaves'
  | 'ringCoverage'
  | 'ringComplete'
  | 'ringGenerated'
  | 'ringBytes'
>;

const mib = (b: number) => `${(b / 1048576).toFixed(1)} MiB`;

/** e.g. "disk on 412 hits / 3 misses / 0 corrupt, 41.9 MiB · ring 100 % (96 nodes, 9.3 MiB)". */
export function cacheSummary(c: CacheSummaryCounters): string {
  const disk =
    c.diskState === 'on'
      ? `disk on ${c.diskHits} hits / ${c.diskMisses} misses / ${c.diskCorrupt} corrupt, ${mib(c.diskBytes)}`
      : c.diskState === 'off' && c.diskMessage
        ? `disk off (${c.diskMessage})`
        : `disk ${c.diskState}`;
  const ring =
    c.ringLeaves > 0
      ? `ring ${Math.round(100 * c.ringCoverage)} %${c.ringComplete ? ' ready' : ''} (${c.ringLeaves} nodes, +${c.ringGenerated} generated, ${mib(c.ringBytes)})`
      : 'ring off';
  return `${disk} · ${ring}`;
}
