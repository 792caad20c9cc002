/**
 * ScatterRocks (ADR-0013): the rocks near the eye as one `InstancedMesh` per procedural shape,
 * drawn with the shared terrain material (facet shading, full rock cover, dithered distance fade).
 * Rocks come from a `ScatterSource` (the universe's `regionScatter`); each frame re-seats a slice
 * of ROCK_SLOTS_PER_FRAME rocks on the drawn mesh, round-robin, so a refined patch re-seats its
 * rocks within a few frames. Instance transforms are relative to a float64 rock anchor near the
 * eye (camera-relative, ADR-0011).
 */
import {
  Group,
  InstancedMesh,
  Matrix4,
  Quaternion,
  Vector3,
  type BufferGeometry,
  type Material,
} from 'three/webgpu';
import type { Body } from '@landfall/universe';
import type { DrawItem } from '../patch/PatchMeshes';
import type { EyeFrame } from '../frame/EyeFrame';
import { MeshSeater } from './MeshSeater';
import { rockGeometry } from './rockShapes';
import {
  ROCK_FADE_END_M,
  ROCK_FADE_START_M,
  ROCK_INSTANCE_CAP,
  ROCK_SHAPES,
  ROCK_SLOTS_PER_FRAME,
  ROCKS_PER_REGION_CAP,
} from '../renderConstants';

/** One rock as the universe scatters it (body-fixed float64 position on the drawn field). */
export interface ScatterRockLike {
  position: ArrayLike<number>;
  /** Unit quaternion x, y, z, w: body-fixed orientation; the rock's +Y is its up. */
  rotation: ArrayLike<number>;
  /** Size along the rock's x, y, z, m. */
  scale: ArrayLike<number>;
  shape: number;
  tone?: number;
}

export interface ScatterSource {
  /** Every rock within `radius` m of body-fixed `eye`, in a deterministic order. */
  rocksNear(body: Body, eye: ArrayLike<number>, radius: number): readonly ScatterRockLike[];
}

/** Re-query the source when the eye has moved this far from where it last did, m. */
const REQUERY_M = 20;

export class ScatterRocks {
  readonly group = new Group();
  readonly meshes: InstancedMesh[] = [];
  private rocks: readonly ScatterRockLike[] = [];
  private readonly slotOf: Int32Array[] = [];
  private cursor = 0;
  private seatedFlags = new Uint8Array(0);
  /** Seated body-fixed position of each rock (valid where seatedFlags is 1). */
  private seatedPos = new Float64Array(0);
  /** Rocks seated on a drawn patch as of their latest seating (the rest are hidden). */
  seatedCount = 0;
  private readonly anchor = new Float64Array(3);
  private readonly queriedAt = new Float64Array([Infinity, Infinity, Infinity]);
  private readonly seater = new MeshSeater();
  private readonly geometries: BufferGeometry[] = [];
  private readonly m = new Matrix4();
  private readonly q = new Quaternion();
  private readonly s = new Vector3();
  private readonly p = new Vector3();
  private readonly dir = new Float64Array(3);

  constructor(
    private readonly body: Body,
    private readonly source: ScatterSource,
    material: Material,
  ) {
    for (let shape = 0; shape < ROCK_SHAPES; shape++) {
      const g = rockGeometry(shape);
      this.geometries.push(g);
      const mesh = new InstancedMesh(g, material, ROCK_INSTANCE_CAP);
      mesh.count = 0;
      mesh.frustumCulled = false;
      mesh.castShadow = true;
      mesh.name = `rocks-${shape}`;
      mesh.userData = { facet: 1, fadeStart: ROCK_FADE_START_M, fadeEnd: ROCK_FADE_END_M, morphScale: 0 };
      this.meshes.push(mesh);
      this.group.add(mesh);
    }
  }

  /** Rocks currently instanced. */
  count(): number {
    let n = 0;
    for (const m of this.meshes) n += m.count;
    return n;
  }

  update(eye: EyeFrame, drawSet: readonly DrawItem[]): number {
    const e = eye.eye;
    const dx = e[0] - this.queriedAt[0];
    const dy = e[1] - this.queriedAt[1];
    const dz = e[2] - this.queriedAt[2];
    if (!(dx * dx + dy * dy + dz * dz < REQUERY_M * REQUERY_M)) this.requery(e);
    this.seater.setDrawSet(drawSet, e);
    const n = this.rocks.length;
    const slice = Math.min(n, ROCK_SLOTS_PER_FRAME);
    for (let k = 0; k < slice; k++) {
      this.seat(this.cursor);
      this.cursor = (this.cursor + 1) % n;
    }
    const off = new Vector3();
    eye.offsetOf(this.anchor, off);
    for (const mesh of this.meshes) mesh.position.copy(off);
    return this.count();
  }

