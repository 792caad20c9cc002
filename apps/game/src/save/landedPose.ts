/**
 * The landed-pose check on loading a save (ADR-0015): a ship saved as `landed` stands on the
 * ground. Its base centre (LEG_HEIGHT_M below the centre of mass along the ship's −Y axis) must lie
 * on the canonical ground within the drawn/canonical divergence bound `drawnDivergence(body)`
 * (ADR-0006: the drawn surface may be that far from the canonical one, so a ship within it can look
 * seated) plus LANDED_POSE_ROUNDOFF_M. A genuine landed save is seated exactly (FlightSim's
 * touchdown), so anything further off was edited or made by another build, and is refused.
 */
import { drawnDivergence, groundElevation, normalize3, vec3, type Body } from '@landfall/universe';
import { LEG_HEIGHT_M } from '../sim/flightLimits';
import { len3, rotate, scaleAdd } from '../sim/vecMath';

/**
 * Float64 margin of the landed-pose check, m: a genuine seat is off by round-off only (|p| ulp
 * ≈ 1e-9 m at planetary radii, plus LEG_HEIGHT_M × the accepted |q| − 1 of 1e-9); 1 mm keeps that
 * margin by six orders while staying invisible, and gives Venus (divergence exactly 0) a bound.
 */
export const LANDED_POSE_ROUNDOFF_M = 1e-3;

/** The bound on |base height above the canonical ground| for a landed ship on `body`, m. */
export function landedPoseBoundM(body: Body): number {
  return drawnDivergence(body) + LANDED_POSE_ROUNDOFF_M;
}

/** Height of the ship's base centre above the canonical ground, m (negative: below it). */
export function baseHeightAboveGroundM(body: Body, pBf: readonly number[], qBf: readonly number[]): number {
  const q = { x: qBf[0], y: qBf[1], z: qBf[2], w: qBf[3] };
  const base = rotate(vec3(), q, { x: 0, y: -LEG_HEIGHT_M, z: 0 });
  scaleAdd(base, { x: pBf[0], y: pBf[1], z: pBf[2] }, base, 1);
  const r = len3(base);
  return r - (body.radius + groundElevation(body, normalize3(vec3(), base)));
}

/** Why a pose saved as landed is not on the ground, or null when it is. */
export function landedPoseProblem(body: Body, pBf: readonly number[], qBf: readonly number[]): string | null {
  const h = baseHeightAboveGroundM(body, pBf, qBf);
  const bound = landedPoseBoundM(body);
  if (Math.abs(h) <= bound) return null;
  const where = h > 0 ? 'above' : 'below';
  return (
    `the ship is saved as landed but stands ${Math.abs(h).toFixed(2)} m ${where} the ground of ` +
    `${body.name} (a landed ship is within ${bound.toFixed(2)} m of it, ADR-0006's divergence bound)`
  );
}
