/**
 * The persistent patch cache and look-around readiness (issue 17, ADR-0019) in the real browser
 * store (IndexedDB) and the real workers:
 * - a stance resolved once, then reloaded, reaches the same fixed point from disk generating
 *   (almost) nothing; one stored entry corrupted on purpose is generated again and the picture is
 *   the same, with no console error; entries stored under another level id are never read.
 * - after the fixed point and the 360° ring, a 180° turn reaches its fixed point within a few
 *   frames with no new generation.
 * Figures (cold vs warm time to the fixed point, ring vs view generation, the turn) are printed
 * for ADR-0019; no assertion is timed.
 */
import { expect, test, type Page } from '@playwright/test';
import { NodeKey, PATCH_DB_NAME } from '@landfall/streamer';
import { captureCanvas, collectErrors, landfallState, openApp, type Rgba } from '@landfall/testkit';

/** The stance of the stance spec: a flat spot on a Luna plateau, 2 m up, looking north. */
const STANCE = {
  body: 'luna',
  lat: 55.9598,
  lon: 19.0443,
  h: 2,
  heading: 0,
  pitch: 0,
  fov: 60,
  sunAz: 180,
  sunEl: 20,
  hud: 0,
};

interface Counters {
  [k: string]: number | boolean | string;
  generated: number;
  fromDisk: number;
  diskHits: number;
  diskCorrupt: number;
  diskWrites: number;
  diskEntries: number;
  ringGenerated: number;
  ringComplete: boolean;
}

async function counters(page: Page): Promise<Counters> {
  return (await landfallState(page)).counters as Counters;
}

/** Waits for the view's fixed point; returns the in-page ms from start to it. */
async function fixedPoint(page: Page): Promise<number> {
  await page.waitForFunction(
    () => (window as unknown as { __landfall: { fixedPoint: boolean } }).__landfall.fixedPoint,
    null,
    {
      timeout: 400_000,
      polling: 250,
    },
  );
  return (await landfallState(page)).fixedPointMs as number;
}

/** Waits until the look-around ring is complete (nothing more is generated). */
async function ringDone(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (window as unknown as { __landfall: { counters: { ringComplete: boolean } } }).__landfall.counters
        .ringComplete,
    null,
    { timeout: 600_000, polling: 500 },
  );
}

/**
 * Waits until nothing is generated any more (the look-around ring is complete) and no write is
 * queued: what was generated is stored, or counted as dropped. Waiting for the queue alone raced
 * the ring: while it generates, writes keep arriving, and in CI (frames of ~1 s, IndexedDB slow
 * under load) the queue was never seen empty in 120 s.
 */
async function writesSettled(page: Page): Promise<void> {
  await ringDone(page);
  await page.waitForFunction(
    () =>
      (window as unknown as { __landfall: { counters: { diskPending: number } } }).__landfall.counters
        .diskPending === 0,
    null,
    { timeout: 120_000, polling: 250 },
  );
}

/**
 * Rewrites the store from the page after unloading the app (its streamer flushes and closes the
 * store): corrupts the one entry whose name ends in `corrupt`, deletes the one ending in `drop`, or
 * files every entry under another level id. Reads in one transaction, writes in a second; returns the names changed.
 */
async function rewriteStore(
  page: Page,
  mode: { corrupt: string } | { drop: string } | { renameLevel: string },
): Promise<string[]> {
  await page.evaluate(() => (window as unknown as { __landfall: { unload(): void } }).__landfall.unload());
  return page.evaluate(
    async ({ db: dbName, mode }) => {
      const req = <T>(r: IDBRequest<T>) =>
        new Promise<T>((res, rej) => {
          r.onsuccess = () => res(r.result);
          r.onerror = () => rej(r.error);
        });
      const db = await req(indexedDB.open(dbName));
      const read = db.transaction(['meta', 'data'], 'readonly');
      const metas = (await req(read.objectStore('meta').getAll())) as {
        name: string;
        bytes: number;
        lastUsed: number;
      }[];
      const keys = (await req(read.objectStore('data').getAllKeys())) as string[];
      const values = (await req(read.objectStore('data').getAll())) as Uint8Array[];
      const data = new Map(keys.map((k, i) => [k, values[i]]));
      const write = db.transaction(['meta', 'data'], 'readwrite');
      const done = new Promise((res, rej) => {
        write.oncomplete = res;
        write.onerror = () => rej(write.error);
        write.onabort = () => rej(write.error ?? new Error('aborted'));
      });
      const changed: string[] = [];
      for (const m of metas) {
        const bytes = data.get(m.name);
        if (!bytes) continue;
        if ('corrupt' in mode && m.name.endsWith(mode.corrupt)) {
          bytes[bytes.length >> 1] ^= 0x20; // one bit in the middle of the vertex buffer
          write.objectStore('data').put(bytes, m.name);
          changed.push(m.name);
        } else if ('drop' in mode && m.name.endsWith(mode.drop)) {
          // Lost, as a write dropped under load or cut off by a reload is: index and bytes gone.
          write.objectStore('meta').delete(m.name);
          write.objectStore('data').delete(m.name);
          changed.push(m.name);
        } else if ('renameLevel' in mode) {
          // The same patch bytes, filed under another world's level id.
          const name = `${mode.renameLevel}${m.name.slice(m.name.indexOf('|'))}`;
          write.objectStore('meta').delete(m.name);
          write.objectStore('data').delete(m.name);
          write.objectStore('meta').put({ ...m, name });
          write.objectStore('data').put(bytes, name);
          changed.push(name);
        }
      }
      await done;
      db.close();
      return changed;
    },
    { db: PATCH_DB_NAME, mode },
  );
}

