/**
 * The last rock query of a world, kept in the persistent cache (ADR-0019): a warm reload at the
 * same stance reads its rocks instead of resolving them again in a worker (≈ 1.6 s of one core
 * under load here, competing with the patches' read). One record per world (`ROCKS_RECORD`),
 * overwritten by each new query, so walking around stores nothing more.
 *
 * Layout, float64: [ROCKS_MAGIC, checksum, eye x y z, ranges (one per size class), n, rocks (n)].
 * The checksum (FNV-1a over the 32-bit words after it) and the query (eye and ranges, compared
 * bit for bit) must both match, else the record is ignored and the rocks are resolved again.
 */
import { wordChecksum } from './patchCodec';

/** Name of the stored rock query in a world's namespace. */
export const ROCKS_RECORD = 'rocksNear';
/** Marks a stored rock query (format 1). */
const ROCKS_MAGIC = 0x524f434b01;

/** The record of rocks `packed` answering (`eye`, `ranges`). */
export function packStoredRocks(
  packed: Float64Array,
  eye: ArrayLike<number>,
  ranges: ArrayLike<number>,
): Float64Array {
  const head = 6 + ranges.length;
  const out = new Float64Array(head + packed.length);
  out[0] = ROCKS_MAGIC;
  out[2] = eye[0];
  out[3] = eye[1];
  out[4] = eye[2];
  for (let i = 0; i < ranges.length; i++) out[5 + i] = ranges[i];
  out[5 + ranges.length] = packed.length;
  out.set(packed, head);
  out[1] = checksumOf(out);
  return out;
}

/** The rocks of `stored` when it is whole and answers exactly (`eye`, `ranges`); else null. */
export function unpackStoredRocks(
  stored: Float64Array | null,
  eye: ArrayLike<number>,
  ranges: ArrayLike<number>,
): Float64Array | null {
  const head = 6 + ranges.length;
  if (!stored || stored.length < head || stored[0] !== ROCKS_MAGIC) return null;
  if (stored[5 + ranges.length] !== stored.length - head) return null;
  if (stored[1] !== checksumOf(stored)) return null;
  for (let i = 0; i < 3; i++) if (!Object.is(stored[2 + i], eye[i])) return null;
  for (let i = 0; i < ranges.length; i++) if (!Object.is(stored[5 + i], ranges[i])) return null;
  return stored.slice(head);
}

function checksumOf(rec: Float64Array): number {
  return wordChecksum(new Uint8Array(rec.buffer, rec.byteOffset, rec.byteLength), 16);
}
