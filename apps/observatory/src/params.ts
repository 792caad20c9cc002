/**
 * The observatory's view lives in the URL (`?body=luna&lat=…&lon=…&h=2&heading=…&pitch=…`). Parsing
 * never throws: each bad parameter yields a message naming it (quoted input shortened by
 * `shownInput`), and its default is used instead.
 *
 * Parameters: body, lat, lon, h, heading, pitch, fov, sunAz, sunEl, workers, producer (see `ViewParams`);
 * `place=<id>` (a registry place, ADR-0018: its body, latitude and longitude; explicit lat and lon
 * win, a different body is a message); `streamer=worker|local`; `backend=auto|webgl2`; `bench=frames` runs the GPU frame-time check
 * once the streamer reaches its fixed point or `benchWait` seconds (default 180) have passed, and
 * POSTs the figures to `/__bench` (see `frameBench.ts`, tools/gpu-check/README.md); `hud=0` hides
 * the HUD (read in main.ts).
 */
import { bodyIds, findPlace, NAMED_PLACES } from '@landfall/universe';
import { parseProducerWish, PRODUCER_WISHES, type ProducerWish } from '@landfall/render';
import { shownInput } from './notices';

export interface ViewParams {
  body: string;
  /** Degrees. */
  lat: number;
  lon: number;
  /** Eye height above the drawn ground, m. */
  h: number;
  /** Degrees clockwise from north; pitch up from the horizon. */
  heading: number;
  pitch: number;
  /** Vertical field of view, degrees. */
  fov: number;
  /** Sun azimuth (clockwise from north) and elevation at the viewpoint, degrees. */
  sunAz: number;
  sunEl: number;
  /** Worker count for the streamer (0 = its default). */
  workers: number;
  /**
   * Where patches are made (ADR-0020): `auto` (default: the GPU producer on a hardware WebGPU
   * adapter for a body it covers, else the workers), `gpu` (wherever it can run, software adapters
   * included; the HUD says why not otherwise) or `cpu` (the worker pool).
   */
  producer: ProducerWish;
  /** `worker`: @landfall/streamer; `local`: the same streamer, its patches generated on the main thread. */
  streamer: 'worker' | 'local';
  backend: 'auto' | 'webgl2';
  /** `frames`: run the frame-time bench and POST it to `/__bench`; `off`: normal viewing. */
  bench: 'off' | 'frames';
  /** Seconds the bench waits for the streamer's fixed point before timing anyway. */
  benchWait: number;
  /** Sun shadows near the eye (render's SunShadow, ADR-0012): `on` (default) or `off`. */
  shadows: 'on' | 'off';
  /**
   * Detail below the mesh (render's TerrainDetail, ADR-0012): `on` (default), `off` (grain only,
   * for frame figures) or `unfiltered` (footprint filter removed: the look spec's planted break).
   */
  detail: 'on' | 'off' | 'unfiltered';
  /**
   * Each level's field (streamer's level filter, ADR-0006): `filtered` (default: a patch draws only
   * the detail its cells carry) or `full` (the whole drawn field at every level: the before picture).
   */
  levels: 'filtered' | 'full';
  /**
   * How nodes split (streamer's selection, ADR-0008): `sse` (default: where the drawn surface would
   * miss the full field by more than SSE_TARGET_PIXELS) or `cells` (a fixed CELL_PIXELS cell size:
   * the before picture and figure).
   */
  lod: 'sse' | 'cells';
}

export const DEFAULT_VIEW: Readonly<ViewParams> = Object.freeze({
  body: 'luna',
  lat: 0,
  lon: 0,
  h: 2,
  heading: 0,
  pitch: 0,
  fov: 60,
  sunAz: 120,
  sunEl: 25,
  workers: 0,
  producer: 'auto',
  streamer: 'worker',
  backend: 'auto',
  bench: 'off',
  benchWait: 180,
  shadows: 'on',
  detail: 'on',
  levels: 'filtered',
  lod: 'sse',
});

const RANGES: Record<string, [number, number]> = {
  lat: [-90, 90],
  lon: [-180, 360],
  h: [0.05, 1e8],
  heading: [-360, 360],
  pitch: [-90, 90],
  fov: [5, 120],
  sunAz: [-360, 360],
  sunEl: [-90, 90],
  workers: [0, 16],
  benchWait: [1, 600],
};

