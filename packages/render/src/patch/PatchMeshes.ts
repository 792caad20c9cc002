/**
 * The GPU side of the streamer's draw set (ADR-0011): one `Mesh` per drawn patch, placed at its
 * float64 anchor − eye each frame, carrying its morph range and grain origin for the shared
 * material. GPU residency follows the draw set plus a small recently-drawn LRU
 * (`PATCH_MESH_IDLE_CAP`); everything else is disposed. `created`/`disposed` count geometries so
 * tests can prove nothing leaks.
 */
import { BufferAttribute, Group, Mesh, Vector3, type Material } from 'three/webgpu';
import { sharedIndices, type PatchPayload } from '@landfall/streamer';
import { PATCH_MESH_IDLE_CAP } from '../renderConstants';
import { grainOrigin } from '../material/grainDomain';
import type { EyeFrame } from '../frame/EyeFrame';
import { createPatchGeometry, disposePatchGeometry } from './PatchGeometry';

/** One entry of the streamer's draw set. */
export interface DrawItem {
  payload: PatchPayload;
  /** Eye distance (m) where the morph towards the parent starts and ends (finite sentinels). */
  morphStart: number;
  morphEnd: number;
  /** Per edge (west, east, south, north): −1 free, else the forced morph factor (2:1 neighbours). */
  edgeMorph?: ArrayLike<number>;
  /** Per corner (SW, SE, NW, NE): −1 free, else the forced morph factor (the level filter). */
  cornerMorph?: ArrayLike<number>;
}

/** What the shared material reads from each patch mesh (`Object3D.userData`). */
export interface PatchUserData {
  anchor: Float64Array;
  morphStart: number;
  morphEnd: number;
  morphScale: number;
  grainOrigin: Vector3;
  facet: number;
  fadeEnd: number;
  edgeMorph: Float32Array;
  cornerMorph: Float32Array;
  lastDrawn: number;
}

export class PatchMeshes {
  readonly group = new Group();
  readonly meshes = new Map<string, Mesh>();
  /** Geometries created and disposed so far (a test compares them). */
  created = 0;
  disposed = 0;
  private readonly index: BufferAttribute;
  private frameNo = 0;
  private triangles = 0;

  constructor(private readonly material: Material) {
    this.index = new BufferAttribute(sharedIndices(), 1);
    this.group.name = 'patches';
  }

  /** Shows exactly the draw set, positioned relative to the eye; returns the triangles drawn. */
  sync(drawSet: readonly DrawItem[], eye: EyeFrame): number {
    const frame = ++this.frameNo;
    let tris = 0;
    for (const item of drawSet) {
      const p = item.payload;
      let mesh = this.meshes.get(p.address);
      if (!mesh) mesh = this.add(p);
      const ud = mesh.userData as PatchUserData;
      ud.morphStart = item.morphStart;
      ud.morphEnd = item.morphEnd;
      if (item.edgeMorph) for (let e = 0; e < 4; e++) ud.edgeMorph[e] = item.edgeMorph[e];
      else ud.edgeMorph.fill(-1);
      if (item.cornerMorph) for (let c = 0; c < 4; c++) ud.cornerMorph[c] = item.cornerMorph[c];
      else ud.cornerMorph.fill(-1);
      ud.lastDrawn = frame;
      eye.offsetOf(ud.anchor, mesh.position);
      mesh.visible = true;
      tris += this.index.count / 3;
    }
    for (const mesh of this.meshes.values()) {
      if ((mesh.userData as PatchUserData).lastDrawn !== frame) mesh.visible = false;
    }
    this.trimIdle(frame);
    this.triangles = tris;
    return tris;
  }

  /** Triangles in the last synced draw set. */
  trianglesDrawn(): number {
    return this.triangles;
  }

  /** Drops a patch's mesh now (the streamer evicted it). */
  evict(address: string): void {
    const mesh = this.meshes.get(address);
    if (!mesh) return;
    this.group.remove(mesh);
    this.meshes.delete(address);
    disposePatchGeometry(mesh.geometry);
    this.disposed++;
  }

  dispose(): void {
    for (const address of [...this.meshes.keys()]) this.evict(address);
  }

  private add(p: PatchPayload): Mesh {
    const mesh = new Mesh(createPatchGeometry(p, this.index), this.material);
    this.created++;
    mesh.name = p.address;
    mesh.matrixAutoUpdate = true;
    const ud: PatchUserData = {
      anchor: Float64Array.from(p.anchor),
      morphStart: 1e30,
      morphEnd: 2e30,
      morphScale: p.morphScale,
      grainOrigin: grainOrigin(p.anchor, new Vector3()),
      facet: 0,
      fadeEnd: 1e30,
      edgeMorph: new Float32Array([-1, -1, -1, -1]),
      cornerMorph: new Float32Array([-1, -1, -1, -1]),
      lastDrawn: 0,
    };
    mesh.userData = ud;
    // Terrain casts the sun's shadows on itself, rocks and objects near the eye (ADR-0012).
    mesh.castShadow = true;
    this.meshes.set(p.address, mesh);
    this.group.add(mesh);
    return mesh;
  }

  private trimIdle(frame: number): void {
    let idle = 0;
    for (const mesh of this.meshes.values()) if ((mesh.userData as PatchUserData).lastDrawn !== frame) idle++;
    if (idle <= PATCH_MESH_IDLE_CAP) return;
    const stale = [...this.meshes.values()]
      .filter((m) => (m.userData as PatchUserData).lastDrawn !== frame)
      .sort((a, b) => (a.userData as PatchUserData).lastDrawn - (b.userData as PatchUserData).lastDrawn);
    for (let i = 0; i < idle - PATCH_MESH_IDLE_CAP; i++) this.evict(stale[i].name);
  }
}
