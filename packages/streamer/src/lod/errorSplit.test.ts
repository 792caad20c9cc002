// The error-driven split (issue #12, ADR-0008) over fake payloads whose only difference is their
// largest morph delta: the split distance follows the delta between its clamps (the expected
// values computed here from the ADR's formula, not read from LodRanges), rough ground refines
// deeper than smooth ground at the same eye, and every drawn child's morph range ends at the
// distance its parent split at and starts where the child itself may split (no pop either way).
import { describe, expect, it } from 'vitest';
import { directionToFace, getBody } from '@landfall/universe';
import { OFFSET_MORPH, PATCH_VERTEX_BYTES, type PatchPayload } from '../patch/PatchFormat';
import { lookAtView } from '../stream/lookAtView';
import { DrawSetBuilder } from '../stream/DrawSetBuilder';
import { Culler } from './Culler';
import { nodeGeometry, nodeSphere } from './NodeGeometry';
import { NodeKey } from '../quadtree/NodeKey';
import { Selector } from './Selector';
import { balance } from './balance';
import { refineNode } from './refineNode';
import {
  COARSEST_CELL_PIXELS,
  DENSEST_CELL_PIXELS,
  ERROR_PER_MORPH_DELTA,
  errorSplitDistance,
  MORPH_START_FRACTION,
  type LodParams,
} from './LodRanges';

const body = getBody('luna');
const R = body.radius;
const RELIEF = 50;

/**
 * A payload on node `key` whose largest morph delta is `deltaM` m (one vertex; the rest 0), its
 * bounds ±`relief` m about the sphere.
 */
function fakePayload(key: NodeKey, deltaM: number, relief = RELIEF): PatchPayload {
  const s = nodeSphere(nodeGeometry(key), R - relief, R + relief, new Float64Array(4));
  const vertices = new ArrayBuffer(PATCH_VERTEX_BYTES);
  new DataView(vertices).setInt16(OFFSET_MORPH, 32767, true);
  return {
    address: key.address('luna'),
    face: key.face,
    level: key.level,
    x: key.x,
    y: key.y,
    anchor: s.subarray(0, 3).slice(),
    boundingRadius: s[3],
    minHeight: -relief,
    maxHeight: relief,
    vertices,
    morphScale: deltaM / 32767,
  } as unknown as PatchPayload;
}

const FOCAL = 700;
const lod = (ssePixels: number): LodParams => ({
  shellRadius: R + RELIEF,
  cellPixels: 10,
  focal: FOCAL,
  ssePixels,
});

describe('error-driven split', () => {
  it('splits at ERROR_PER_MORPH_DELTA · δ · focal / target between the coarsest and densest cell', () => {
    const p = lod(4);
    for (const level of [3, 9, 15]) {
      const cellFocal = ((2 * (R + RELIEF)) / 2 ** level / 64) * FOCAL;
      const mid = (cellFocal / 8 / FOCAL) * (4 / ERROR_PER_MORPH_DELTA);
      expect(errorSplitDistance(p, level, mid)).toBeCloseTo(cellFocal / 8, 6);
      expect(errorSplitDistance(p, level, 0)).toBeCloseTo(cellFocal / COARSEST_CELL_PIXELS, 6);
      expect(errorSplitDistance(p, level, 1e9)).toBeCloseTo(cellFocal / DENSEST_CELL_PIXELS, 6);
    }
  });

  /** Selects and builds the draw set of a view 200 m over Luna with every payload of delta `rough` × cell. */
  function drawSetFor(rough: number | ((level: number) => number), ssePixels = 4) {
    const roughAt = typeof rough === 'number' ? () => rough : rough;
    const payloadOf = (packed: number) => {
      const k = NodeKey.fromPacked(packed);
      const cell = (Math.PI / 2 / 64) * (R / 2 ** k.level);
      return fakePayload(k, roughAt(k.level) * cell);
    };
    const sel = new Selector({ lod: lod(ssePixels), maxLevel: 16, radius: R, maxRelief: RELIEF, payloadOf });
    const up = [0.48, 0.6, 0.64];
    const eye = up.map((u) => u * (R + 200));
    const view = lookAtView({
      eye,
      target: eye.map((e, i) => e - up[i] * 100 + (i === 0 ? 60 : 0)),
      up: [0, 0, 1],
      fovY: 1,
      width: 400,
      height: 300,
    });
    return { sel, ...selectAndDraw(sel, view) };
  }

  it('refines rough ground deeper than smooth ground from the same eye', () => {
    const rough = drawSetFor(0.3);
    const smooth = drawSetFor(0.02);
    const deepest = (l: { payload: PatchPayload }[]) => Math.max(...l.map((d) => d.payload.level));
    console.log(
      `[error split] rough: ${rough.list.length} drawn, deepest ${deepest(rough.list)}; smooth: ${smooth.list.length}, deepest ${deepest(smooth.list)}`,
    );
    expect(deepest(rough.list)).toBeGreaterThan(deepest(smooth.list));
    expect(rough.list.length).toBeGreaterThan(smooth.list.length);
  });

  it("a child's morph range is [F · S_parent, S_parent] and it splits only below F · S_parent", () => {
    // Smooth above level 8, rough below: children rougher than their parents, so the parent term binds.
    const { sel, res, list } = drawSetFor((level) => (level < 8 ? 0.02 : 0.3));
    let children = 0;
    for (const d of list) {
      const n = sel.peek(new NodeKey(d.payload.face, d.payload.level, d.payload.x, d.payload.y).packed);
      const up = n?.parent;
      if (!n || !up) continue;
      children++;
      expect(d.morphEnd).toBe(up.splitS);
      expect(d.morphStart).toBe(MORPH_START_FRACTION * up.splitS);
    }
    expect(children).toBeGreaterThan(10);
    // Every split node's split distance is at most F times its parent's (it is unmorphed by then).
    let bound = 0;
    for (const n of res.split) {
      if (!n.parent || n.splitSAt !== res.stamp) continue;
      expect(n.splitS).toBeLessThanOrEqual(MORPH_START_FRACTION * n.parent.splitS);
      if (n.splitS === MORPH_START_FRACTION * n.parent.splitS) bound++;
    }
    expect(bound).toBeGreaterThan(0);
  });

  it('without a target the split is the fixed S(l) (cellPixels) and the ranges are per level', () => {
    const a = drawSetFor(0.3, 0);
    const b = drawSetFor(0.02, 0);
    expect(a.list.map((d) => d.payload.address)).toEqual(b.list.map((d) => d.payload.address));
    expect(
      new Set(a.list.filter((d) => d.payload.level === 10).map((d) => d.morphEnd)).size,
    ).toBeLessThanOrEqual(1);
  });
});