export function parseParams(search: string): { params: ViewParams; errors: string[] } {
  const q = new URLSearchParams(search);
  const params: ViewParams = { ...DEFAULT_VIEW };
  const errors: string[] = [];
  const placeId = q.get('place');
  const place = placeId === null ? null : findPlace(placeId.trim().toLowerCase());
  if (placeId !== null && !place) {
    const some = NAMED_PLACES.filter((p) => ['apollo-11', 'tycho', 'olympus-mons'].includes(p.id)).map(
      (p) => p.id,
    );
    errors.push(
      `place "${shownInput(placeId)}" is not a named place (e.g. ${some.join(', ')}; the picker lists them all); using the other parameters`,
    );
  }
  if (place) {
    params.body = place.body;
    params.lat = place.latDeg;
    params.lon = place.lonDeg;
  }
  const body = q.get('body');
  if (body !== null && place && body !== place.body) {
    errors.push(`place ${place.id} is on ${place.body}: body "${shownInput(body)}" ignored`);
  } else if (body !== null) {
    if (bodyIds().includes(body)) params.body = body;
    else
      errors.push(
        `body "${shownInput(body)}" is not in the zoo (${bodyIds().join(', ')}); showing ${params.body}`,
      );
  }
  for (const [name, [lo, hi]] of Object.entries(RANGES)) {
    const raw = q.get(name);
    if (raw === null) continue;
    const v = raw.trim() === '' ? Number.NaN : Number(raw);
    if (!Number.isFinite(v) || v < lo || v > hi) {
      errors.push(
        `${name}=${shownInput(raw)} is not a number in [${lo}, ${hi}]; using ${(params as unknown as Record<string, number>)[name]}`,
      );
      continue;
    }
    if (name === 'workers' && !Number.isInteger(v)) {
      errors.push(`workers=${shownInput(raw)} is not an integer; using ${params.workers}`);
      continue;
    }
    (params as unknown as Record<string, number>)[name] = v;
  }
  const producer = q.get('producer');
  if (producer !== null) {
    const wish = parseProducerWish(producer);
    if (wish) params.producer = wish;
    else
      errors.push(
        `producer=${shownInput(producer)} is not ${PRODUCER_WISHES.join(', ')}; using ${params.producer}`,
      );
  }
  const streamer = q.get('streamer');
  if (streamer !== null) {
    if (streamer === 'worker' || streamer === 'local') params.streamer = streamer;
    else errors.push(`streamer=${shownInput(streamer)} is not worker or local; using ${params.streamer}`);
  }
  const backend = q.get('backend');
  if (backend !== null) {
    if (backend === 'auto' || backend === 'webgl2') params.backend = backend;
    else errors.push(`backend=${shownInput(backend)} is not auto or webgl2; using auto`);
  }
  const bench = q.get('bench');
  if (bench !== null) {
    if (bench === 'off' || bench === 'frames') params.bench = bench;
    else errors.push(`bench=${shownInput(bench)} is not off or frames; using off`);
  }
  const shadows = q.get('shadows');
  if (shadows !== null) {
    if (shadows === 'on' || shadows === 'off') params.shadows = shadows;
    else errors.push(`shadows=${shownInput(shadows)} is not on or off; using on`);
  }
  const detail = q.get('detail');
  if (detail !== null) {
    if (detail === 'on' || detail === 'off' || detail === 'unfiltered') params.detail = detail;
    else errors.push(`detail=${shownInput(detail)} is not on, off or unfiltered; using on`);
  }
  const levels = q.get('levels');
  if (levels !== null) {
    if (levels === 'filtered' || levels === 'full') params.levels = levels;
    else errors.push(`levels=${shownInput(levels)} is not filtered or full; using filtered`);
  }
  const lod = q.get('lod');
  if (lod !== null) {
    if (lod === 'sse' || lod === 'cells') params.lod = lod;
    else errors.push(`lod=${shownInput(lod)} is not sse or cells; using sse`);
  }
  return { params, errors };
}

/** The query string for a view (defaults omitted, numbers rounded for a readable link). */
export function formatParams(p: ViewParams): string {
  const q = new URLSearchParams();
  q.set('body', p.body);
  const round = (v: number, d: number) => String(Number(v.toFixed(d)));
  q.set('lat', round(p.lat, 7));
  q.set('lon', round(p.lon, 7));
  q.set('h', round(p.h, 3));
  q.set('heading', round(p.heading, 2));
  q.set('pitch', round(p.pitch, 2));
  q.set('fov', round(p.fov, 1));
  q.set('sunAz', round(p.sunAz, 1));
  q.set('sunEl', round(p.sunEl, 1));
  if (p.workers) q.set('workers', String(p.workers));
  if (p.producer !== DEFAULT_VIEW.producer) q.set('producer', p.producer);
  if (p.streamer !== DEFAULT_VIEW.streamer) q.set('streamer', p.streamer);
  if (p.backend !== 'auto') q.set('backend', p.backend);
  if (p.bench !== DEFAULT_VIEW.bench) q.set('bench', p.bench);
  if (p.benchWait !== DEFAULT_VIEW.benchWait) q.set('benchWait', String(p.benchWait));
  if (p.shadows !== DEFAULT_VIEW.shadows) q.set('shadows', p.shadows);
  if (p.detail !== DEFAULT_VIEW.detail) q.set('detail', p.detail);
  if (p.levels !== DEFAULT_VIEW.levels) q.set('levels', p.levels);
  if (p.lod !== DEFAULT_VIEW.lod) q.set('lod', p.lod);
  return `?${q.toString()}`;
}
