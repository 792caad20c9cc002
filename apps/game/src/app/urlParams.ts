/**
 * The game's URL parameters: `?body=<id>&start=orbit|descent&cam=chase|cockpit&fresh=1`.
 * Bad values never stop the game: each becomes a message naming the parameter and the default used.
 */
import { bodyIds, getBody } from '@landfall/universe';
import { START_KINDS, type StartKind } from '../sim/startStates';

export type CameraMode = 'chase' | 'cockpit';

export interface GameParams {
  body: string;
  start: StartKind;
  cam: CameraMode;
  /** Start fresh even when a save exists (the save is kept). */
  fresh: boolean;
  forceWebGL: boolean;
}

export const DEFAULT_PARAMS: Readonly<GameParams> = {
  body: 'luna',
  start: 'orbit',
  cam: 'chase',
  fresh: false,
  forceWebGL: false,
};

export function parseGameParams(search: string): { params: GameParams; errors: string[] } {
  const q = new URLSearchParams(search);
  const params: GameParams = { ...DEFAULT_PARAMS };
  const errors: string[] = [];
  const body = q.get('body');
  if (body !== null) {
    try {
      params.body = getBody(body).id;
    } catch {
      errors.push(
        `?body="${body}" is not a body (known: ${bodyIds().join(', ')}); using ${DEFAULT_PARAMS.body}`,
      );
    }
  }
  const start = q.get('start');
  if (start !== null) {
    if ((START_KINDS as readonly string[]).includes(start)) params.start = start as StartKind;
    else errors.push(`?start="${start}" must be ${START_KINDS.join(' or ')}; using ${DEFAULT_PARAMS.start}`);
  }
  const cam = q.get('cam');
  if (cam !== null) {
    if (cam === 'chase' || cam === 'cockpit') params.cam = cam;
    else errors.push(`?cam="${cam}" must be chase or cockpit; using ${DEFAULT_PARAMS.cam}`);
  }
  const fresh = q.get('fresh');
  if (fresh !== null) {
    if (fresh === '1' || fresh === '0') params.fresh = fresh === '1';
    else errors.push(`?fresh="${fresh}" must be 1 or 0; using 0`);
  }
  const backend = q.get('backend');
  if (backend !== null) {
    if (backend === 'webgl2' || backend === 'webgpu') params.forceWebGL = backend === 'webgl2';
    else errors.push(`?backend="${backend}" must be webgpu or webgl2; using the default`);
  }
  return { params, errors };
}
