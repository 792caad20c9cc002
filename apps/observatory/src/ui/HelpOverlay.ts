/** The observatory's help (H or ?): every control, every URL parameter, and what the HUD shows. */
import { BINDINGS } from '../Controls';
import { Overlay, el, table } from '@landfall/app-shell';
import { PARAM_DOCS } from './paramDocs';

export function createHelp(parent: HTMLElement): Overlay {
  const o = new Overlay(parent, 'help', 'Observatory — help');
  o.root.append(
    el('h3', {}, 'Controls'),
    table(BINDINGS),
    el('h3', {}, 'URL parameters'),
    el(
      'p',
      {},
      'The view lives in the address bar: copy it to share the place. Example: ?body=mars&lat=-4.6&lon=137.4&h=2',
    ),
    table(PARAM_DOCS, ['name', 'values (default)', 'meaning']),
    el('h3', {}, 'HUD'),
    el(
      'p',
      {},
      'Latitude and longitude of the eye, its height above the drawn ground, the ground elevation ' +
        'above the datum, the terrain unit there (from the elevation: on the Moon, mare below ' +
        '10% of the relief bound, highland above) and the nearest named place. The engine block ' +
        '(`) shows the streaming counters, frame time and world identity.',
    ),
  );
  return o;
}