/** Selects from the view, balances 2:1 and builds the draw set, as the streamer does. */
function selectAndDraw(sel: Selector, view: ReturnType<typeof lookAtView>) {
  const culler = new Culler();
  culler.setView(view.eye, view.viewProjection, R - RELIEF);
  const res = sel.select(culler, null);
  balance(sel, res, (a) => refineNode(sel, culler, a, res));
  const builder = new DrawSetBuilder();
  builder.setLod(sel.lod);
  return { culler, res, list: builder.build(res, sel, view.eye) };
}

describe('the ground under the eye', () => {
  it('is drawn looking at the horizon from 6 m, although its deepest patch lies below the frustum', () => {
    const payloadOf = (packed: number) => {
      const k = NodeKey.fromPacked(packed);
      // Flat ground (±0.1 m) so that the deep patches' bounds are tight, as real ones are there.
      return fakePayload(k, 0.3 * (Math.PI / 2 / 64) * (R / 2 ** k.level), 0.1);
    };
    const sel = new Selector({ lod: lod(4), maxLevel: 20, radius: R, maxRelief: RELIEF, payloadOf });
    const up = [0.48, 0.6, 0.64];
    const eye = up.map((u) => u * (R + 6));
    // Level: a tangent (up × z), 60° field: the lower plane meets the ground ~10 m ahead and
    // passes 6 cos 30° ≈ 5.2 m from the ground under the eye.
    const t = [up[1], -up[0], 0].map((v) => v / Math.hypot(up[0], up[1]));
    const view = lookAtView({
      eye,
      target: eye.map((e, i) => e + 1000 * t[i]),
      up,
      fovY: Math.PI / 3,
      width: 400,
      height: 300,
    });
    const { culler, list } = selectAndDraw(sel, view);
    // The node under the eye at each level, from the cube mapping (not from the culler).
    const fc = directionToFace({ x: up[0], y: up[1], z: up[2] }, { face: 0, s: 0, t: 0 });
    const holds = (p: PatchPayload) => {
      const n = 2 ** p.level;
      return (
        p.face === fc.face &&
        Math.floor(((fc.s + 1) / 2) * n) === p.x &&
        Math.floor(((fc.t + 1) / 2) * n) === p.y
      );
    };
    const under = list.filter((d) => holds(d.payload));
    expect(under).toHaveLength(1);
    const p = under[0].payload;
    console.log(`[under eye] level ${p.level} of ${Math.max(...list.map((d) => d.payload.level))} drawn`);
    // It is out of view: without the under-eye rule it would be culled.
    expect(culler.inFrustum(p.anchor[0], p.anchor[1], p.anchor[2], p.boundingRadius)).toBe(false);
  });
});
