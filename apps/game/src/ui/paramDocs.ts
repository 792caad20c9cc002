/**
 * The game's URL parameters as the help overlay and the README list them: name, accepted values
 * (default) and meaning. A test checks every parameter the app reads is here.
 */
import { bodyIds } from '@landfall/universe';
import { DEFAULT_PARAMS } from '../app/urlParams';
import { START_KINDS } from '../sim/startStates';

export const PARAM_DOCS: readonly (readonly [string, string, string])[] = [
  ['body', `${bodyIds().join(', ')} (${DEFAULT_PARAMS.body})`, 'the body to fly at'],
  [
    'start',
    `${START_KINDS.join(', ')} (${DEFAULT_PARAMS.start})`,
    'low orbit, a descent from 10 km, or landed',
  ],
  [
    'place',
    'a named place id, e.g. apollo-11, olympus-mons',
    'its body and site, landed unless start is given',
  ],
  ['lat, lon', 'degrees north, east (8, 23)', 'the site of the descent or landed start; wins over the save'],
  ['cam', `chase, cockpit (${DEFAULT_PARAMS.cam})`, 'camera'],
  ['fresh', '1, 0 (0)', 'start fresh even when the body has a save (the save is kept)'],
  [
    'terrain',
    `workers, local, placeholder (${DEFAULT_PARAMS.terrain})`,
    'terrain in workers, on the main thread, or a stand-in',
  ],
  [
    'producer',
    `auto, gpu, cpu (${DEFAULT_PARAMS.producer})`,
    'where patches are made: the GPU (auto: on a hardware adapter, for the bodies it covers) or the workers',
  ],
  ['backend', 'webgpu, webgl2 (webgpu when available)', 'force the WebGL2 renderer'],
  [
    'bench',
    `off, land (${DEFAULT_PARAMS.bench})`,
    'run the scripted landing and post its figures (tools/gpu-check)',
  ],
  ['benchTicks', `1 … 50 (${DEFAULT_PARAMS.benchTicks})`, 'sim ticks per frame during the bench landing'],
];
