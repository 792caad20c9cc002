/**
 * A main-thread stand-in for `@landfall/streamer` (tests, and the observatory's `streamer=local`
 * fallback): distance-based quadtree selection over the six faces with horizon and frustum culls,
 * patches built synchronously by the streamer's own `generateHeightfield` within a time budget, the nearest
 * resident ancestor drawn for any missing leaf (never a hole). No morph ranges, no workers, no 2:1
 * balance: it exists so render can be exercised without the real streamer.
 */
import { drawnSurfaceRadius, faceToDirection, getBody, vec3, type Body } from '@landfall/universe';
import { generateHeightfield, type PatchPayload, type ViewState } from '@landfall/streamer';
import type { DrawItem } from '../patch/PatchMeshes';
import type { StreamerCountersLike, StreamerLike } from './StreamerLike';

export interface LocalStreamerOptions {
  /** Main-thread milliseconds spent building patches per `update`, at most (one patch at least). */
  budgetMs?: number;
  /** Refine while one grid cell covers more than this many pixels. */
  cellPixels?: number;
  maxLevel?: number;
}

interface Node {
  face: number;
  level: number;
  x: number;
  y: number;
  key: string;
}

const NEVER = 1e30;

export function createLocalStreamer(
  bodyOrId: Body | string,
  options: LocalStreamerOptions = {},
): StreamerLike {
  const body = typeof bodyOrId === 'string' ? getBody(bodyOrId) : bodyOrId;
  const budgetMs = options.budgetMs ?? 25;
  const cellPixels = options.cellPixels ?? 16;
  const maxLevel = options.maxLevel ?? 22;
  const resident = new Map<string, PatchPayload>();
  let draw: DrawItem[] = [];
  let wanted: Node[] = [];
  let starved = 0;
  let fixed = false;
  let generated = 0;
  const d = vec3();
  const relief = body.grammar.maxReliefM;

  const keyOf = (f: number, l: number, x: number, y: number) => `${f}/${l}/${x}/${y}`;

  function visible(view: ViewState, cx: number, cy: number, cz: number, rad: number): boolean {
    const m = view.viewProjection;
    const px = cx - view.eye[0];
    const py = cy - view.eye[1];
    const pz = cz - view.eye[2];
    // Sphere against the six clip planes of the eye-relative view-projection (Gribb–Hartmann).
    for (let p = 0; p < 6; p++) {
      const row = p >> 1;
      const sgn = p & 1 ? -1 : 1;
      const a = m[3] + sgn * m[row];
      const b = m[7] + sgn * m[4 + row];
      const c = m[11] + sgn * m[8 + row];
      const w = m[15] + sgn * m[12 + row];
      const len = Math.sqrt(a * a + b * b + c * c);
      if ((a * px + b * py + c * pz + w) / len < -rad) return false;
    }
    return true;
  }

  function select(view: ViewState): Node[] {
    const e = view.eye;
    const er = Math.sqrt(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]);
    const pixelAngle = view.fovY / view.viewportHeight;
    // Horizon: points farther than the tangent distance to the relief shell's bottom are hidden.
    const low = body.radius - relief;
    const horizon =
      Math.sqrt(Math.max(0, er * er - low * low)) +
      Math.sqrt(Math.max(0, (body.radius + relief) ** 2 - low * low));
    const out: Node[] = [];
    const visit = (face: number, level: number, x: number, y: number): void => {
      const n = 2 ** level;
      faceToDirection(face, -1 + ((x + 0.5) / n) * 2, -1 + ((y + 0.5) / n) * 2, d);
      const rc = drawnSurfaceRadius(body, d);
      const cx = d.x * rc;
      const cy = d.y * rc;
      const cz = d.z * rc;
      const size = (body.radius * Math.PI) / 2 / n;
      // Bounding radius: the node's half-diagonal plus relief no larger than the node (a stand-in bound).
      const rad = size * 0.8 + Math.min(relief, size);
      const dist = Math.max(0, Math.sqrt((cx - e[0]) ** 2 + (cy - e[1]) ** 2 + (cz - e[2]) ** 2) - rad);
      if (level > 0 && dist > horizon) return;
      if (level > 1 && !visible(view, cx, cy, cz, rad)) return;
      const cell = size / 64;
      if (level < maxLevel && cell / Math.max(dist, 0.5) > cellPixels * pixelAngle) {
        for (let c = 0; c < 4; c++) visit(face, level + 1, 2 * x + (c & 1), 2 * y + (c >> 1));
        return;
      }
      out.push({ face, level, x, y, key: keyOf(face, level, x, y) });
    };
    for (let f = 0; f < 6; f++) visit(f, 0, 0, 0);
    return out;
  }

  return {
    update(view) {
      wanted = select(view);
      const missing: Node[] = [];
      const seen = new Set<string>();
      draw = [];
      starved = 0;
      for (const node of wanted) {
        let { level, x, y } = node;
        let p = resident.get(node.key);
        if (!p) {
          missing.push(node);
          starved++;
          while (!p && level > 0) {
            level--;
            x >>= 1;
            y >>= 1;
            p = resident.get(keyOf(node.face, level, x, y));
            if (!p) missing.push({ face: node.face, level, x, y, key: keyOf(node.face, level, x, y) });
          }
        }
        if (p && !seen.has(p.address)) {
          seen.add(p.address);
          draw.push({ payload: p, morphStart: NEVER, morphEnd: NEVER * 2 });
        }
      }
      missing.sort((a, b) => a.level - b.level);
      const t0 = performance.now();
      for (const m of missing) {
        if (performance.now() - t0 > budgetMs) break;
        if (resident.has(m.key)) continue;
        resident.set(
          m.key,
          generateHeightfield({ body: body.id, face: m.face, level: m.level, x: m.x, y: m.y }),
        );
        generated++;
      }
      fixed = missing.length === 0;
    },
    drawSet: () => draw,
    counters(): StreamerCountersLike {
      return {
        drawn: draw.length,
        resident: resident.size,
        inFlight: 0,
        starved,
        queued: wanted.length - draw.length,
        generated,
      };
    },
    get fixedPoint() {
      return fixed;
    },
    get detailFloor() {
      return maxLevel;
    },
    dispose() {
      resident.clear();
      draw = [];
    },
  };
}
