/**
 * ScatterRocks (ADR-0013): the rocks near the eye as one `InstancedMesh` per (tier, shape) — tiers
 * pebbles, cobbles, blocks, boulders (rockTiers.ts), each with its own dithered fade range — drawn with the
 * shared terrain material (facet shading, full rock cover) and a per-instance albedo tint from the
 * rock's tone. Rocks come from a `ScatterSource` (the universe's `regionScatter`); each frame
 * re-seats a slice of ROCK_SLOTS_PER_FRAME rocks on the drawn mesh, round-robin (the morph drifts
 * with the eye), and in the frame the draw set changes, every rock whose patch was refined or evicted. A rock's centre sits (0.5 − burial) of its height above
 * its seat, along the local up. Pebbles and cobbles beyond their tier's range stay hidden (they
 * would be dithered away). Instance transforms are relative to a float64 rock anchor near the eye
 * (camera-relative, ADR-0011).
 */
import {
  Color,
  Group,
  InstancedBufferAttribute,
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
import { BOULDER_TIER, ROCK_TIERS, rockTier, tierFadeEnd, tierFadeStart } from './rockTiers';
import {
  ROCK_INSTANCE_CAP,
  ROCK_SHAPES,
  ROCK_SLOTS_PER_FRAME,
  ROCKS_PER_QUERY_CAP,
} from '../renderConstants';
import { bodyPalette } from '../material/bodyPalette';

/** One rock as the universe scatters it (body-fixed float64 position on the drawn field). */
export interface ScatterRockLike {
  position: ArrayLike<number>;
  /** Unit quaternion x, y, z, w: body-fixed orientation; the rock's +Y is its up. */
  rotation: ArrayLike<number>;
  /** Size along the rock's x, y, z, m (x the diameter, y the height). */
  scale: ArrayLike<number>;
  shape: number;
  tone?: number;
  /** Fraction of the height below the seat (default DEFAULT_BURIAL). */
  burial?: number;
}

export interface ScatterSource {
  /**
   * Every rock within its tier's range (`tierFadeEnd`) plus `margin` m of body-fixed `eye`, coarse
   * size classes first, in a deterministic order: at once, or later (resolved in a worker);
   * aborting `signal` cancels a later answer (its promise then rejects).
   */
  rocksNear(
    body: Body,
    eye: ArrayLike<number>,
    margin: number,
    signal?: AbortSignal,
  ): readonly ScatterRockLike[] | Promise<readonly ScatterRockLike[]>;
}

/** A rock's identity across queries: its body-fixed position, exactly. */
const positionKey = (r: ScatterRockLike): string => `${r.position[0]},${r.position[1]},${r.position[2]}`;

/** Burial of rocks that do not state one. */
const DEFAULT_BURIAL = 0.3;

/**
 * Re-query the source when the eye has moved this far from where it last did, m; rocks of the new
 * query that the old one held keep their seats (no blink).
 */
const REQUERY_M = 10;

export class ScatterRocks {
  readonly group = new Group();
  readonly meshes: InstancedMesh[] = [];
  private rocks: readonly ScatterRockLike[] = [];
  private readonly slotOf: Int32Array[] = [];
  private cursor = 0;
  private seatedFlags = new Uint8Array(0);
  /** Seated body-fixed position of each rock (valid where seatedFlags is 1). */
  private seatedPos = new Float64Array(0);
  /** The payload of the patch each seated rock sits on (undefined where hidden). */
  private seatedOn: (object | undefined)[] = [];
  /** The payloads of the draw set last seated against, in order (a change re-seats moved rocks). */
  private drawnPayloads: object[] = [];
  private drawnSet = new Set<object>();
  /** Rocks re-seated at once because the patch under them changed (not by the round-robin). */
  reseatedOnChange = 0;
  /** Rocks seated on a drawn patch as of their latest seating (the rest are hidden). */
  seatedCount = 0;
  /** Whole seating passes over the rocks so far (the cursor's wraps): a test waits for one. */
  seatPasses = 0;
  /** Bumped whenever a drawn instance changes (a new query applied, a rock seated, moved or hidden). */
  version = 0;
  private readonly anchor = new Float64Array(3);
  private readonly queriedAt = new Float64Array([Infinity, Infinity, Infinity]);
  private readonly seater = new MeshSeater();
  private readonly geometries: BufferGeometry[] = [];
  private readonly m = new Matrix4();
  private readonly q = new Quaternion();
  private readonly s = new Vector3();
  private readonly p = new Vector3();
  private readonly dir = new Float64Array(3);
  private readonly eyeNow = new Float64Array(3);
  private readonly tint = new Color();
  /** The body's rock tint at tone 0 and 1 (`BodyPalette.rockTint`). */
  private readonly tintRange: readonly [number, number];
  /** The re-query in flight (a source that answers later), aborted by the next one or dispose. */
  private pending: AbortController | null = null;
  /** Re-queries answered and applied (each one re-slots the instances). */
  queriesApplied = 0;

  constructor(
    private readonly body: Body,
    private readonly source: ScatterSource,
    material: Material,
  ) {
    this.tintRange = bodyPalette(body).rockTint;
    for (let tier = 0; tier < ROCK_TIERS; tier++) {
      for (let shape = 0; shape < ROCK_SHAPES; shape++) {
        const g = rockGeometry(shape, tier >= 2 ? 2 : 1);
        this.geometries.push(g);
        const mesh = new InstancedMesh(g, material, ROCK_INSTANCE_CAP);
        mesh.instanceColor = new InstancedBufferAttribute(new Float32Array(3 * ROCK_INSTANCE_CAP), 3);
        mesh.count = 0;
        mesh.frustumCulled = false;
        mesh.castShadow = true;
        mesh.name = `rocks-${tier}-${shape}`;
        mesh.userData = {
          facet: 1,
          fadeStart: tierFadeStart(tier),
          fadeEnd: tierFadeEnd(tier),
          morphScale: 0,
        };
        this.meshes.push(mesh);
        this.group.add(mesh);
      }
    }
  }

  /** The mesh (tier × ROCK_SHAPES + shape) that draws rock `r`. */
  meshIndexOf(r: ScatterRockLike): number {
    return rockTier(r.scale[0]) * ROCK_SHAPES + (r.shape % ROCK_SHAPES);
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
    this.eyeNow[0] = e[0];
    this.eyeNow[1] = e[1];
    this.eyeNow[2] = e[2];
    if (this.drawSetChanged(drawSet)) this.reseatWherePatchChanged();
    const n = this.rocks.length;
    const slice = Math.min(n, ROCK_SLOTS_PER_FRAME);
    for (let k = 0; k < slice; k++) {
      this.seat(this.cursor);
      this.cursor = (this.cursor + 1) % n;
      if (this.cursor === 0) this.seatPasses++;
    }
    const off = new Vector3();
    eye.offsetOf(this.anchor, off);
    for (const mesh of this.meshes) mesh.position.copy(off);
    return this.count();
  }

  /** True when `drawSet`'s payloads differ from the last call's (then remembers them). */
  private drawSetChanged(drawSet: readonly DrawItem[]): boolean {
    const last = this.drawnPayloads;
    let same = last.length === drawSet.length;
    for (let i = 0; same && i < drawSet.length; i++) same = last[i] === drawSet[i].payload;
    if (same) return false;
    this.drawnPayloads = drawSet.map((d) => d.payload);
    this.drawnSet = new Set(this.drawnPayloads);
    return true;
  }

  /**
   * Re-seats at once every seated rock whose patch has left the draw set (refined, coarsened or
   * culled; the draw set's patches are disjoint, ADR-0008, so a rock's patch can only change by
   * leaving it): one set lookup per rock. Left to the round-robin, a rock seated on a coarse parent would
   * stand at the parent's height — tens of metres off the refined ground, in the sky or under it
   * — for as many frames as a seating pass takes.
   */
  private reseatWherePatchChanged(): void {
    for (let i = 0; i < this.rocks.length; i++) {
      if (!this.seatedFlags[i]) continue;
      if (this.drawnSet.has(this.seatedOn[i] as object)) continue;
      this.reseatedOnChange++;
      this.seat(i);
    }
  }

  /**
   * Asks the source for the rocks near `eye`. A source that answers later (a worker) leaves the
   * current rocks drawn until its answer arrives; a newer re-query or `dispose` aborts it. A
   * failed answer clears `queriedAt`, so the next update asks again (no failure is remembered).
   */
  private requery(eye: Float64Array): void {
    this.pending?.abort();
    this.pending = null;
    this.queriedAt.set(eye);
    const at = Float64Array.from(eye);
    const ac = new AbortController();
    const answer = this.source.rocksNear(this.body, at, REQUERY_M, ac.signal);
    if (!(answer instanceof Promise)) {
      this.apply(at, answer);
      return;
    }
    this.pending = ac;
    answer.then(
      (rocks) => {
        if (ac.signal.aborted) return;
        this.pending = null;
        this.apply(at, rocks);
      },
      () => {
        if (ac.signal.aborted) return;
        this.pending = null;
        this.queriedAt.fill(Infinity);
      },
    );
  }

  /** Makes `all`, queried at `eye`, the rocks drawn: re-slots the instances, keeps known seats. */
  private apply(eye: Float64Array, all: readonly ScatterRockLike[]): void {
    this.queriesApplied++;
    // An empty answer after an empty set changes nothing drawn: no new version, so a still view
    // with no rocks in range is not drawn again when a late query lands (PlanetView.frame).
    if (this.rocks.length > 0 || all.length > 0) this.version++;
    // Seats of the old query by rock position: rocks the new query also holds keep them.
    const oldSeat = new Map<string, number>();
    this.rocks.forEach((r, i) => {
      if (this.seatedFlags[i]) oldSeat.set(positionKey(r), i);
    });
    const oldPos = this.seatedPos;
    const oldOn = this.seatedOn;
    this.anchor.set(eye);
    this.rocks = all.length > ROCKS_PER_QUERY_CAP ? all.slice(0, ROCKS_PER_QUERY_CAP) : all;
    this.slotOf.length = 0;
    const perMesh = new Array<number>(this.meshes.length).fill(0);
    const slots = new Int32Array(this.rocks.length);
    this.rocks.forEach((r, i) => {
      const k = this.meshIndexOf(r);
      slots[i] = perMesh[k] < ROCK_INSTANCE_CAP ? perMesh[k]++ : -1;
      if (slots[i] < 0) return;
      const tone = r.tone ?? 0.5;
      const t = this.tintRange[0] + (this.tintRange[1] - this.tintRange[0]) * tone;
      this.meshes[k].setColorAt(slots[i], this.tint.setRGB(t, t, t));
    });
    this.slotOf.push(slots);
    this.meshes.forEach((m, k) => {
      m.count = perMesh[k];
      if (m.instanceColor) m.instanceColor.needsUpdate = true;
    });
    this.cursor = 0;
    this.seatedFlags = new Uint8Array(this.rocks.length);
    this.seatedPos = new Float64Array(3 * this.rocks.length);
    this.seatedOn = new Array<object | undefined>(this.rocks.length).fill(undefined);
    this.seatedCount = 0;
    this.rocks.forEach((r, i) => {
      const o = oldSeat.get(positionKey(r));
      if (o === undefined) {
        this.place(i, Number.NaN, true); // hidden until seated
      } else {
        const x = oldPos[3 * o];
        const y = oldPos[3 * o + 1];
        const z = oldPos[3 * o + 2];
        this.dirOf(r);
        this.seatedOn[i] = oldOn[o];
        this.place(i, Math.sqrt(x * x + y * y + z * z), true);
      }
    });
  }

  /** Unit direction of rock `r` into this.dir. */
  private dirOf(r: ScatterRockLike): void {
    const px = r.position[0];
    const py = r.position[1];
    const pz = r.position[2];
    const len = Math.sqrt(px * px + py * py + pz * pz);
    this.dir[0] = px / len;
    this.dir[1] = py / len;
    this.dir[2] = pz / len;
  }

  private seat(i: number): void {
    const r = this.rocks[i];
    if (this.slotOf[0][i] < 0) return;
    this.dirOf(r);
    const tier = rockTier(r.scale[0]);
    let radius = Number.NaN;
    if (tier === BOULDER_TIER || this.withinRange(r.position, tierFadeEnd(tier))) {
      radius = this.seater.meshRadius(this.dir);
    }
    this.seatedOn[i] = Number.isNaN(radius) ? undefined : this.seater.lastPatch?.payload;
    this.place(i, radius);
  }

  /**
   * Instance of rock `i` seated at `radius` along this.dir (NaN: hidden). Unless `force`, an
   * instance already so (hidden, or seated at the same point) is left as it is: no upload, no new
   * `version`.
   */
  private place(i: number, radius: number, force = false): void {
    const r = this.rocks[i];
    const slot = this.slotOf[0][i];
    if (slot < 0) return;
    const mesh = this.meshes[this.meshIndexOf(r)];
    const was = this.seatedFlags[i];
    const hidden = Number.isNaN(radius);
    const x = this.dir[0] * radius;
    const y = this.dir[1] * radius;
    const z = this.dir[2] * radius;
    const sp = this.seatedPos;
    if (
      !force &&
      (hidden ? was === 0 : was === 1 && sp[3 * i] === x && sp[3 * i + 1] === y && sp[3 * i + 2] === z)
    )
      return;
    this.version++;
    this.seatedFlags[i] = hidden ? 0 : 1;
    this.seatedCount += this.seatedFlags[i] - was;
    if (hidden) {
      this.m.makeScale(0, 0, 0);
    } else {
      sp[3 * i] = x;
      sp[3 * i + 1] = y;
      sp[3 * i + 2] = z;
      // The centre rises (0.5 − burial) of the height above the seat.
      const lift = (0.5 - (r.burial ?? DEFAULT_BURIAL)) * r.scale[1];
      this.p.set(
        this.dir[0] * (radius + lift) - this.anchor[0],
        this.dir[1] * (radius + lift) - this.anchor[1],
        this.dir[2] * (radius + lift) - this.anchor[2],
      );
      this.q.set(r.rotation[0], r.rotation[1], r.rotation[2], r.rotation[3]);
      this.s.set(r.scale[0], r.scale[1], r.scale[2]);
      this.m.compose(this.p, this.q, this.s);
    }
    mesh.setMatrixAt(slot, this.m);
    markSlot(mesh.instanceMatrix, slot);
  }

  /** True when rock `r` at eye distance `dist` m is drawn (boulders always, others within their tier's range). */
  drawsAt(r: ScatterRockLike, dist: number): boolean {
    const tier = rockTier(r.scale[0]);
    return tier === BOULDER_TIER || dist <= tierFadeEnd(tier);
  }

  private withinRange(p: ArrayLike<number>, range: number): boolean {
    const dx = p[0] - this.eyeNow[0];
    const dy = p[1] - this.eyeNow[1];
    const dz = p[2] - this.eyeNow[2];
    return dx * dx + dy * dy + dz * dz <= range * range;
  }

  /**
   * Body-fixed seat of the seated rock of diameter ≥ `minDiameter` m nearest `eye` into `out`, or
   * null if none is seated.
   */
  nearestSeated(eye: ArrayLike<number>, out: Float64Array, minDiameter = 0): Float64Array | null {
    let best = Infinity;
    for (let i = 0; i < this.seatedFlags.length; i++) {
      if (!this.seatedFlags[i] || this.rocks[i].scale[0] < minDiameter) continue;
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
    this.pending?.abort();
    this.pending = null;
    // Let go of the payloads (patch vertex buffers) the seats point at.
    this.drawnPayloads = [];
    this.drawnSet.clear();
    this.seatedOn = [];
    for (const m of this.meshes) m.dispose();
    for (const g of this.geometries) g.dispose();
    this.group.clear();
  }
}

/**
 * Asks three to upload instance `slot`'s matrix (16 floats) at the next render, and only what
 * changed since the last upload: one update range per attribute, the union of the slots marked
 * since three last uploaded it (three clears the ranges once it has). Without ranges a moved seat
 * re-uploaded the whole buffer — ROCK_INSTANCE_CAP × 64 B = 1 MiB per mesh, up to 32 MiB a frame
 * with the eye walking (issue 13: most of a walking frame's main-thread time).
 */
export function markSlot(attr: InstancedBufferAttribute, slot: number): void {
  const start = slot * 16;
  const end = start + 16;
  const r = attr.updateRanges[0];
  if (!r) {
    attr.addUpdateRange(start, 16);
  } else {
    const lo = Math.min(r.start, start);
    r.count = Math.max(r.start + r.count, end) - lo;
    r.start = lo;
  }
  attr.needsUpdate = true;
}