/** Where a load's time went (ADR-0019): performance marks of the app and the streamer, in ms. */
interface Startup {
  /** Navigation start to the body's start (page and renderer start-up; not in fixedPointMs). */
  pageMs: number;
  /** From the body's start: the first frame drawn (shader compilation included), the store open,
   * the first job asked for, the fixed point. */
  firstFrameMs: number;
  diskOpenMs: number;
  firstRequestMs: number;
  fixedPointMs: number;
  /** From the first job asked for to the fixed point: the part the cache controls. */
  requestToFixedMs: number;
  frames: number;
  /** Read transactions carrying the view's reads, up to the fixed point (the ring's not counted). */
  readsToFixed: number;
  /** Mean frame after the first, up to the fixed point. */
  frameMs: number;
  readBatches: number;
  readMs: number;
  decodeMs: number;
  integrateMs: number;
}

async function startup(page: Page): Promise<Startup> {
  const got = await page.evaluate(() => {
    const at = (n: string) => performance.getEntriesByName(`landfall:${n}`).at(-1)?.startTime ?? NaN;
    const s = (window as unknown as { __landfall: { fixedPointFrames: number; fixedPointReads: number } })
      .__landfall;
    return {
      setBody: at('set-body'),
      firstFrame: at('first-frame'),
      diskOpen: at('disk-open'),
      firstRequest: at('first-request'),
      fixedPoint: at('fixed-point'),
      frames: s.fixedPointFrames,
      reads: s.fixedPointReads,
    };
  });
  const c = await counters(page);
  const t = got.setBody;
  return {
    pageMs: t,
    firstFrameMs: got.firstFrame - t,
    diskOpenMs: got.diskOpen - t,
    firstRequestMs: got.firstRequest - t,
    fixedPointMs: got.fixedPoint - t,
    requestToFixedMs: got.fixedPoint - got.firstRequest,
    frames: got.frames,
    readsToFixed: got.reads,
    frameMs: (got.fixedPoint - got.firstFrame) / Math.max(1, got.frames - 1),
    readBatches: Number(c.diskReadBatches),
    readMs: Number(c.diskReadMs),
    decodeMs: Number(c.diskDecodeMs),
    integrateMs: Number(c.integrateMs),
  };
}

function describeStartup(name: string, s: Startup): string {
  const f = (v: number) => v.toFixed(0);
  return (
    `[patch cache] ${name}: page start ${f(s.pageMs)} ms; from the body's start: first frame ${f(s.firstFrameMs)} ms, ` +
    `store open ${f(s.diskOpenMs)} ms, first request ${f(s.firstRequestMs)} ms, fixed point ${f(s.fixedPointMs)} ms ` +
    `(${f(s.requestToFixedMs)} ms after the first request) after ${s.frames} frames of ${f(s.frameMs)} ms; ` +
    `${s.readBatches} read transactions (${s.readsToFixed} to the fixed point) ${f(s.readMs)} ms, decode+checksum ${f(s.decodeMs)} ms, integration ${f(s.integrateMs)} ms`
  );
}

function samePicture(a: Rgba, b: Rgba): number {
  let differ = 0;
  for (let i = 0; i < a.data.length; i++) if (a.data[i] !== b.data[i]) differ++;
  return differ;
}

