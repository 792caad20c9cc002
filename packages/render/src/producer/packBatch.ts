/**
 * The CPU side of one GPU batch (ADR-0020 item 22), pure: the patches' float64 directions, each
 * stage set's domain-split words, the band, ladder, micro-crater, grit and arc packing, the compose
 * kernel's parameters and the cover records. `GpuPatchProducer` runs it in its pack worker
 * (`packWorker.ts`) so the page's main thread only records and submits the dispatches; where a
 * worker cannot start, on the page itself. Either way the same function makes the same words, so
 * a vertex two patches share reaches every kernel as the same bits.
 */
import { getBody, patchDirections, PLACE_CANYON_FILTER_CELLS, type Body } from '@landfall/universe';
import { PATCH_GRID } from '@landfall/streamer';
import { bandsBatch, type BandsBatch } from './GpuBands';
import { coverRecords } from './GpuCover';
import { gritBatch, type GritBatch } from './GpuGrit';
import { ladderBatch, type LadderBatch } from './GpuLadder';
import { microBatch, type MicroBatch } from './GpuMicroCraters';
import { arcBatch } from './GpuArcs';
import { positionWords } from './domainSplit';
import { placeRecords } from './GpuPlaces';

const G = PATCH_GRID;
const N = G * G;
const H = (G + 1) / 2;

/** One patch of a batch, as the worker receives it (a body id: bodies do not cross threads). */
export interface PackRequest {
  body: string;
  face: number;
  level: number;
  x: number;
  y: number;
  /** The level filter, m (0: unfiltered). */
  filterM: number;
}

/** One stage set packed: every stage's batch over the same words, and the compose kernel's inputs. */
export interface PackedSet {
  samplesPerPatch: number;
  patchCount: number;
  /** The domain-split words (`positionWords`), bound to every stage. */
  words: Float32Array;
  bands: BandsBatch;
  ladder: LadderBatch;
  micro: MicroBatch;
  grit: GritBatch;
  /** Compose kernel: its uniform words, the body's place records, the per-patch arc batch. */
  params: Uint32Array;
  places: Float32Array;
  arcs: Float32Array;
}

export interface PackedBatch {
  /** Each patch's unit directions (G² × 3, float64): the assembler's anchors. */
  dirs: Float64Array[];
  /** Whether each patch has a parent surface (level > 0 and a filter), and its slot in `parent`. */
  filtered: boolean[];
  parentOf: number[];
  own: PackedSet;
  parent: PackedSet | null;
  /** The cover records (`coverRecords`) of the own set. */
  cover: ArrayBuffer;
}

/** Whether `body`'s ladder is blended into a young unit by its band flooding (units.ts `plainWeightD`). */
export function hasUnitBlend(body: Body): boolean {
  return body.grammar.flooding !== 0 && body.grammar.lowlandUnit;
}

/** The even/even vertices' directions (H × H) of a patch's G × G. */
function evenDirections(dirs: Float64Array): Float64Array {
  const even = new Float64Array(3 * H * H);
  for (let j = 0; j < H; j++)
    for (let i = 0; i < H; i++)
      for (let q = 0; q < 3; q++) even[3 * (j * H + i) + q] = dirs[3 * (2 * j * G + 2 * i) + q];
  return even;
}

function packSet(
  patches: readonly { body: Body; dirs: Float64Array; filterM: number }[],
  samplesPerPatch: number,
): PackedSet {
  const words = positionWords(patches, samplesPerPatch);
  const body = patches[0].body;
  const f = new Float32Array([body.radius, body.grammar.maxReliefM]);
  const u = new Uint32Array(f.buffer);
  const places = placeRecords(body);
  return {
    samplesPerPatch,
    patchCount: patches.length,
    words,
    bands: bandsBatch(patches, samplesPerPatch, words),
    ladder: ladderBatch(patches, samplesPerPatch, words),
    micro: microBatch(patches, samplesPerPatch, words),
    grit: gritBatch(patches, samplesPerPatch, words),
    params: new Uint32Array([
      samplesPerPatch,
      samplesPerPatch * patches.length,
      u[0],
      u[1],
      hasUnitBlend(body) ? 1 : 0,
      places.count,
      places.albedo,
      0,
    ]),
    places: places.data,
    // Per patch the canyon walls' level-filter width (placeStage.ts filterChord) and Mercury's arcs.
    arcs: arcBatch(
      patches.map((p) => ({
        body: p.body,
        dirs: p.dirs,
        filterChord: p.filterM > 0 ? (PLACE_CANYON_FILTER_CELLS * p.filterM) / p.body.radius : 0,
      })),
    ),
  };
}

/** The packed batch of `requests` (one body, checked by the caller). */
export function packBatch(requests: readonly PackRequest[]): PackedBatch {
  const body = getBody(requests[0].body);
  const own: { body: Body; dirs: Float64Array; filterM: number }[] = [];
  const parents: { body: Body; dirs: Float64Array; filterM: number }[] = [];
  const filtered: boolean[] = [];
  const parentOf: number[] = [];
  for (const r of requests) {
    const dirs = patchDirections(r.face, r.level, r.x, r.y, G, 0, new Float64Array(3 * N));
    const hasParent = r.level > 0 && r.filterM > 0;
    own.push({ body, dirs, filterM: r.filterM });
    filtered.push(hasParent);
    parentOf.push(hasParent ? parents.length : -1);
    if (hasParent) parents.push({ body, dirs: evenDirections(dirs), filterM: 2 * r.filterM });
  }
  return {
    dirs: own.map((p) => p.dirs),
    filtered,
    parentOf,
    own: packSet(own, N),
    parent: parents.length > 0 ? packSet(parents, H * H) : null,
    cover: coverRecords(own),
  };
}

/**
 * The buffers of `p` a worker may hand over without copying: every one `packBatch` made fresh
 * (each once); not the body's cached place records, which the worker keeps.
 */
export function packTransfers(p: PackedBatch): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  const add = (b: ArrayBufferLike): void => {
    if (b instanceof ArrayBuffer) out.add(b);
  };
  p.dirs.forEach((d) => add(d.buffer));
  add(p.cover);
  for (const s of [p.own, p.parent]) {
    if (!s) continue;
    for (const b of [
      s.words.buffer,
      s.bands.records,
      s.ladder.patches,
      s.ladder.rungs,
      s.ladder.candidates.buffer,
      s.micro.plans,
      s.micro.records,
      s.grit.records,
      s.params.buffer,
      s.arcs.buffer,
    ])
      add(b);
  }
  return [...out];
}
