/**
 * One stored patch as bytes (ADR-0019): a fixed little-endian header, the vertex buffer as-is
 * (ADR-0009 layout) and the address and body as UTF-8, padded to whole 32-bit words, with a
 * checksum over every byte after the checksum field. `decodePatch` returns null for anything
 * that is not a whole, intact entry of this format for the node asked for (torn, corrupt, another
 * format or another node), so a bad entry is never drawn.
 *
 * Header (byte offsets): 0 magic u32 · 4 checksum u32 · 8 total length u32 · 12 format u16 ·
 * 14 face u8 · 15 level u8 · 16 x u32 · 20 y u32 · 24 morphScale · 32 minHeight · 40 maxHeight ·
 * 48 boundingRadius · 56 generationMs · 64 generationCpuMs (f64 each) · 72 anchor f64×3 ·
 * 96 edgeBounds f64×16 · 224 vertex bytes u32 · 228 address bytes u16 · 230 body bytes u16 ·
 * 232 vertices · then address, body, zero padding.
 */
import type { PatchPayload } from '../patch/PatchFormat';

/** Version of the stored-patch encoding; a change makes every older entry a miss (ADR-0019). */
export const PATCH_STORE_FORMAT = 1;
/** "LFP1" read as a little-endian u32. */
const MAGIC = 0x3150464c;
const HEADER = 232;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * FNV-1a (Fowler–Noll–Vo) over 32-bit little-endian words, from byte `from` to the end (a multiple
 * of 4 long). Reference: FNV-1a, http://www.isthe.com/chongo/tech/comp/fnv/ (word-wise variant).
 */
export function wordChecksum(bytes: Uint8Array, from: number): number {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset + from, (bytes.byteLength - from) >> 2);
  let h = 0x811c9dc5;
  for (let i = 0; i < words.length; i++) h = Math.imul(h ^ words[i], 0x01000193);
  return h >>> 0;
}

/** The stored bytes of `p` (a fresh buffer; `p` is not changed). */
export function encodePatch(p: PatchPayload): Uint8Array {
  const addr = encoder.encode(p.address);
  const body = encoder.encode(p.body);
  const vbytes = p.vertices.byteLength;
  const total = (HEADER + vbytes + addr.length + body.length + 3) & ~3;
  const out = new Uint8Array(total);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, MAGIC, true);
  dv.setUint32(8, total, true);
  dv.setUint16(12, PATCH_STORE_FORMAT, true);
  dv.setUint8(14, p.face);
  dv.setUint8(15, p.level);
  dv.setUint32(16, p.x, true);
  dv.setUint32(20, p.y, true);
  const scalars = [
    p.morphScale,
    p.minHeight,
    p.maxHeight,
    p.boundingRadius,
    p.generationMs,
    p.generationCpuMs,
  ];
  for (let i = 0; i < 6; i++) dv.setFloat64(24 + 8 * i, scalars[i], true);
  for (let i = 0; i < 3; i++) dv.setFloat64(72 + 8 * i, p.anchor[i], true);
  for (let i = 0; i < 16; i++) dv.setFloat64(96 + 8 * i, p.edgeBounds[i], true);
  dv.setUint32(224, vbytes, true);
  dv.setUint16(228, addr.length, true);
  dv.setUint16(230, body.length, true);
  out.set(new Uint8Array(p.vertices), HEADER);
  out.set(addr, HEADER + vbytes);
  out.set(body, HEADER + vbytes + addr.length);
  dv.setUint32(4, wordChecksum(out, 8), true);
  return out;
}

/** The node an entry must hold. */
export interface PatchNode {
  body: string;
  face: number;
  level: number;
  x: number;
  y: number;
}

/** The payload stored in `bytes`, or null when the entry is not an intact one for `node`. */
export function decodePatch(stored: Uint8Array, node: PatchNode): PatchPayload | null {
  if (!(stored instanceof Uint8Array) || stored.byteLength < HEADER || stored.byteLength % 4 !== 0)
    return null;
  // The word checksum reads 32-bit words: realign a view that does not start on one.
  const bytes = stored.byteOffset % 4 === 0 ? stored : stored.slice();
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (dv.getUint32(0, true) !== MAGIC || dv.getUint32(8, true) !== bytes.byteLength) return null;
  if (dv.getUint16(12, true) !== PATCH_STORE_FORMAT) return null;
  if (dv.getUint32(4, true) !== wordChecksum(bytes, 8)) return null;
  const vbytes = dv.getUint32(224, true);
  const alen = dv.getUint16(228, true);
  const blen = dv.getUint16(230, true);
  if (HEADER + vbytes + alen + blen > bytes.byteLength) return null;
  const face = dv.getUint8(14);
  const level = dv.getUint8(15);
  const x = dv.getUint32(16, true);
  const y = dv.getUint32(20, true);
  const at = HEADER + vbytes;
  const body = decoder.decode(bytes.subarray(at + alen, at + alen + blen));
  if (face !== node.face || level !== node.level || x !== node.x || y !== node.y || body !== node.body) {
    return null;
  }
  const f = (o: number) => dv.getFloat64(o, true);
  const anchor = new Float64Array(3);
  for (let i = 0; i < 3; i++) anchor[i] = f(72 + 8 * i);
  const edgeBounds = new Float64Array(16);
  for (let i = 0; i < 16; i++) edgeBounds[i] = f(96 + 8 * i);
  const start = bytes.byteOffset + HEADER;
  return {
    address: decoder.decode(bytes.subarray(at, at + alen)),
    body,
    face,
    level,
    x,
    y,
    anchor,
    vertices: bytes.buffer.slice(start, start + vbytes) as ArrayBuffer,
    morphScale: f(24),
    minHeight: f(32),
    maxHeight: f(40),
    boundingRadius: f(48),
    generationMs: f(56),
    generationCpuMs: f(64),
    edgeBounds,
  };
}