test('a reloaded stance comes back from disk; a corrupt entry is regenerated; another level id is never read', async ({
  page,
}, testInfo) => {
  test.setTimeout(1_500_000);
  const errors = collectErrors(page);
  await openApp(page, 'observatory', STANCE);
  const coldMs = await fixedPoint(page);
  const cold = await counters(page);
  const coldStart = await startup(page);
  const coldImg = await captureCanvas(page, testInfo, 'cold');
  await writesSettled(page);
  const stored = await counters(page);

  await openApp(page, 'observatory', STANCE);
  const warmMs = await fixedPoint(page);
  const warm = await counters(page);
  const warmStart = await startup(page);
  const warmImg = await captureCanvas(page, testInfo, 'warm');
  console.log(
    `[patch cache] cold: fixed point ${coldMs.toFixed(0)} ms, ${cold.generated} generated; ` +
      `${stored.diskWrites} written, ${String(stored.diskDropped)} dropped; warm: ${warmMs.toFixed(0)} ms (${((100 * warmMs) / coldMs).toFixed(1)} %), ${warm.generated} generated (${warm.ringGenerated} for the ring), ${warm.fromDisk} from disk`,
  );
  console.log(describeStartup('cold', coldStart));
  console.log(describeStartup('warm', warmStart));
  console.log(
    `[patch cache] warm / cold from the body's start ${((100 * warmStart.fixedPointMs) / coldStart.fixedPointMs).toFixed(1)} %, ` +
      `from the first request ${((100 * warmStart.requestToFixedMs) / coldStart.requestToFixedMs).toFixed(1)} %, ` +
      `in frames ${((100 * warmStart.frames) / coldStart.frames).toFixed(1)} %`,
  );
  // Not a level per transaction, nor a level per frame: the roots and everything stored below them
  // that the view can see are asked for in one task, so one transaction (the ring's reads come
  // after the fixed point). Reading a level per transaction took 19, the roots then the rest 2.
  // Frames are no measure since the loop stopped drawing unchanged frames (ADR-0011): idle ones
  // tick by at the display's rate while IndexedDB reads. Counted: transactions carrying a read the
  // view waits for (the ring's apart: stop 31's CI counted 3 with them).
  // An entry the cold page did not store (a write dropped under load, or cut off by the reload:
  // the 2 % below) stops the read-ahead there: the view generates it, its stored subtree is read
  // once its children are asked for, and while an ancestor is drawn in its place the 2:1 balance
  // collapses and splits around it, asking for stored nodes the settled view does not draw. One
  // entry deleted on purpose (below) cost 1 more transaction (2026-12-06; 3 more before the fix
  // that follows); the bound allows 4 per entry generated. With nothing generated for the view,
  // exactly 1: stop 32's and 33's runs counted 2 because a node the read-ahead read but judged not
  // to descend read its own subtree on arrival — a deep node no selection asks for, in a second
  // transaction the fixed point waited on (ADR-0019; persistentStreaming.test reproduces it in
  // Node). Fixed on 2026-12-06: the local CI run before the fix counted 2, this spec after it 1.
  const viewGenerated = warm.generated - warm.ringGenerated;
  expect(warmStart.readsToFixed).toBeLessThanOrEqual(1 + 4 * viewGenerated);
  // "(Almost) nothing" of the view's own (the ring may start generating what the cold page had not
  // finished once the view has nothing in flight): 2 % of the cold count allows an entry or two
  // lost at the reload, far below the cold count it guards against.
  expect(viewGenerated).toBeLessThanOrEqual(Math.ceil(0.02 * cold.generated));
  expect(warm.fromDisk).toBeGreaterThan(0.9 * cold.generated);
  expect(samePicture(warmImg, coldImg)).toBe(0);

  // Corrupt the stored patch under the eye (drawn, so an undetected one would show).
  const address = ((await landfallState(page)).view as { address: string }).address;
  const k = NodeKey.fromAddress(address);
  await writesSettled(page);
  const hit = await rewriteStore(page, { corrupt: `|${k.face}/${k.level}/${k.x}/${k.y}` });
  expect(hit).toHaveLength(1);
  await openApp(page, 'observatory', STANCE);
  await fixedPoint(page);
  const healed = await counters(page);
  const healedImg = await captureCanvas(page, testInfo, 'after-corrupt-entry');
  console.log(
    `[patch cache] corrupt ${address}: ${healed.diskCorrupt} dropped, ${healed.generated} generated`,
  );
  expect(healed.diskCorrupt).toBe(1);
  expect(healed.generated).toBeGreaterThanOrEqual(1);
  expect(samePicture(healedImg, coldImg)).toBe(0);

  // One entry lost: the eye's ancestor four levels up. Its stored subtree cannot come with the
  // first transaction (the read-ahead stops at what is not stored): at least a second, once it is
  // generated again and its children are asked for; at most the bound above.
  let lost = k;
  for (let i = 0; i < 4; i++) lost = lost.parent() ?? lost;
  await writesSettled(page);
  const dropped = await rewriteStore(page, { drop: `|${lost.face}/${lost.level}/${lost.x}/${lost.y}` });
  expect(dropped).toHaveLength(1);
  await openApp(page, 'observatory', STANCE);
  await fixedPoint(page);
  const gap = await counters(page);
  const gapStart = await startup(page);
  const gapImg = await captureCanvas(page, testInfo, 'after-lost-entry');
  console.log(
    `[patch cache] lost ${dropped[0]}: ${gap.generated - gap.ringGenerated} generated for the view, ${gapStart.readsToFixed} read transactions to the fixed point`,
  );
  expect(gap.generated - gap.ringGenerated).toBe(1);
  expect(gapStart.readsToFixed).toBeGreaterThanOrEqual(2);
  expect(gapStart.readsToFixed).toBeLessThanOrEqual(1 + 4);
  expect(samePicture(gapImg, coldImg)).toBe(0);

  // Every entry moved under another level id: the next load must read none of them.
  await writesSettled(page);
  const moved = await rewriteStore(page, { renameLevel: 'landfall/v0/luna/00000000/00000000/00000000' });
  expect(moved.length).toBeGreaterThan(0.9 * cold.generated);
  await openApp(page, 'observatory', STANCE);
  await page.waitForFunction(
    () =>
      (window as unknown as { __landfall: { counters: { generated: number } } }).__landfall.counters
        .generated >= 24,
    null,
    { timeout: 300_000, polling: 250 },
  );
  const other = await counters(page);
  console.log(
    `[patch cache] other level id: ${other.generated} generated, ${other.diskHits} disk hits, ${other.diskEntries} entries`,
  );
  expect(other.diskHits).toBe(0);
  expect(other.fromDisk).toBe(0);
  // Its index holds only what this page wrote: its patches, the stored detail floor and the last
  // rock query (one record each).
  expect(other.diskEntries).toBeLessThanOrEqual(other.diskWrites + 2);
  expect(errors).toEqual([]);
});

