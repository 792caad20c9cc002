/**
 * The game's first step: everything it is told before it draws — URL parameters, the place
 * parameters, the URL hash, and whether browser storage works — gathered into one start record,
 * and the `Game` created from it with every problem shown to the player as a note.
 */
import { Game } from './Game';
import { gameHashNote, parseGameParams, type GameParams } from './urlParams';
import { parsePlaceParams } from './placeParams';
import type { Site } from '../sim/startStates';
import { SaveStore } from '../save/SaveStore';
import { browserStorage, type BrowserStorage } from '../save/browserStorage';

export interface GameStart {
  params: GameParams;
  /** The landing site the URL names, if any. */
  site: Site | undefined;
  saves: BrowserStorage;
  /** Problems with the input, one message each, in the order they are shown. */
  notes: string[];
}

/** Parses `location.search` and `location.hash` and probes browser storage. */
export function readStart(loc: Pick<Location, 'search' | 'hash'>): GameStart {
  const { params, errors } = parseGameParams(loc.search);
  const saves = browserStorage();
  const hashNote = gameHashNote(loc.hash);
  const place = parsePlaceParams(loc.search);
  const q = new URLSearchParams(loc.search);
  if (place.place) {
    // The place names its body and, unless `start` is given, a landed start at its site.
    if (q.has('body') && q.get('body') !== place.place.body)
      place.errors.push(`?place=${place.place.id} is on ${place.place.body}: ?body=${params.body} ignored`);
    params.body = place.place.body;
    if (!q.has('start')) params.start = 'landed';
  }
  const notes = [
    ...errors,
    ...place.errors,
    ...(hashNote ? [hashNote] : []),
    ...(saves.problem ? [saves.problem] : []),
  ];
  return { params, site: place.site ?? undefined, saves, notes };
}

/** The game over the browser's saves, entered at the start's body, start kind and site. */
export function createGame(start: GameStart): Game {
  const { params } = start;
  const game = new Game(params.body, new SaveStore(start.saves.storage));
  for (const n of start.notes) game.note(n);
  game.enter(params.body, params.start, params.fresh, start.site);
  return game;
}
