// Rocks seat on the surface AS DRAWN (ADR-0013): the seater's radius along a direction equals an
// independent ray cast (testing/drawnSurfaceTruth.ts: the DrawPatch morph rule rewritten from its
// doc, Möller–Trumbore (testing/rayTriangle.ts) over the shared index list, where the seater uses
// three's watertight Ray.intersectTriangle) up to float64 rounding — on one
// patch, and on a real streamed draw set at its level steps, where the per-edge morph overrides
// move the drawn edge. Planted breaks kept here: a seat 0.5 m off, and a seater that ignores the
// overrides (the defect of issue 11), must both fail the same bound.
import { describe, expect, it } from 'vitest';
import { drawnSurfaceRadius, faceToDirection, getBody, vec3 } from '@landfall/universe';
import { generateHeightfield, type DrawPatch } from '@landfall/streamer';
import { MeshSeater } from './MeshSeater';
import type { DrawItem } from '../patch/PatchMeshes';
import { DrawnSurfaceTruth, levelStepDirections, seatBound } from '../testing/drawnSurfaceTruth';
import { streamedBody, streamToFixedPoint, viewFrom } from '../testing/streamedDrawSets';

/** Worst |seat − truth| over `dirs`; a NaN on either side counts as infinite. */
function worstSeatError(seat: (d: number[]) => number, truth: DrawnSurfaceTruth, dirs: number[][]): number {
  let worst = 0;
  for (const d of dirs) {
    const e = Math.abs(seat(d) - truth.radius(d));
    worst = Math.max(worst, Number.isNaN(e) ? Infinity : e);
  }
  return worst;
}

const withoutOverrides = (ds: readonly DrawPatch[]): DrawItem[] =>
  ds.map((d) => ({ payload: d.payload, morphStart: d.morphStart, morphEnd: d.morphEnd }));

describe('MeshSeater on one patch', () => {
  const body = getBody('luna');
  const p = generateHeightfield({ body: 'luna', face: 2, level: 12, x: 1500, y: 2100 });
  const eye = [0, 2e6, 0];
  // Morphing from 0 at 0 m to 1 at 4e6 m: the eye's distance puts k ≈ 0.5 on every vertex.
  const drawSet: DrawItem[] = [{ payload: p, morphStart: 0, morphEnd: 4e6 }];
  const n = 2 ** p.level;
  const dirs: number[][] = [];
  const d = vec3();
  for (let k = 1; k <= 60; k++) {
    // k = 0 would be the exact patch corner (a vertex): both ray casts graze it.
    faceToDirection(
      2,
      -1 + ((p.x + ((k * 0.618034) % 1)) / n) * 2,
      -1 + ((p.y + ((k * 0.754878) % 1)) / n) * 2,
      d,
    );
    dirs.push([d.x, d.y, d.z]);
  }

  it('seats on the drawn (morphed) mesh to float64 rounding, where the field is off by decimetres', () => {
    const seater = new MeshSeater();
    seater.setDrawSet(drawSet, eye);
    const truth = new DrawnSurfaceTruth(drawSet, eye);
    const worst = worstSeatError((x) => seater.meshRadius(x), truth, dirs);
    let worstField = 0;
    for (const x of dirs) {
      worstField = Math.max(
        worstField,
        Math.abs(drawnSurfaceRadius(body, { x: x[0], y: x[1], z: x[2] }) - truth.radius(x)),
      );
    }
    console.log(
      `[seat] worst |seat − drawn| ${worst.toExponential(2)} m (bound ${seatBound(body.radius).toExponential(2)}); worst |field − drawn| ${worstField.toFixed(3)} m`,
    );
    expect(worst).toBeLessThanOrEqual(seatBound(body.radius));
    // Teeth: the field leaves the drawn mesh by far more than the bound (cells ≈ 10 m).
    expect(worstField).toBeGreaterThan(1000 * seatBound(body.radius));
  });

  it('planted break: a seat 0.5 m off fails the bound', () => {
    const seater = new MeshSeater();
    seater.setDrawSet(drawSet, eye);
    const truth = new DrawnSurfaceTruth(drawSet, eye);
    expect(worstSeatError((x) => seater.meshRadius(x) + 0.5, truth, dirs)).toBeGreaterThan(
      seatBound(body.radius),
    );
  });

  it('finds nothing outside the draw set', () => {
    const seater = new MeshSeater();
    seater.setDrawSet(drawSet, eye);
    expect(Number.isNaN(seater.meshRadius([1, 0, 0]))).toBe(true);
  });
});

describe('MeshSeater at level steps of a streamed draw set', { timeout: 120_000 }, () => {
  it('seats on the edge as the overrides draw it; a seater without them is off', async () => {
    const { body, streamer } = streamedBody('luna', 16, 11);
    const view = viewFrom(body, [0.6, 0.48, 0.64], 800, [0.3, -0.6, 0.2]);
    expect(await streamToFixedPoint(streamer, view)).toBe(true);
    const ds = streamer.drawSet();
    const dirs = levelStepDirections(ds, 2);
    const truth = new DrawnSurfaceTruth(ds, view.eye);
    const seater = new MeshSeater();
    seater.setDrawSet(ds, view.eye);
    const worst = worstSeatError((x) => seater.meshRadius(x), truth, dirs);
    // The pre-fix seater: the same draw set with the overrides stripped.
    const blind = new MeshSeater();
    blind.setDrawSet(withoutOverrides(ds), view.eye);
    const worstBlind = worstSeatError((x) => blind.meshRadius(x), truth, dirs);
    console.log(
      `[seat level steps] ${dirs.length} directions by forced edges: worst |seat − drawn| ${worst.toExponential(2)} m; without the overrides ${worstBlind.toFixed(3)} m`,
    );
    expect(dirs.length).toBeGreaterThan(100);
    expect(worst).toBeLessThanOrEqual(seatBound(body.radius));
    expect(worstBlind).toBeGreaterThan(100 * seatBound(body.radius));
    streamer.dispose();
  });
});
