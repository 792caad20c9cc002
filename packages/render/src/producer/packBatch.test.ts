// packBatch and the Packer (ADR-0020 item 22) in Node, where no module worker exists: the batch's
// shape against its requests, the words against the domain split formed here from universe's own
// directions, what a worker may hand over, and the Packer's page path. The browser spec
// (tools/e2e/gpuPatchProducer.spec.ts) runs the worker path and compares the payloads.
import { describe, expect, it } from 'vitest';
import { getBody, patchDirections } from '@landfall/universe';
import { PATCH_GRID } from '@landfall/streamer';
import { packBatch, packTransfers, type PackRequest } from './packBatch';
import { Packer } from './Packer';
import { placeRecords } from './GpuPlaces';
import { LADDER_GATHER_MAX } from './GpuLadder';

const G = PATCH_GRID;
const N = G * G;
const H = (G + 1) / 2;

const luna = (level: number, x: number, y: number, filterM: number): PackRequest => ({
  body: 'luna',
  face: 2,
  level,
  x,
  y,
  filterM,
});

describe('packBatch', () => {
  it('gives a parent set only to filtered patches above level 0, in request order', () => {
    const reqs = [luna(0, 0, 0, 5e4), luna(8, 100, 90, 400), luna(14, 6464, 5760, 0), luna(8, 102, 90, 400)];
    const p = packBatch(reqs);
    expect(p.filtered).toEqual([false, true, false, true]);
    expect(p.parentOf).toEqual([-1, 0, -1, 1]);
    expect(p.own.patchCount).toBe(4);
    expect(p.own.samplesPerPatch).toBe(N);
    expect(p.parent?.patchCount).toBe(2);
    expect(p.parent?.samplesPerPatch).toBe(H * H);
    // The compose kernel's uniform: samples per patch, total.
    expect([...p.own.params.subarray(0, 2)]).toEqual([N, 4 * N]);
    expect([...(p.parent as NonNullable<typeof p.parent>).params.subarray(0, 2)]).toEqual([H * H, 2 * H * H]);
    // A level-0 face gathers a whole face's craters the first time (the ladder plan's memo is cold).
  }, 60_000);

  it('has no parent set when no patch is filtered', () => {
    const p = packBatch([luna(0, 0, 0, 5e4), luna(14, 3, 4, 0)]);
    expect(p.parent).toBeNull();
    expect(p.parentOf).toEqual([-1, -1]);
  });

  it("writes the split words of universe's directions (hi = f32(P), lo = f32(P − hi)), the parent's at the even vertices", () => {
    const r = luna(8, 100, 90, 400);
    const p = packBatch([r]);
    const R = getBody('luna').radius;
    const dirs = patchDirections(r.face, r.level, r.x, r.y, G, 0, new Float64Array(3 * N));
    expect(p.dirs[0]).toEqual(dirs);
    // Vertex (i, j) = (10, 4) of the patch; its parent sample is (5, 2).
    const k = 4 * G + 10;
    const m = 2 * H + 5;
    for (let q = 0; q < 3; q++) {
      const P = dirs[3 * k + q] * R;
      const hi = Math.fround(P);
      expect(p.own.words[6 * k + q]).toBe(hi);
      expect(p.own.words[6 * k + 3 + q]).toBe(Math.fround(P - hi));
      expect((p.parent as NonNullable<typeof p.parent>).words[6 * m + q]).toBe(hi);
    }
    // Every stage reads the same words.
    expect(p.own.bands.samples).toBe(p.own.words);
    expect(p.own.ladder.samples).toBe(p.own.words);
    expect(p.own.micro.samples).toBe(p.own.words);
    expect(p.own.grit.samples).toBe(p.own.words);
  });

  it('stops an unfiltered coarse patch with an error past LADDER_GATHER_MAX candidates, and packs a fine one', () => {
    // Unfiltered, a level-0 face would gather every rung down to the finest over the face (hours);
    // the same patch under its level filter (first test) and a fine unfiltered one pack.
    expect(() => packBatch([luna(0, 0, 0, 0)])).toThrow(
      new RegExp(
        `luna patch gathers \\d+ crater candidates by rung \\d+ of \\d+ \\(over ${LADDER_GATHER_MAX};`,
      ),
    );
    expect(packBatch([luna(14, 9000, 8000, 0)]).own.patchCount).toBe(1);
  }, 60_000);

  it('hands over each fresh buffer once and keeps the cached place records', () => {
    const p = packBatch([luna(8, 100, 90, 400), luna(8, 101, 90, 400)]);
    const t = packTransfers(p);
    expect(new Set(t).size).toBe(t.length);
    expect(t).toContain(p.own.words.buffer);
    expect(t).toContain(p.dirs[1].buffer);
    expect(t).toContain(p.cover);
    expect(t).not.toContain(placeRecords(getBody('luna')).data.buffer);
    expect(p.own.places).toBe(placeRecords(getBody('luna')).data);
  });
});

describe('Packer', () => {
  it('packs on the page where no worker is asked for, as packBatch does', async () => {
    const packer = new Packer(false);
    const reqs = [luna(8, 100, 90, 400)];
    const p = await packer.pack(reqs);
    expect(packer.packedOnPage).toBe(1);
    expect(packer.packedInWorker).toBe(0);
    expect(packer.noWorker).toBe('not asked for');
    expect(p.own.words).toEqual(packBatch(reqs).own.words);
    packer.dispose();
  });

  it('rejects what packBatch refuses (a filter that is not a number), as a RangeError', async () => {
    const packer = new Packer(false);
    await expect(packer.pack([luna(8, 100, 90, NaN)])).rejects.toThrow(RangeError);
    expect(packer.packedOnPage).toBe(0);
    packer.dispose();
  });
});
