/**
 * The observatory's person-facing chrome, wired once: help (H / ?) and picker (G), closed by Esc
 * or ×, HUD modes (C compact, ` engine block), the game link that follows the eye, and the URL kept
 * on the view (`UrlSync`). `tick` runs each frame and does real work at most every `URL_SYNC_MS`.
 */
import { OverlayGroup } from '@landfall/app-shell';
import { DEFAULT_VIEW, formatParams, type ViewParams } from '../params';
import type { Action, Controls } from '../Controls';
import type { Hud } from '../Hud';
import { createHelp } from './HelpOverlay';
import { Picker, type PickedPlace } from './Picker';
import { UrlSync } from './UrlSync';
import { gameLink } from './appLinks';

export interface ObservatoryUiDeps {
  params: ViewParams;
  controls: Controls;
  hud: Hud;
  /** Moves the eye (switching body if needed). */
  goTo: (p: PickedPlace) => void;
  screenshot: () => void;
  gameLinkEl: HTMLAnchorElement;
  /** URL of the game app (no query). */
  gameBase: string;
}

export function createObservatoryUi(d: ObservatoryUiDeps): { tick: (now: number) => void } {
  const help = createHelp(document.body);
  const picker = new Picker(document.body, d.goTo);
  // One open at a time; Escape closes it wherever focus is (the shell's OverlayGroup).
  const overlays = new OverlayGroup([help, picker.overlay]);
  d.controls.onAction = (a: Action) => {
    if (a === 'help') overlays.toggle(help);
    else if (a === 'picker') {
      if (!picker.overlay.open)
        picker.fill({ body: d.params.body, lat: d.params.lat, lon: d.params.lon, h: d.params.h });
      overlays.toggle(picker.overlay, picker.firstField);
    } else if (a === 'compact') d.hud.toggleCompact();
    else if (a === 'debug') d.hud.toggleDebug();
    else if (a === 'screenshot') d.screenshot();
  };
  // The same actions for pointer and touch users (no keyboard).
  for (const [id, action] of [
    ['open-help', 'help'],
    ['open-picker', 'picker'],
  ] as const) {
    document.getElementById(id)?.addEventListener('click', (e) => {
      e.preventDefault();
      d.controls.onAction(action);
    });
  }
  const sync = new UrlSync(() => formatParams(d.params), formatParams(DEFAULT_VIEW));
  let linkAt = '';
  const updateLink = () => {
    const href = gameLink(d.gameBase, d.params);
    if (href !== linkAt) d.gameLinkEl.href = linkAt = href;
  };
  updateLink();
  d.gameLinkEl.addEventListener('pointerdown', updateLink);
  d.gameLinkEl.addEventListener('focus', updateLink);
  let lastLink = 0;
  return {
    tick(now: number) {
      sync.tick(now, d.controls.lastInput);
      if (now - lastLink > 250) {
        lastLink = now;
        updateLink();
      }
    },
  };
}
