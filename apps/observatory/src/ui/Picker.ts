/**
 * The place picker (G): a body of the zoo, one of its named places (rows of universe's
 * `NAMED_PLACES`, listed as soon as the registry has them), or a typed latitude, longitude and
 * height. "Go" moves the eye there; a bad number is a message in the picker and moves nothing.
 * The overlay and the body/place selects are the app shell's (shared with the game's menu).
 */
import { NAMED_PLACES, type NamedPlace } from '@landfall/universe';
import { Overlay, PlaceSelect, el } from '@landfall/app-shell';

export interface PickedPlace {
  body: string;
  lat: number;
  lon: number;
  h: number;
}

const LIMITS: Record<'lat' | 'lon' | 'h', [number, number]> = {
  lat: [-90, 90],
  lon: [-180, 360],
  h: [0.05, 1e8],
};

export class Picker {
  readonly overlay: Overlay;
  private readonly select: PlaceSelect;
  private readonly inputs = {
    lat: el('input', { id: 'pick-lat', type: 'text', inputmode: 'decimal', size: '9' }),
    lon: el('input', { id: 'pick-lon', type: 'text', inputmode: 'decimal', size: '9' }),
    h: el('input', { id: 'pick-h', type: 'text', inputmode: 'decimal', size: '9' }),
  };
  private readonly message = el('p', { class: 'overlay-message', role: 'alert' });

  constructor(
    parent: HTMLElement,
    private readonly onGo: (p: PickedPlace) => void,
    places: readonly NamedPlace[] = NAMED_PLACES,
  ) {
    this.overlay = new Overlay(parent, 'picker', 'Go to');
    this.select = new PlaceSelect({
      idPrefix: 'pick',
      none: '— typed position —',
      noneEmpty: 'no named places yet',
      places,
    });
    this.select.onPlace = (p) => {
      this.inputs.lat.value = String(p.latDeg);
      this.inputs.lon.value = String(p.lonDeg);
    };
    const go = el('button', { id: 'pick-go', type: 'submit' }, 'Go');
    const form = el('form', { class: 'overlay-form' });
    form.onsubmit = (e) => {
      e.preventDefault();
      this.go();
    };
    const field = (label: string, input: HTMLElement) => {
      const l = el('label', {}, `${label} `);
      l.append(input);
      return l;
    };
    form.append(
      field('body', this.select.body),
      field('place', this.select.place),
      field('latitude °N', this.inputs.lat),
      field('longitude °E', this.inputs.lon),
      field('height m', this.inputs.h),
      go,
      this.message,
    );
    this.overlay.root.append(form);
  }

  /** Fills the picker with the current view; the caller shows it (focusing `firstField`). */
  fill(current: PickedPlace): void {
    this.select.setBody(current.body);
    this.inputs.lat.value = String(Number(current.lat.toFixed(5)));
    this.inputs.lon.value = String(Number(current.lon.toFixed(5)));
    this.inputs.h.value = String(Number(current.h.toFixed(2)));
    this.message.textContent = '';
  }

  /** The field focused when the picker opens (the body select). */
  get firstField(): HTMLElement {
    return this.select.body;
  }

  private go(): void {
    const out: PickedPlace = { body: this.select.body.value, lat: 0, lon: 0, h: 0 };
    const bad: string[] = [];
    for (const k of ['lat', 'lon', 'h'] as const) {
      const raw = this.inputs[k].value.trim();
      const v = raw === '' ? Number.NaN : Number(raw);
      const [lo, hi] = LIMITS[k];
      if (!Number.isFinite(v) || v < lo || v > hi)
        bad.push(`${k} "${raw}" is not a number in [${lo}, ${hi}]`);
      else out[k] = v;
    }
    if (bad.length) {
      this.message.textContent = `${bad.join('; ')} — not moved.`;
      return;
    }
    this.overlay.hide();
    this.onGo(out);
  }
}
