/**
 * The observatory's URL parameters as the help overlay and the README list them: name, accepted
 * values (with the default) and meaning. A test checks every parameter `parseParams` reads is here.
 */
import { SSE_TARGET_PIXELS } from '@landfall/streamer';
import { bodyIds } from '@landfall/universe';
import { DEFAULT_VIEW } from '../params';

export const PARAM_DOCS: readonly (readonly [string, string, string])[] = [
  ['body', `${bodyIds().join(', ')} (${DEFAULT_VIEW.body})`, 'the body to stand on'],
  ['place', 'a named place id, e.g. apollo-11, tycho, olympus-mons', 'its body, latitude and longitude'],
  ['lat', `−90 … 90 (${DEFAULT_VIEW.lat})`, 'latitude, degrees north'],
  ['lon', `−180 … 360 (${DEFAULT_VIEW.lon})`, 'longitude, degrees east'],
  ['h', `0.05 … 1e8 (${DEFAULT_VIEW.h})`, 'eye height above the drawn ground, m'],
  ['heading', `−360 … 360 (${DEFAULT_VIEW.heading})`, 'view direction, degrees clockwise from north'],
  ['pitch', `−90 … 90 (${DEFAULT_VIEW.pitch})`, 'view tilt, degrees up from the horizon'],
  ['fov', `5 … 120 (${DEFAULT_VIEW.fov})`, 'vertical field of view, degrees'],
  ['sunAz', `−360 … 360 (${DEFAULT_VIEW.sunAz})`, 'sun azimuth, degrees clockwise from north'],
  ['sunEl', `−90 … 90 (${DEFAULT_VIEW.sunEl})`, 'sun elevation, degrees'],
  ['workers', `0 … 16 (0 = one per core, at most 8)`, 'terrain worker threads'],
  [
    'producer',
    `auto, gpu, cpu (${DEFAULT_VIEW.producer})`,
    'where patches are made: the GPU (auto: on a hardware adapter, for the bodies it covers) or the workers',
  ],
  ['streamer', `worker, local (${DEFAULT_VIEW.streamer})`, 'terrain in workers, or on the main thread'],
  ['backend', `auto, webgl2 (${DEFAULT_VIEW.backend})`, 'force the WebGL2 renderer'],
  ['hud', 'on, compact, debug, 0 (on)', 'HUD: full, one line, with the engine block open, hidden'],
  [
    'bench',
    `off, frames (${DEFAULT_VIEW.bench})`,
    'time frames once the ground is resolved (tools/gpu-check)',
  ],
  ['benchWait', `1 … 600 (${DEFAULT_VIEW.benchWait})`, 'seconds the frame bench waits for the ground'],
  [
    'shadows',
    `on, off (${DEFAULT_VIEW.shadows})`,
    "the sun's cast shadows near the eye (off: cheaper frames)",
  ],
  [
    'detail',
    `on, off, unfiltered (${DEFAULT_VIEW.detail})`,
    'centimetre craters per pixel (off: cheaper frames; unfiltered: no footprint filter, a test break)',
  ],
  [
    'levels',
    `filtered, full (${DEFAULT_VIEW.levels})`,
    'each patch draws the detail its cells carry (full: every level the whole field, which aliases from afar)',
  ],
  [
    'lod',
    `sse, cells (${DEFAULT_VIEW.lod})`,
    `a patch splits where it would miss the full field by more than ${SSE_TARGET_PIXELS} px on screen (cells: at a fixed cell size, the old split)`,
  ],
];
