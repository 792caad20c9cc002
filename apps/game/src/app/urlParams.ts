/**
 * The game's URL parameters: `?body=<id>&start=orbit|descent&cam=chase|cockpit&fresh=1&terrain=…`,
 * `backend=webgpu|webgl2`, `producer=auto|gpu|cpu` (where patches are made, ADR-0020), and `bench=land` (run the scripted landing once ready and POST its
 * figures to same-origin `/__bench`: tools/gpu-check) with `benchTicks=<1…50>` sim ticks per frame.
 * Bad values never stop the game: each becomes a message naming the parameter (quoted input
 * shortened) and the default used. The game reads no `#` part; `gameHashNote` says so when one is given.
 */
import { bodyIds, getBody } from '@landfall/universe';
import { parseProducerWish, PRODUCER_WISHES, type ProducerWish } from '@landfall/render';
import { START_KINDS, type StartKind } from '../sim/startStates';
import { safeDecode, shownInput } from './shownInput';

export type CameraMode = 'chase' | 'cockpit';
/** Terrain drawer: render's PlanetView over the worker streamer, over render's main-thread
 * streamer, or the game's placeholder ground. */
export type TerrainKind = 'workers' | 'local' | 'placeholder';
const TERRAIN_KINDS: readonly TerrainKind[] = ['workers', 'local', 'placeholder'];

export interface GameParams {
  body: string;
  start: StartKind;
  cam: CameraMode;
  /** Start fresh even when a save exists (the save is kept). */
  fresh: boolean;
  forceWebGL: boolean;
  terrain: TerrainKind;
  /**
   * Where patches are made (ADR-0020): `auto` (the GPU producer on a hardware WebGPU adapter for a
   * body it covers, else the workers), `gpu` (wherever it can run) or `cpu` (the worker pool).
   */
  producer: ProducerWish;
  /** `land`: the scripted-landing benchmark (tools/gpu-check); `off` otherwise. */
  bench: 'off' | 'land';
  /** Sim ticks per frame during the benchmark landing (50 ticks = 1 s of flight). */
  benchTicks: number;
}

export const DEFAULT_PARAMS: Readonly<GameParams> = {
  body: 'luna',
  start: 'orbit',
  cam: 'chase',
  fresh: false,
  forceWebGL: false,
  terrain: 'workers',
  producer: 'auto',
  bench: 'off',
  benchTicks: 50,
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
        `?body="${shownInput(body)}" is not a body (known: ${bodyIds().join(', ')}); using ${DEFAULT_PARAMS.body}`,
      );
    }
  }
  const start = q.get('start');
  if (start !== null) {
    if ((START_KINDS as readonly string[]).includes(start)) params.start = start as StartKind;
    else
      errors.push(
        `?start="${shownInput(start)}" must be ${START_KINDS.join(' or ')}; using ${DEFAULT_PARAMS.start}`,
      );
  }
  const cam = q.get('cam');
  if (cam !== null) {
    if (cam === 'chase' || cam === 'cockpit') params.cam = cam;
    else errors.push(`?cam="${shownInput(cam)}" must be chase or cockpit; using ${DEFAULT_PARAMS.cam}`);
  }
  const fresh = q.get('fresh');
  if (fresh !== null) {
    if (fresh === '1' || fresh === '0') params.fresh = fresh === '1';
    else errors.push(`?fresh="${shownInput(fresh)}" must be 1 or 0; using 0`);
  }
  const terrain = q.get('terrain');
  if (terrain !== null) {
    if ((TERRAIN_KINDS as readonly string[]).includes(terrain)) params.terrain = terrain as TerrainKind;
    else
      errors.push(
        `?terrain="${shownInput(terrain)}" must be ${TERRAIN_KINDS.join(', ')}; using ${DEFAULT_PARAMS.terrain}`,
      );
  }
  const producer = q.get('producer');
  if (producer !== null) {
    const wish = parseProducerWish(producer);
    if (wish) params.producer = wish;
    else
      errors.push(
        `?producer="${shownInput(producer)}" must be ${PRODUCER_WISHES.join(', ')}; using ${DEFAULT_PARAMS.producer}`,
      );
  }
  const backend = q.get('backend');
  if (backend !== null) {
    if (backend === 'webgl2' || backend === 'webgpu') params.forceWebGL = backend === 'webgl2';
    else errors.push(`?backend="${shownInput(backend)}" must be webgpu or webgl2; using the default`);
  }
  const bench = q.get('bench');
  if (bench !== null) {
    if (bench === 'land' || bench === 'off') params.bench = bench;
    else errors.push(`?bench="${shownInput(bench)}" must be land or off; using off`);
  }
  const ticks = q.get('benchTicks');
  if (ticks !== null) {
    const t = Number(ticks);
    if (Number.isInteger(t) && t >= 1 && t <= 50) params.benchTicks = t;
    else
      errors.push(
        `?benchTicks="${shownInput(ticks)}" must be an integer 1…50; using ${DEFAULT_PARAMS.benchTicks}`,
      );
  }
  return { params, errors };
}

/** The message for a link's `#` part (the game reads none), or null when there is none. */
export function gameHashNote(hash: string): string | null {
  if (hash === '' || hash === '#') return null;
  return `the game reads no #link part: ${shownInput(safeDecode(hash) ?? hash)} ignored`;
}
