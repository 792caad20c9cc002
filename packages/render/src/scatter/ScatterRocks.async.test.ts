// ScatterRocks over a source that answers later (the worker pool, ADR-0013): the rocks drawn stay
// those of the last applied answer until a new one arrives; a newer re-query aborts the older,
// whose late answer is never applied; a failed answer is asked again on the next update; dispose
// aborts the query in flight. The source here is a real deferred promise per query, not a mock of
// the pool (the pool's own cancellation is tested over real worker threads in the streamer).
import { describe, expect, it } from 'vitest';
import { MeshBasicNodeMaterial } from 'three/webgpu';
import { getBody } from '@landfall/universe';
import { ScatterRocks, type ScatterRockLike, type ScatterSource } from './ScatterRocks';
import { EyeFrame } from '../frame/EyeFrame';

interface Query {
  eye: number[];
  signal: AbortSignal;
  resolve(rocks: ScatterRockLike[]): void;
  reject(err: Error): void;
}

function deferredSource(queries: Query[]): ScatterSource {
  return {
    rocksNear(_body, eye, _margin, signal) {
      return new Promise<readonly ScatterRockLike[]>((resolve, reject) =>
        queries.push({ eye: [eye[0], eye[1], eye[2]], signal: signal!, resolve, reject }),
      );
    },
  };
}

const rock = (x: number): ScatterRockLike => ({
  position: [x, 0, 0],
  rotation: [0, 0, 0, 1],
  scale: [1, 0.6, 0.8],
  shape: 0,
});

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('ScatterRocks with a later-answering source', () => {
  it('applies only the newest answer; aborts the older; retries a failure; dispose aborts', async () => {
    const body = getBody('luna');
    const queries: Query[] = [];
    const scatter = new ScatterRocks(body, deferredSource(queries), new MeshBasicNodeMaterial());
    const frame = new EyeFrame();
    const r = body.radius;
    frame.setEye(r, 0, 0);
    scatter.update(frame, []);
    expect(queries.length).toBe(1);
    expect(scatter.queriesApplied).toBe(0);
    // Moving 50 m re-queries: the first query is aborted before it answers.
    frame.setEye(r, 50, 0);
    scatter.update(frame, []);
    expect(queries.length).toBe(2);
    expect(queries[0].signal.aborted).toBe(true);
    queries[0].resolve([rock(r), rock(r)]);
    await settle();
    expect(scatter.queriesApplied).toBe(0);
    queries[1].resolve([rock(r), rock(r), rock(r)]);
    await settle();
    expect(scatter.queriesApplied).toBe(1);
    expect(scatter.meshes[scatter.meshIndexOf(rock(r))].count).toBe(3);
    // Within the re-query distance: no new query.
    frame.setEye(r, 52, 0);
    scatter.update(frame, []);
    expect(queries.length).toBe(2);
    // A failed answer is asked again on the next update, from the same place.
    frame.setEye(r, 100, 0);
    scatter.update(frame, []);
    queries[2].reject(new Error('worker lost'));
    await settle();
    scatter.update(frame, []);
    expect(queries.length).toBe(4);
    expect(scatter.meshes[scatter.meshIndexOf(rock(r))].count).toBe(3); // still the last applied rocks
    scatter.dispose();
    expect(queries[3].signal.aborted).toBe(true);
  });

  it('an answer changes the version only when the rocks drawn change', async () => {
    const body = getBody('luna');
    const queries: Query[] = [];
    const scatter = new ScatterRocks(body, deferredSource(queries), new MeshBasicNodeMaterial());
    const frame = new EyeFrame();
    const r = body.radius;
    frame.setEye(r, 0, 0);
    scatter.update(frame, []);
    const v0 = scatter.version;
    queries[0].resolve([]); // none in range, none before: nothing drawn changes
    await settle();
    expect(scatter.queriesApplied).toBe(1);
    expect(scatter.version).toBe(v0);
    frame.setEye(r, 100, 0);
    scatter.update(frame, []);
    queries[1].resolve([rock(r)]);
    await settle();
    const v1 = scatter.version;
    expect(v1).toBeGreaterThan(v0);
    frame.setEye(r, 200, 0);
    scatter.update(frame, []);
    queries[2].resolve([]); // the one rock leaves: the meshes' counts change
    await settle();
    expect(scatter.version).toBeGreaterThan(v1);
    expect(scatter.meshes[scatter.meshIndexOf(rock(r))].count).toBe(0);
    scatter.dispose();
  });
});
