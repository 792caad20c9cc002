/**
 * The overlays: help (generated from the control bindings), the menu (body, start, discard save),
 * the landing result panel, and the on-screen buttons for touch and mouse.
 */
import { BODIES, NAMED_PLACES, placesOn } from '@landfall/universe';
import type { Site, StartKind } from '../sim/startStates';
import { PARAM_DOCS } from './paramDocs';
import { BINDINGS, type Action, type Controls } from '../input/Controls';
import type { Game } from '../app/Game';

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string>,
  text = '',
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

export interface MenuChoice {
  body: string;
  start: StartKind;
  /** Site of a descent or landed start (default site when absent). */
  site?: Site;
}

export class Panels {
  readonly help: HTMLElement;
  readonly menu: HTMLElement;
  readonly result: HTMLElement;
  private readonly bodySelect: HTMLSelectElement;
  private readonly placeSelect: HTMLSelectElement;

  constructor(parent: HTMLElement, controls: Controls, onGo: (c: MenuChoice) => void, onDiscard: () => void) {
    this.help = el('section', { id: 'help', class: 'panel', hidden: '' });
    this.help.append(el('h2', {}, 'Controls'));
    const table = el('table', {});
    for (const [dev, key, what] of BINDINGS) {
      const tr = el('tr', {});
      tr.append(el('td', {}, dev), el('td', {}, key), el('td', {}, what));
      table.append(tr);
    }
    const params = el('table', {});
    for (const [name, values, what] of PARAM_DOCS) {
      const tr = el('tr', {});
      tr.append(el('td', {}, name), el('td', {}, values), el('td', {}, what));
      params.append(tr);
    }
    this.help.append(
      table,
      el('p', {}, 'Land below 3 m/s down, 1.5 m/s across, on slopes and tilt under 15°.'),
      el('h2', {}, 'URL parameters'),
      el('p', {}, 'Example: ?body=mars&start=landed&lat=-4.6&lon=137.4'),
      params,
    );

    this.menu = el('section', { id: 'menu', class: 'panel', hidden: '' });
    this.bodySelect = el('select', { id: 'menu-body' });
    for (const b of BODIES) this.bodySelect.append(el('option', { value: b.id }, b.name));
    const startSelect = el('select', { id: 'menu-start' });
    startSelect.append(
      el('option', { value: 'orbit' }, 'low orbit'),
      el('option', { value: 'descent' }, 'descent (10 km)'),
      el('option', { value: 'landed' }, 'landed'),
    );
    this.placeSelect = el('select', { id: 'menu-place' });
    this.bodySelect.onchange = () => this.fillPlaces();
    const go = el('button', { id: 'menu-go' }, 'Fly');
    go.onclick = () => {
      const p = NAMED_PLACES.find((q) => q.id === this.placeSelect.value);
      onGo({
        body: this.bodySelect.value,
        start: startSelect.value as StartKind,
        ...(p ? { site: { latDeg: p.latDeg, lonDeg: p.lonDeg } } : {}),
      });
    };
    const discard = el('button', { id: 'menu-discard' }, 'Discard this body’s save');
    discard.onclick = onDiscard;
    this.menu.append(el('h2', {}, 'Menu'), this.bodySelect, this.placeSelect, startSelect, go, discard);
    this.fillPlaces();

    this.result = el('section', { id: 'result', class: 'panel', hidden: '' });

    const bar = el('nav', { id: 'buttons' });
    const buttons: [string, () => void][] = [
      ['Thr−', () => controls.nudgeThrottle(-1)],
      ['Thr+', () => controls.nudgeThrottle(1)],
      ...(
        [
          ['AP', 'autopilot'],
          ['Cam', 'camera'],
          ['Warp−', 'warpDown'],
          ['Warp+', 'warpUp'],
          ['Help', 'help'],
          ['Menu', 'menu'],
        ] as [string, Action][]
      ).map(([t, a]): [string, () => void] => [t, () => controls.push(a)]),
    ];
    for (const [t, f] of buttons) {
      const b = el('button', { type: 'button' }, t);
      b.onclick = f;
      bar.append(b);
    }
    parent.append(this.help, this.menu, this.result, bar);
  }

  toggle(panel: HTMLElement, bodyId?: string): void {
    panel.hidden = !panel.hidden;
    if (bodyId) {
      this.bodySelect.value = bodyId;
      this.fillPlaces();
    }
  }

  /** The named places of the chosen body (universe's registry), after the default site. */
  private fillPlaces(): void {
    const list = placesOn(this.bodySelect.value);
    this.placeSelect.replaceChildren(
      el('option', { value: '' }, list.length ? 'default site' : 'default site (no named places yet)'),
      ...list.map((p) => el('option', { value: p.id }, p.name)),
    );
  }

  /** Shows the result of the last touchdown (or hides the panel when flying). */
  showResult(game: Game): void {
    const r = game.lastResult;
    if (!r) {
      this.result.hidden = true;
      return;
    }
    this.result.hidden = false;
    this.result.className = `panel ${r.outcome}`;
    this.result.textContent = `${r.outcome === 'landed' ? 'LANDED' : 'CRASHED'} on ${game.body.name}: ${r.reason}`;
  }
}
