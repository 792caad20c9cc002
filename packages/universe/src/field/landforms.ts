/**
 * The bodies' own landforms (ADR-0018 "Body landforms"), added to the band height in the canonical
 * field before the named places (canonical.ts), so a named crater or flooded basin overrides them:
 *
 *   Europa   h = ridges·(1 − M) + M·matrix   (icyRidges.ts, chaos.ts: chaos rafts keep the ridged
 *            plains, the matrix replaces them); lineae, ridge margins and the chaos matrix are the
 *            dark-material albedo signal (`darkMaterialAt`), not relief.
 *   Mercury  h = Σ lobate scarps (lobateScarps.ts)
 *   others   0 (their grammar's bands and ladder only)
 *
 * Values and gradients are with respect to the 3-D direction (canonical.ts projects them).
 */
import type { Body } from '../body/Body';
import type { Vec3 } from '../math/vec3';
import { chaosD, chaosSample } from './chaos';
import { icyRidgesD } from './icyRidges';
import { lineaeStain, ridgeStain } from './lineae';
import { lenticulaStain } from './lenticulae';
import { lobateScarpsD } from './lobateScarps';

/** A landform height (m) and its 3-D gradient (m per unit of direction). */
export interface LandformSample {
  v: number;
  gx: number;
  gy: number;
  gz: number;
}

export function landformSample(): LandformSample {
  return { v: 0, gx: 0, gy: 0, gz: 0 };
}

/** Which landforms a body builds (by body id; the literature names them per body). */
export interface BodyLandforms {
  ridges: boolean;
  chaos: boolean;
  lineae: boolean;
  scarps: boolean;
}

const NONE: BodyLandforms = Object.freeze({ ridges: false, chaos: false, lineae: false, scarps: false });
/** Test-only: landforms switched off per body id (planted breaks); never set outside tests. */
export const landformTestHooks = { off: '' };

export const BODY_LANDFORMS: Readonly<Record<string, Readonly<BodyLandforms>>> = Object.freeze({
  europa: Object.freeze({ ridges: true, chaos: true, lineae: true, scarps: false }),
  mercury: Object.freeze({ ridges: false, chaos: false, lineae: false, scarps: true }),
});

export function bodyLandforms(body: Body): Readonly<BodyLandforms> {
  if (landformTestHooks.off === body.id) return NONE;
  return BODY_LANDFORMS[body.id] ?? NONE;
}

const chaos = chaosSample();

/** The landforms of `body` at unit direction (x, y, z) into `out`. */
export function landformsD(
  body: Body,
  x: number,
  y: number,
  z: number,
  out: LandformSample,
  filterM = 0,
): LandformSample {
  out.v = 0;
  out.gx = 0;
  out.gy = 0;
  out.gz = 0;
  const lf = bodyLandforms(body);
  if (lf.ridges) icyRidgesD(body, x, y, z, out, filterM);
  if (lf.chaos) {
    chaosD(body, x, y, z, chaos);
    const m = chaos.m;
    if (m !== 0) {
      const r = out.v;
      out.gx = out.gx * (1 - m) + (chaos.h - r) * chaos.mx + m * chaos.hx;
      out.gy = out.gy * (1 - m) + (chaos.h - r) * chaos.my + m * chaos.hy;
      out.gz = out.gz * (1 - m) + (chaos.h - r) * chaos.mz + m * chaos.hz;
      out.v = r * (1 - m) + m * chaos.h;
    }
  }
  if (lf.scarps) lobateScarpsD(body, x, y, z, out);
  return out;
}

/**
 * Dark-material weight (0 … 1) at unit direction `dir` of `body`: Europa's lineae, ridge margins,
 * chaos matrix and lenticulae spots joined as 1 − Π(1 − w); 0 on bodies without them. An albedo signal for cover;
 * `filterM` the level filter (m) its bands are drawn at (lineae.ts).
 */
export function darkMaterialAt(body: Body, dir: Readonly<Vec3>, filterM = 0): number {
  const lf = bodyLandforms(body);
  if (!lf.lineae && !lf.chaos) return 0;
  let keep = 1;
  if (lf.lineae)
    keep *=
      (1 - lineaeStain(body, dir.x, dir.y, dir.z, filterM)) *
      (1 - ridgeStain(body, dir.x, dir.y, dir.z, filterM));
  if (lf.chaos) keep *= 1 - chaosD(body, dir.x, dir.y, dir.z, chaos).m;
  if (body.grammar.lenticulae) keep *= 1 - lenticulaStain(body, dir.x, dir.y, dir.z, filterM);
  return 1 - keep;
}
