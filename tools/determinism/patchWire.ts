/**
 * Patch bytes in a form that crosses engines and JSON (ADR-0005, ADR-0010): every field of a
 * payload except its timings, typed arrays and numbers as the hex of their exact bytes (float64
 * bits for numbers, so -0 and NaN payloads stay distinct). Runs unchanged in Node and in a browser
 * page; a field added to PatchPayload is included without touching this file.
 */
import type { PatchPayload, PatchRequest } from '@landfall/streamer';

/** Fields that measure time, not content: they differ between any two runs. */
export const TIMING_FIELDS: readonly string[] = ['generationMs', 'generationCpuMs'];

/** A handful of patches over several bodies and levels (coarse, mid, deep; two faces each). */
export const CROSS_ENGINE_PATCHES: readonly PatchRequest[] = [
  { body: 'luna', face: 0, level: 0, x: 0, y: 0 },
  { body: 'luna', face: 2, level: 9, x: 307, y: 281 },
  { body: 'mars', face: 4, level: 5, x: 20, y: 11 },
  { body: 'mars', face: 1, level: 14, x: 9830, y: 9011 },
  { body: 'miranda', face: 3, level: 3, x: 5, y: 2 },
  { body: 'miranda', face: 5, level: 11, x: 1228, y: 1126 },
];

const hexOf = (bytes: Uint8Array): string => {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += bytes[i].toString(16).padStart(2, '0');
  return s;
};

const numberBits = new Float64Array(1);
const numberBytes = new Uint8Array(numberBits.buffer);

export type PatchWire = Record<string, string>;

export function patchWire(p: PatchPayload): PatchWire {
  const out: PatchWire = {};
  for (const [k, v] of Object.entries(p) as [string, unknown][]) {
    if (TIMING_FIELDS.includes(k)) continue;
    if (v instanceof ArrayBuffer) out[k] = `bytes:${hexOf(new Uint8Array(v))}`;
    else if (ArrayBuffer.isView(v))
      out[k] = `bytes:${hexOf(new Uint8Array(v.buffer, v.byteOffset, v.byteLength))}`;
    else if (typeof v === 'number') {
      numberBits[0] = v;
      out[k] = `f64:${hexOf(numberBytes)}`;
    } else if (typeof v === 'string') out[k] = `str:${v}`;
    else throw new TypeError(`patch field ${k} has a kind patchWire does not compare (${typeof v})`);
  }
  return out;
}

/** The first field where two wires differ, or null; readable in a failure message. */
export function firstDifference(a: PatchWire, b: PatchWire): string | null {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  for (const k of keys) {
    if (a[k] === b[k]) continue;
    const x = a[k] ?? '(missing)';
    const y = b[k] ?? '(missing)';
    let i = 0;
    while (i < x.length && x[i] === y[i]) i++;
    return `${k} differs at character ${i}: …${x.slice(i, i + 16)} vs …${y.slice(i, i + 16)}`;
  }
  return null;
}
