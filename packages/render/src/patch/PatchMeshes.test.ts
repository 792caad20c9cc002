// Patch meshes follow the draw set; every geometry created is disposed on eviction, on the idle
// cap and on dispose(), and the shared index buffer is never disposed with a patch.
import { describe, expect, it } from 'vitest';
import { MeshBasicNodeMaterial } from 'three/webgpu';
import { generateHeightfield, type PatchPayload } from '@landfall/streamer';
import { EyeFrame } from '../frame/EyeFrame';
import { PATCH_MESH_IDLE_CAP } from '../renderConstants';
import { PatchMeshes, type DrawItem } from './PatchMeshes';

// One generated patch, cloned under distinct addresses (generation is the streamer's cost, not ours).
const base = generateHeightfield({ body: 'luna', face: 0, level: 2, x: 1, y: 2 });
const clone = (k: number): PatchPayload => ({ ...base, address: `${base.address}#${k}`, x: k });
const payloads: PatchPayload[] = Array.from({ length: 16 }, (_, k) => clone(k));
const item = (p: PatchPayload): DrawItem => ({ payload: p, morphStart: 1e30, morphEnd: 2e30 });

describe('PatchMeshes', () => {
  it('shows exactly the draw set, offset from the eye in float64', () => {
    const pm = new PatchMeshes(new MeshBasicNodeMaterial());
    const eye = new EyeFrame().setEye(1737402, 0, 0);
    const tris = pm.sync(payloads.slice(0, 3).map(item), eye);
    expect(tris).toBe(3 * 64 * 64 * 2);
    const visible = [...pm.meshes.values()].filter((m) => m.visible);
    expect(visible).toHaveLength(3);
    const m = pm.meshes.get(payloads[0].address)!;
    expect(m.position.x).toBe(payloads[0].anchor[0] - 1737402);
    pm.sync(payloads.slice(1, 2).map(item), eye);
    expect([...pm.meshes.values()].filter((x) => x.visible)).toHaveLength(1);
  });

  it('disposes every geometry it created, never the shared index', () => {
    const pm = new PatchMeshes(new MeshBasicNodeMaterial());
    const eye = new EyeFrame().setEye(1737402, 0, 0);
    let disposeEvents = 0;
    pm.sync(payloads.map(item), eye);
    const geoms = [...pm.meshes.values()].map((m) => m.geometry);
    const index = geoms[0].index!;
    for (const g of geoms) g.addEventListener('dispose', () => disposeEvents++);
    pm.evict(payloads[0].address);
    expect(pm.disposed).toBe(1);
    pm.dispose();
    expect(pm.created).toBe(payloads.length);
    expect(pm.disposed).toBe(payloads.length);
    expect(disposeEvents).toBe(payloads.length);
    expect(pm.meshes.size).toBe(0);
    // three destroys a geometry's index buffer on dispose; ours is detached first, so the shared
    // attribute is still whole and every disposed geometry lost its reference to it.
    expect(geoms.every((g) => g.index === null)).toBe(true);
    expect(index.count).toBe(64 * 64 * 6);
  });

  it('keeps at most PATCH_MESH_IDLE_CAP meshes outside the draw set', () => {
    const many = Array.from({ length: 128 }, (_, k) => clone(100 + k));
    const pm = new PatchMeshes(new MeshBasicNodeMaterial());
    const eye = new EyeFrame().setEye(1737402, 0, 0);
    pm.sync(many.map(item), eye);
    pm.sync([item(many[0])], eye);
    expect(pm.meshes.size).toBe(1 + PATCH_MESH_IDLE_CAP);
    expect(pm.disposed).toBe(many.length - 1 - PATCH_MESH_IDLE_CAP);
  });
});
