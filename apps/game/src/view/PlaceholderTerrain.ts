/**
 * Placeholder terrain until the render package's planet view is wired in: a globe for the far pass
 * and a local grid of the drawn field around the ship for the near pass, rebuilt as the ship moves
 * or changes altitude. Vertices are float64 on the CPU relative to a float64 anchor; the GPU sees
 * only anchor-relative float32 (ADR-0001).
 */
import { drawnElevationAt, hash3, unitFromHash, type Body, type Vec3 } from '@landfall/universe';
import {
  BufferGeometry,
  Color,
  Float32BufferAttribute,
  Group,
  Mesh,
  MeshStandardNodeMaterial,
  SphereGeometry,
} from 'three/webgpu';
import type { TerrainFrame, TerrainProgress, TerrainView } from './TerrainView';
import { groundColour } from './palette';

const N = 81;
/** Main-thread time a rebuild may take per frame, ms. */
const BUILD_BUDGET_MS = 4;

export class PlaceholderTerrain implements TerrainView {
  readonly near = new Group();
  readonly far = new Group();
  private readonly globe: Mesh;
  private readonly patch: Mesh;
  private readonly material: MeshStandardNodeMaterial;
  private readonly globeMaterial: MeshStandardNodeMaterial;
  private readonly anchor = new Float64Array(3);
  private readonly axisU = new Float64Array(3);
  private halfExtent = 0;
  private readonly focusDir: Vec3 = { x: 0, y: 0, z: 1 };
  private builds = 0;
  private ready = 0;
  private readonly index: number[] = [];
  private pending: {
    u: number[];
    e1: number[];
    e2: number[];
    anchor: number[];
    half: number;
    row: number;
    pos: Float32Array;
    col: Float32Array;
  } | null = null;

  constructor(private readonly body: Body) {
    const colour = new Color(groundColour(body));
    this.globeMaterial = new MeshStandardNodeMaterial({ color: colour, roughness: 1, metalness: 0 });
    // Sunk below the relief and the facet sag so it never covers the near patch's horizon.
    const sag = body.radius * (1 - Math.cos(Math.PI / 96));
    const r = body.radius - body.grammar.maxReliefM * 0.3 - sag;
    this.globe = new Mesh(new SphereGeometry(r, 192, 96), this.globeMaterial);
    this.globe.rotation.x = Math.PI / 2; // three's sphere pole is +Y; the body's is +Z
    this.far.add(this.globe);
    this.material = new MeshStandardNodeMaterial({
      color: 0xffffff,
      roughness: 1,
      metalness: 0,
      vertexColors: true,
    });
    this.patch = new Mesh(new BufferGeometry(), this.material);
    this.patch.frustumCulled = false;
    this.near.add(this.patch);
    for (let j = 0; j < N - 1; j++) {
      for (let i = 0; i < N - 1; i++) {
        const a = j * N + i;
        this.index.push(a, a + 1, a + N, a + 1, a + N + 1, a + N);
      }
    }
  }

  /** Rebuilds the near patch as the ship moves (time-sliced); the caller draws `near` and `far`. */
  update(f: TerrainFrame): boolean {
    const fx = f.focus[0];
    const fy = f.focus[1];
    const fz = f.focus[2];
    const rf = Math.sqrt(fx * fx + fy * fy + fz * fz);
    this.focusDir.x = fx / rf;
    this.focusDir.y = fy / rf;
    this.focusDir.z = fz / rf;
    const alt = Math.max(0, rf - this.body.radius - drawnElevationAt(this.body, this.focusDir));
    // Out to past the horizon (√(2Rh)), at least 400 m, at most 400 km.
    const horizon = 1.3 * Math.sqrt(2 * this.body.radius * (alt + 20));
    const want = Math.min(Math.max(3 * alt + 400, horizon), Math.min(0.5 * this.body.radius, 400000));
    const u = this.axisU;
    const dx = fx / rf - u[0];
    const dy = fy / rf - u[1];
    const dz = fz / rf - u[2];
    const moved = Math.sqrt(dx * dx + dy * dy + dz * dz) * this.body.radius;
    if (
      this.builds === 0 ||
      moved > this.halfExtent / 4 ||
      want > this.halfExtent * 1.5 ||
      want < this.halfExtent / 1.5
    ) {
      if (!this.pending) this.build(fx / rf, fy / rf, fz / rf, want);
    }
    // The first build completes at once; later ones are time-sliced (old patch shown meanwhile).
    this.step(this.ready === 0 ? Infinity : BUILD_BUDGET_MS);
    // Camera-relative placement: float64 differences, then float32.
    this.patch.position.set(this.anchor[0] - f.eye[0], this.anchor[1] - f.eye[1], this.anchor[2] - f.eye[2]);
    this.globe.position.set(-f.eye[0], -f.eye[1], -f.eye[2]);
    return false;
  }