test('after the fixed point and the ring, a 180° turn is at its fixed point within a few frames without generating', async ({
  page,
}) => {
  test.setTimeout(900_000);
  const errors = collectErrors(page);
  await openApp(page, 'observatory', STANCE);
  await fixedPoint(page);
  const view = await counters(page);
  await ringDone(page);
  const ring = await counters(page);
  // Turn, then watch every frame until the turned view is at its fixed point.
  const turn = await page.evaluate(async () => {
    type S = {
      frames: number;
      fixedPoint: boolean;
      view: { heading: number };
      counters: { generated: number };
      setView(p: object): void;
    };
    const s = () => (window as unknown as { __landfall: S }).__landfall;
    const f0 = s().frames;
    const g0 = s().counters.generated;
    s().setView({ heading: 180 });
    for (let i = 0; i < 600; i++) {
      await new Promise((r) => requestAnimationFrame(r));
      const now = s();
      if (now.frames > f0 && now.view.heading === 180 && now.fixedPoint)
        return { frames: now.frames - f0, generated: now.counters.generated - g0 };
    }
    return { frames: Infinity, generated: s().counters.generated - g0 };
  });
  const viewOwn = view.generated;
  const ringExtra = ring.ringGenerated;
  console.log(
    `[look-around] view ${viewOwn} generated, ring extra ${ringExtra} (${(ringExtra / viewOwn).toFixed(2)}× the view's), ` +
      `ring ${String(ring.ringLeaves)} nodes, ${(Number(ring.ringBytes) / 1048576).toFixed(1)} MiB; ` +
      `180° turn: ${turn.generated} generated, fixed point after ${turn.frames} frames`,
  );
  expect(turn.generated).toBe(0);
  // One frame selects the turned view from resident patches, the next sees it unchanged; a few
  // more allow the pumps between frames. Without the ring the turn waits for generation (hundreds).
  expect(turn.frames).toBeLessThanOrEqual(5);
  expect(errors).toEqual([]);
});
