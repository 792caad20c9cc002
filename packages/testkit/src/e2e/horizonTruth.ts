/**
 * The horizon a camera should see, computed in Node from the universe's drawn field, independently
 * of the renderer: for each image column, march the vertical plane through the eye and that column
 * along the body (great circle, fixed angular step) and keep the highest elevation angle of the
 * surface; the column's horizon row is where that angle projects. On a sphere of radius R_h seen
 * from radius r the result is the textbook dip −acos(R_h / r); relief on the horizon raises it.
 * The camera is the observatory's: eye at (lat, lon) on drawnSurfaceRadius + h, heading 0 (north),
 * pitch 0 (level), vertical field of view `fovDeg`, +Y towards the local up (lookFrame.ts).
 */
import { drawnSurfaceRadius, type Body } from '@landfall/universe';

export interface HorizonCamera {
  lat: number;
  lon: number;
  h: number;
  fovDeg: number;
  width: number;
  height: number;
}

const DEG = Math.PI / 180;

/** Body-fixed eye and its up/east/north frame (the observatory's convention). */
export function eyeFrame(
  body: Body,
  cam: HorizonCamera,
): { eye: number[]; up: number[]; east: number[]; north: number[] } {
  const lat = cam.lat * DEG;
  const lon = cam.lon * DEG;
  const up = [Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)];
  const r = drawnSurfaceRadius(body, { x: up[0], y: up[1], z: up[2] }) + cam.h;
  const el = Math.hypot(up[0], up[1]);
  const east = [-up[1] / el, up[0] / el, 0];
  const north = [
    up[1] * east[2] - up[2] * east[1],
    up[2] * east[0] - up[0] * east[2],
    up[0] * east[1] - up[1] * east[0],
  ];
  return { eye: up.map((u) => u * r), up, east, north };
}

/**
 * Predicted horizon row (continuous, from the top edge; row y spans [y, y + 1)) of each column in
 * `columns`. The march starts at 1 m and steps 0.3 % of the distance so far (≥ 1 m): near relief is
 * sampled finely, far relief at ≤ 750 m; it runs to `reachM` (past the horizon of 8 km on Luna).
 */
export function horizonTruthRows(
  body: Body,
  cam: HorizonCamera,
  columns: number[],
  reachM = 250_000,
): number[] {
  const { eye, up, east, north } = eyeFrame(body, cam);
  const focal = cam.height / 2 / Math.tan((cam.fovDeg * DEG) / 2);
  const out: number[] = [];
  const p = [0, 0, 0];
  for (const x of columns) {
    // The vertical plane through the eye and column x (pixel centre) has this azimuth.
    const az = Math.atan((x + 0.5 - cam.width / 2) / focal);
    const dir = [0, 1, 2].map((c) => Math.cos(az) * north[c] + Math.sin(az) * east[c]);
    let best = -Math.PI / 2;
    for (let s = 1; s <= reachM; s += Math.max(1, 0.003 * s)) {
      const theta = s / body.radius;
      for (let c = 0; c < 3; c++) p[c] = Math.cos(theta) * up[c] + Math.sin(theta) * dir[c];
      const r = drawnSurfaceRadius(body, { x: p[0], y: p[1], z: p[2] });
      const dx = p[0] * r - eye[0];
      const dy = p[1] * r - eye[1];
      const dz = p[2] * r - eye[2];
      const d = Math.hypot(dx, dy, dz);
      const el = Math.asin((dx * up[0] + dy * up[1] + dz * up[2]) / d);
      if (el > best) best = el;
    }
    // A point at azimuth az in that plane projects to row H/2 − focal · tan(el) / cos(az).
    out.push(cam.height / 2 - (focal * Math.tan(best)) / Math.cos(az));
  }
  return out;
}

/** The dip of a smooth sphere of radius `R` from radius `r`, rad (positive below the level line). */
export function sphereDip(R: number, r: number): number {
  return Math.acos(R / r);
}
