/**
 * Where the streamer's patches come from (ADR-0019): the persistent cache when its index holds the
 * node, else the worker pool; what the pool generates is queued for the persistent cache. A stored
 * entry that turns out unreadable or corrupt is generated instead, in the same job, so the caller
 * sees one answer per job either way. Disk reads do not take pool slots: they have their own cap,
 * DISK_READS_IN_FLIGHT.
 */
import type { PatchPayload, PatchRequest } from '../patch/PatchFormat';
import type { PatchProducer } from '../produce/PatchProducer';
import type { NodeKey } from '../quadtree/NodeKey';
import type { DiskCache } from './DiskCache';

/** Persistent-cache reads in flight at most (ADR-0019). */
export const DISK_READS_IN_FLIGHT = 32;
/** Nodes read ahead from one disk arrival at most, ≈ 50 MiB (ADR-0019). */
export const READ_AHEAD_MAX = 512;

/** A read-ahead's verdict on a stored node from its own and its parent's stored bounds. */
export type AheadJudge = (
  k: NodeKey,
  bounds: readonly number[] | undefined,
  parentBounds: readonly number[] | undefined,
) => 'skip' | 'read' | 'descend';

/** One job's answer and whether it came from the persistent cache. */
export interface Produced {
  payload: PatchPayload;
  fromDisk: boolean;
}

export class PatchSource {
  /** A job has been asked for (the first one sets the performance mark `landfall:first-request`). */
  private asked = false;

  constructor(
    private readonly producer: PatchProducer,
    readonly disk: DiskCache | null,
  ) {}

  /** The persistent cache is still opening: nothing should be asked for yet. */
  get opening(): boolean {
    return this.disk?.state === 'opening';
  }

  /** True when `req` would be read from the persistent cache. */
  onDisk(req: PatchRequest): boolean {
    return this.disk !== null && this.disk.has(req);
  }

  /**
   * Reads `req` from the persistent cache when `fromDisk`, else (or if unreadable) generates it.
   * `forView`: the view waits for it (DiskCache.read).
   */
  produce(req: PatchRequest, signal: AbortSignal, fromDisk: boolean, forView = true): Promise<Produced> {
    const disk = this.disk;
    if (!this.asked) {
      this.asked = true;
      performance.mark('landfall:first-request');
    }
    if (!fromDisk || !disk) {
      if (disk?.state === 'on') disk.noteMiss();
      return this.producer.generate(req, { signal }).then((payload) => ({ payload, fromDisk: false }));
    }
    return disk
      .read(req, forView)
      .then((payload) =>
        payload
          ? { payload, fromDisk: true }
          : this.producer.generate(req, { signal }).then((p) => ({ payload: p, fromDisk: false })),
      );
  }

  /**
   * Read-ahead: the stored subtree below `key` — breadth first, coarsest level first, following
   * only nodes the persistent cache holds, stopping below nodes `skip` names (resident, in flight:
   * their own subtree is or will be read from them) — at most `limit` and READ_AHEAD_MAX nodes.
   * Not capped by DISK_READS_IN_FLIGHT (that caps what the selection asks for): the caller submits
   * them in one task, so they share one store transaction, whatever the depth of the tree.
   * `requestOf` is the streamer's own request for a node (its level filter included), so a read
   * that fails is generated as the view would have asked for it. `keep`, when given, judges each
   * stored node from the index's bounds (ADR-0019; undefined for an entry without them) — its own
   * and its parent's: 'skip' (neither read nor descended), 'read' (read, not descended) or
   * 'descend' — so the view reads only what it can see first. Each entry says whether its own
   * subtree was to be followed (false: judged 'read', or at the depth cap).
   */
  storedSubtree(
    key: NodeKey,
    requestOf: (k: NodeKey) => PatchRequest,
    skip: (packed: number) => boolean,
    limit: number,
    keep?: AheadJudge,
  ): [NodeKey, PatchRequest, boolean][] {
    const out: [NodeKey, PatchRequest, boolean][] = [];
    const disk = this.disk;
    if (!disk || disk.state !== 'on') return out;
    const max = Math.min(limit, READ_AHEAD_MAX);
    const frontier = [key];
    for (let i = 0; i < frontier.length && out.length < max; i++) {
      const parentBounds = keep && disk.boundsOf(requestOf(frontier[i]));
      for (const k of frontier[i].children()) {
        if (out.length >= max) break;
        const req = requestOf(k);
        if (skip(k.packed) || !disk.has(req)) continue;
        const verdict = keep ? keep(k, disk.boundsOf(req), parentBounds) : 'descend';
        if (verdict === 'skip') continue;
        const descend = verdict === 'descend' && k.level < this.maxLevel;
        out.push([k, req, descend]);
        if (descend) frontier.push(k);
      }
    }
    return out;
  }

  /** Deepest level read ahead (the streamer's depth cap). */
  maxLevel = Infinity;

  /** Queues a generated payload for the persistent cache. */
  generated(req: PatchRequest, payload: PatchPayload): void {
    this.disk?.write(req, payload);
  }

  /** Writes what is queued, then closes the persistent cache. */
  dispose(): void {
    const disk = this.disk;
    if (disk) void disk.flush().finally(() => disk.close());
  }
}
