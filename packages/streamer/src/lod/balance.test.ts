// Random trees: selection + 2:1 balance over random views and random residency. Invariants:
// leaves are disjoint; every child of a split node is drawn, split, or culled (never a hole); the
// 2:1 balance holds across face edges and corners; edge morph overrides pair up (fine side 1,
// coarse side 0, same level free); every drawn node is resident.
import { describe, expect, it } from 'vitest';
import { getBody } from '@landfall/universe';
import type { PatchPayload } from '../patch/PatchFormat';
import { lookAtView } from '../stream/lookAtView';
import { Culler } from './Culler';
import { nodeGeometry, nodeSphere } from './NodeGeometry';
import { NodeKey } from '../quadtree/NodeKey';
import { emptySelection, Selector, type NodeInfo, type SelectionResult } from './Selector';
import { balance, edgeMorph, EDGE_MORPH_FREE, type EdgeMorph } from './balance';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const body = getBody('luna');
const R = body.radius;

function fakePayload(key: NodeKey): PatchPayload {
  const s = nodeSphere(nodeGeometry(key), R - 50, R + 50, new Float64Array(4));
  return {
    anchor: s.subarray(0, 3).slice(),
    boundingRadius: s[3],
    minHeight: -50,
    maxHeight: 50,
  } as unknown as PatchPayload;
}

describe('selection and 2:1 balance on random trees', { timeout: 60000 }, () => {
  it('keeps every invariant over 120 random views and residencies', () => {
    const rand = rng(99);
    let steps = 0;
    let starvedTotal = 0;
    let forced = 0;
    let levelSteps = 0;
    for (let trial = 0; trial < 120; trial++) {
      // Random residency: roots always; a child with probability p if its parent is resident.
      const p = 0.6 + 0.4 * rand();
      const resident = new Map<number, PatchPayload | null>();
      const lookup = (packed: number): PatchPayload | undefined => {
        if (!resident.has(packed)) {
          const key = NodeKey.fromPacked(packed);
          const parent = key.parent();
          const parentOk = !parent || lookup(parent.packed) !== undefined;
          resident.set(packed, parentOk && (key.level === 0 || rand() < p) ? fakePayload(key) : null);
        }
        return resident.get(packed) ?? undefined;
      };
      const sel = new Selector({
        lod: { shellRadius: R + body.grammar.maxReliefM, cellPixels: 16, focal: 500 + 2000 * rand() },
        maxLevel: 12,
        radius: R,
        maxRelief: body.grammar.maxReliefM,
        payloadOf: lookup,
      });
      const dir = [rand() - 0.5, rand() - 0.5, rand() - 0.5];
      const l = Math.hypot(dir[0], dir[1], dir[2]);
      const alt = 10 ** (1 + 5 * rand());
      const eye = dir.map((v) => (v / l) * (R + alt));
      const look = [rand() - 0.5, rand() - 0.5, rand() - 0.5];
      const target = eye.map((v, i) => v + look[i] * 1000 - (dir[i] / l) * alt * rand());
      const view = lookAtView({ eye, target, up: dir, fovY: 0.5 + 1.5 * rand(), width: 800, height: 600 });
      const culler = new Culler();
      culler.setView(view.eye, view.viewProjection, R - body.grammar.maxReliefM);
      const res = sel.select(culler, null);
      const stats = balance(sel, res, (a) => {
        const missing = sel.wantChildren(a, a.payload as PatchPayload, culler, res, -1);
        if (missing > 0) return null;
        return sel.visibleKids === 0 ? [] : sel.children(a).filter((c) => c.payload !== null);
      });
      forced += stats.forcedSplits + stats.collapses;
      starvedTotal += res.starved;
      const leaves = new Set(res.leaves.map((n) => n.key.packed));
      const split = new Set(res.split.filter((n) => sel.isSplit(n)).map((n) => n.key.packed));
      for (const n of res.leaves) expect(sel.isLeaf(n)).toBe(true);
      expect(leaves.size).toBe(res.leaves.length);
      // Disjoint leaves, all resident, no leaf inside a split node's... leaf chain.
      for (const n of res.leaves) {
        expect(lookup(n.key.packed)).toBeDefined();
        for (let a = n.parent; a; a = a.parent) {
          expect(leaves.has(a.key.packed)).toBe(false);
          expect(split.has(a.key.packed), `${n.key} ancestor ${a.key} must be split`).toBe(true);
        }
      }
      // Never a hole: each child of a split node is drawn, split, or invisible.
      for (const packed of split) {
        const s = sel.infoOf(packed);
        const scratch: SelectionResult = emptySelection(-2);
        sel.wantChildren(s, lookup(packed) as PatchPayload, culler, scratch, -1);
        for (const c of sel.children(s)) {
          const drawn = leaves.has(c.key.packed) || split.has(c.key.packed);
          const visible = scratch.requests.some((r) => r.info === c) || lookup(c.key.packed) !== undefined;
          if (!drawn) expect(visible && lookup(c.key.packed) === undefined, `hole at ${c.key}`).toBe(false);
        }
      }
      // 2:1 balance and paired edge morphs.
      const em = new Map<number, EdgeMorph>();
      for (const n of res.leaves) em.set(n.key.packed, edgeMorph(sel, n, [0, 0, 0, 0]));
      for (const n of res.leaves) {
        for (let e = 0; e < 4; e++) {
          const nb = sel.neighbour(n, e);
          let cover: NodeInfo | null = nb;
          while (cover && !leaves.has(cover.key.packed)) cover = cover.parent;
          if (!cover) continue; // finer or not drawn there
          steps++;
          expect(n.key.level - cover.key.level, `${n.key} vs ${cover.key}`).toBeLessThanOrEqual(1);
          const back = [0, 1, 2, 3].find((f) => {
            const m = sel.neighbour(cover as NodeInfo, f);
            return m === (cover === nb ? n : n.parent);
          });
          const mine = (em.get(n.key.packed) as EdgeMorph)[e];
          if (cover === nb) {
            expect(mine).toBe(EDGE_MORPH_FREE);
            if (back !== undefined)
              expect((em.get(cover.key.packed) as EdgeMorph)[back]).toBe(EDGE_MORPH_FREE);
          } else {
            levelSteps++;
            expect(mine).toBe(1);
            expect(back).toBeDefined();
            expect((em.get(cover.key.packed) as EdgeMorph)[back as number]).toBe(0);
          }
        }
      }
    }
    // Teeth: the trees had real edges, level steps and starvation to check.
    expect(steps).toBeGreaterThan(500);
    expect(levelSteps).toBeGreaterThan(50);
    expect(starvedTotal).toBeGreaterThan(0);
    expect(forced).toBeGreaterThan(0);
  });
});
