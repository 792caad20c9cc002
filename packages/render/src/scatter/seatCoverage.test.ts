// Rocks are drawn wherever the ground under them is drawn (ADR-0013): standing 2 m above Luna,
// every rock of the universe's scatter in range whose direction lies on a drawn patch (at any
// level, not only the finest) is seated after one round-robin cycle; the rest lie outside the
// frustum-culled draw set. Truth: `DrawnSurfaceTruth` (independent ray cast over every drawn
// triangle) says which directions have drawn ground.
import { describe, expect, it } from 'vitest';
import { MeshBasicNodeMaterial } from 'three/webgpu';
import { drawnElevationAt } from '@landfall/universe';
import { ScatterRocks } from './ScatterRocks';
import { regionScatterSource } from './regionScatterSource';
import { EyeFrame } from '../frame/EyeFrame';
import { ROCK_SLOTS_PER_FRAME } from '../renderConstants';
import { DrawnSurfaceTruth } from '../testing/drawnSurfaceTruth';
import { streamedBody, streamToFixedPoint, viewFrom } from '../testing/streamedDrawSets';

declare const console: { log(...args: unknown[]): void };

describe('rock seating coverage', () => {
  it('seats every rock in range over drawn ground, at every drawn level', { timeout: 600_000 }, async () => {
    const { body, streamer } = streamedBody('luna', 16, 22);
    const up = [0.6, 0.48, 0.64];
    // 2 m above the drawn ground there (not the datum: the ground may lie far from it).
    const ground = drawnElevationAt(body, { x: up[0], y: up[1], z: up[2] });
    const view = viewFrom(body, up, ground + 2, [-0.48, 0.6, -0.3]);
    expect(await streamToFixedPoint(streamer, view)).toBe(true);
    const ds = streamer.drawSet();
    const truth = new DrawnSurfaceTruth(ds, view.eye);
    const rocks = regionScatterSource.rocksNear(body, view.eye, 10);
    const scatter = new ScatterRocks(body, { rocksNear: () => rocks }, new MeshBasicNodeMaterial());
    const frame = new EyeFrame().setEye(view.eye[0], view.eye[1], view.eye[2]);
    const frames = Math.ceil(rocks.length / ROCK_SLOTS_PER_FRAME) + 1;
    for (let f = 0; f < frames; f++) scatter.update(frame, ds);
    // Rocks over drawn ground, by the truth, within their tier's range (the rest are not drawn).
    let over = 0;
    const levels = new Set<number>();
    const seatedWithin = scatter.seatedCount;
    for (const r of rocks) {
      const len = Math.hypot(r.position[0], r.position[1], r.position[2]);
      const d = [r.position[0] / len, r.position[1] / len, r.position[2] / len];
      if (Number.isNaN(truth.radius(d))) continue;
      const dist = Math.hypot(
        r.position[0] - view.eye[0],
        r.position[1] - view.eye[1],
        r.position[2] - view.eye[2],
      );
      if (!scatter.drawsAt(r, dist)) continue;
      over++;
    }
    for (const item of ds) levels.add(item.payload.level);
    console.log(
      `[coverage] luna 2 m: ${rocks.length} rocks in query, ${over} over drawn ground and in range, ${seatedWithin} seated; draw set ${ds.length} patches, levels ${[...levels].sort((a, b) => a - b).join(',')}`,
    );
    expect(over).toBeGreaterThan(50);
    expect(seatedWithin).toBe(over);
    scatter.dispose();
    streamer.dispose();
  });
});
