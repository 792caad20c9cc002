/**
 * The game's panels: help (generated from the control bindings and the URL parameters), the menu
 * (body, named place, start, discard save), the landing result, and the on-screen buttons for
 * touch and mouse. Help and menu are the app shell's overlays (one open at a time; Esc, × or
 * their key closes them); the body and place selects are the shell's, as in the observatory's
 * picker.
 */
import { Overlay, OverlayGroup, PlaceSelect, el, table } from '@landfall/app-shell';
import type { Site, StartKind } from '../sim/startStates';
import { PARAM_DOCS } from './paramDocs';
import { BINDINGS, type Action, type Controls } from '../input/Controls';
import type { Game } from '../app/Game';

export interface MenuChoice {
  body: string;
  start: StartKind;
  /** Site of a descent or landed start (default site when absent). */
  site?: Site;
}

/** The on-screen buttons: label and the action or throttle step they stand for. */
const BUTTONS: readonly (readonly [string, Action | -1 | 1])[] = [
  ['Thr−', -1],
  ['Thr+', 1],
  ['AP', 'autopilot'],
  ['Cam', 'camera'],
  ['Warp−', 'warpDown'],
  ['Warp+', 'warpUp'],
  ['Help', 'help'],
  ['Menu', 'menu'],
];

export class Panels {
  readonly help: Overlay;
  readonly menu: Overlay;
  readonly result: HTMLElement;
  private readonly overlays: OverlayGroup;
  private readonly select = new PlaceSelect({
    idPrefix: 'menu',
    none: 'default site',
    noneEmpty: 'default site (no named places yet)',
  });

  constructor(parent: HTMLElement, controls: Controls, onGo: (c: MenuChoice) => void, onDiscard: () => void) {
    this.help = new Overlay(parent, 'help', 'Game — help');
    this.help.root.append(
      el('h3', {}, 'Controls'),
      table(BINDINGS),
      el('p', {}, 'Land below 3 m/s down, 1.5 m/s across, on slopes and tilt under 15°.'),
      el('h3', {}, 'URL parameters'),
      el('p', {}, 'Example: ?body=mars&start=landed&lat=-4.6&lon=137.4'),
      table(PARAM_DOCS),
    );

    this.menu = new Overlay(parent, 'menu', 'Menu');
    const startSelect = el('select', { id: 'menu-start', 'aria-label': 'start' });
    startSelect.append(
      el('option', { value: 'orbit' }, 'low orbit'),
      el('option', { value: 'descent' }, 'descent (10 km)'),
      el('option', { value: 'landed' }, 'landed'),
    );
    const form = el('form', { class: 'overlay-form' });
    form.onsubmit = (e) => {
      e.preventDefault();
      const p = this.select.chosen();
      this.menu.hide();
      onGo({
        body: this.select.body.value,
        start: startSelect.value as StartKind,
        ...(p ? { site: { latDeg: p.latDeg, lonDeg: p.lonDeg } } : {}),
      });
    };
    const discard = el('button', { id: 'menu-discard', type: 'button' }, 'Discard this body’s save');
    discard.onclick = onDiscard;
    form.append(
      this.select.body,
      this.select.place,
      startSelect,
      el('button', { id: 'menu-go', type: 'submit' }, 'Fly'),
      discard,
    );
    this.menu.root.append(form);
    this.overlays = new OverlayGroup([this.help, this.menu]);

    this.result = el('section', { id: 'result', hidden: '', role: 'status' });

    const bar = el('nav', { id: 'buttons' });
    for (const [label, what] of BUTTONS) {
      const b = el('button', { type: 'button' }, label);
      b.onclick = () => (typeof what === 'number' ? controls.nudgeThrottle(what) : controls.push(what));
      bar.append(b);
    }
    parent.append(this.result, bar);
  }

  toggleHelp(): void {
    this.overlays.toggle(this.help);
  }

  /** Opens the menu on the current body (or closes it). */
  toggleMenu(bodyId: string): void {
    if (!this.menu.open) this.select.setBody(bodyId);
    this.overlays.toggle(this.menu);
  }

  /** Shows the result of the last touchdown (or hides the panel when flying). */
  showResult(game: Game): void {
    const r = game.lastResult;
    if (!r) {
      this.result.hidden = true;
      return;
    }
    this.result.hidden = false;
    this.result.className = r.outcome;
    this.result.textContent = `${r.outcome === 'landed' ? 'LANDED' : 'CRASHED'} on ${game.body.name}: ${r.reason}`;
  }
}