  private requery(eye: Float64Array): void {
    this.queriedAt.set(eye);
    this.anchor.set(eye);
    const all = this.source.rocksNear(this.body, eye, ROCK_FADE_END_M + REQUERY_M);
    this.rocks = all.length > ROCKS_PER_REGION_CAP ? all.slice(0, ROCKS_PER_REGION_CAP) : all;
    for (const m of this.meshes) m.count = 0;
    this.slotOf.length = 0;
    const perShape = new Array<number>(ROCK_SHAPES).fill(0);
    const slots = new Int32Array(this.rocks.length);
    this.rocks.forEach((r, i) => {
      const shape = r.shape % ROCK_SHAPES;
      slots[i] = perShape[shape] < ROCK_INSTANCE_CAP ? perShape[shape]++ : -1;
    });
    this.slotOf.push(slots);
    this.meshes.forEach((m, shape) => {
      m.count = perShape[shape];
      // Hidden until seated: zero scale.
      this.m.makeScale(0, 0, 0);
      for (let i = 0; i < m.count; i++) m.setMatrixAt(i, this.m);
      m.instanceMatrix.needsUpdate = true;
    });
    this.cursor = 0;
    this.seatedFlags = new Uint8Array(this.rocks.length);
    this.seatedPos = new Float64Array(3 * this.rocks.length);
    this.seatedCount = 0;
  }

  private seat(i: number): void {
    const r = this.rocks[i];
    const slot = this.slotOf[0][i];
    if (slot < 0) return;
    const px = r.position[0];
    const py = r.position[1];
    const pz = r.position[2];
    const len = Math.sqrt(px * px + py * py + pz * pz);
    this.dir[0] = px / len;
    this.dir[1] = py / len;
    this.dir[2] = pz / len;
    const radius = this.seater.meshRadius(this.dir);
    const mesh = this.meshes[r.shape % ROCK_SHAPES];
    const was = this.seatedFlags[i];
    this.seatedFlags[i] = Number.isNaN(radius) ? 0 : 1;
    this.seatedCount += this.seatedFlags[i] - was;
    if (Number.isNaN(radius)) {
      this.m.makeScale(0, 0, 0);
    } else {
      this.seatedPos[3 * i] = this.dir[0] * radius;
      this.seatedPos[3 * i + 1] = this.dir[1] * radius;
      this.seatedPos[3 * i + 2] = this.dir[2] * radius;
      this.p.set(
        this.dir[0] * radius - this.anchor[0],
        this.dir[1] * radius - this.anchor[1],
        this.dir[2] * radius - this.anchor[2],
      );
      this.q.set(r.rotation[0], r.rotation[1], r.rotation[2], r.rotation[3]);
      this.s.set(r.scale[0], r.scale[1], r.scale[2]);
      this.m.compose(this.p, this.q, this.s);
    }
    mesh.setMatrixAt(slot, this.m);
    mesh.instanceMatrix.needsUpdate = true;
  }

  /** Body-fixed seated position of the seated rock nearest `eye` into `out`, or null if none is seated. */
  nearestSeated(eye: ArrayLike<number>, out: Float64Array): Float64Array | null {
    let best = Infinity;
    for (let i = 0; i < this.seatedFlags.length; i++) {
      if (!this.seatedFlags[i]) continue;
      const dx = this.seatedPos[3 * i] - eye[0];
      const dy = this.seatedPos[3 * i + 1] - eye[1];
      const dz = this.seatedPos[3 * i + 2] - eye[2];
      const d2 = dx * dx + dy * dy + dz * dz;
      if (d2 < best) {
        best = d2;
        out[0] = this.seatedPos[3 * i];
        out[1] = this.seatedPos[3 * i + 1];
        out[2] = this.seatedPos[3 * i + 2];
      }
    }
    return best < Infinity ? out : null;
  }

  dispose(): void {
    for (const m of this.meshes) m.dispose();
    for (const g of this.geometries) g.dispose();
    this.group.clear();
  }
}