  /** Nothing runs between frames: rebuilds advance in `update`. */
  pump(): void {}

  /** No streaming. */
  takeStreamMs(): number {
    return 0;
  }

  progress(): TerrainProgress {
    return {
      done: this.pending ? this.pending.row : N,
      total: N,
      label: `placeholder ground rows (${this.ready}/${this.builds} builds)`,
      cache: '',
      producer: '',
    };
  }

  dispose(): void {
    this.patch.geometry.dispose();
    this.globe.geometry.dispose();
    this.material.dispose();
    this.globeMaterial.dispose();
  }

  /** Starts a rebuild around unit (ux, uy, uz); rows are filled by `step()` within a time budget. */
  private build(ux: number, uy: number, uz: number, half: number): void {
    const body = this.body;
    const R = body.radius;
    this.axisU.set([ux, uy, uz]);
    this.halfExtent = half;
    this.builds++;
    // Tangent basis e1 (east-ish), e2 = u × e1.
    let ex = -uy;
    let ey = ux;
    let el = Math.sqrt(ex * ex + ey * ey);
    if (el < 1e-9) {
      ex = 1;
      ey = 0;
      el = 1;
    }
    ex /= el;
    ey /= el;
    const d: Vec3 = { x: ux, y: uy, z: uz };
    const h0 = R + drawnElevationAt(body, d);
    this.pending = {
      u: [ux, uy, uz],
      e1: [ex, ey, 0],
      e2: [uy * 0 - uz * ey, uz * ex - ux * 0, ux * ey - uy * ex],
      anchor: [ux * h0, uy * h0, uz * h0],
      half,
      row: 0,
      pos: new Float32Array(N * N * 3),
      col: new Float32Array(N * N * 3),
    };
  }

  /** Fills rows of the pending build for up to `budgetMs`; swaps the geometry in when complete. */
  private step(budgetMs: number): void {
    const p = this.pending;
    if (!p) return;
    const body = this.body;
    const R = body.radius;
    const [ux, uy, uz] = p.u;
    const [ex, ey, ez] = p.e1;
    const [nx, ny, nz] = p.e2;
    const base = new Color(groundColour(body));
    const half = p.half;
    // Quadratic spacing: cells of half/1600 at the centre (metres under the ship), coarse far out.
    const spread = (k: number): number => {
      const x = (2 * k) / (N - 1) - 1;
      return x * Math.abs(x) * half;
    };
    const noiseCell = 6;
    const d: Vec3 = { x: 0, y: 0, z: 0 };
    const t0 = performance.now();
    while (p.row < N && (p.row === 0 || performance.now() - t0 < budgetMs)) {
      const j = p.row++;
      for (let i = 0; i < N; i++) {
        const a = spread(i);
        const b = spread(j);
        const px = ux * R + ex * a + nx * b;
        const py = uy * R + ey * a + ny * b;
        const pz = uz * R + ez * a + nz * b;
        const l = Math.sqrt(px * px + py * py + pz * pz);
        d.x = px / l;
        d.y = py / l;
        d.z = pz / l;
        const r = R + drawnElevationAt(body, d);
        const k = 3 * (j * N + i);
        p.pos[k] = d.x * r - p.anchor[0];
        p.pos[k + 1] = d.y * r - p.anchor[1];
        p.pos[k + 2] = d.z * r - p.anchor[2];
        // Albedo speckle on a body-fixed lattice (does not depend on the patch).
        const g = unitFromHash(
          hash3(
            Math.floor((d.x * R) / noiseCell) | 0,
            Math.floor((d.y * R) / noiseCell) | 0,
            Math.floor((d.z * R) / noiseCell) | 0,
          ),
        );
        const s = 0.8 + 0.35 * g;
        p.col[k] = base.r * s;
        p.col[k + 1] = base.g * s;
        p.col[k + 2] = base.b * s;
      }
    }
    if (p.row < N) return;
    const geo = new BufferGeometry();
    geo.setAttribute('position', new Float32BufferAttribute(p.pos, 3));
    geo.setAttribute('color', new Float32BufferAttribute(p.col, 3));
    geo.setIndex(this.index);
    geo.computeVertexNormals();
    this.patch.geometry.dispose();
    this.patch.geometry = geo;
    this.anchor.set(p.anchor);
    this.pending = null;
    this.ready++;
  }
}
