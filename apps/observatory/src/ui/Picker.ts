/**
 * The place picker (G): a body of the zoo, one of its named places (rows of universe's
 * `NAMED_PLACES`, listed as soon as the registry has them), or a typed latitude, longitude and
 * height. "Go" moves the eye there; a bad number is a message in the picker and moves nothing.
 */
import { BODIES, NAMED_PLACES, placesOn, type NamedPlace } from '@landfall/universe';
import { Overlay, el } from './Overlay';

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
  private readonly body = el('select', { id: 'pick-body', 'aria-label': 'body' });
  private readonly place = el('select', { id: 'pick-place', 'aria-label': 'named place' });
  private readonly inputs = {
    lat: el('input', { id: 'pick-lat', type: 'text', inputmode: 'decimal', size: '9' }),
    lon: el('input', { id: 'pick-lon', type: 'text', inputmode: 'decimal', size: '9' }),
    h: el('input', { id: 'pick-h', type: 'text', inputmode: 'decimal', size: '9' }),
  };
  private readonly message = el('p', { class: 'pick-message', role: 'alert' });

  constructor(
    parent: HTMLElement,
    private readonly onGo: (p: PickedPlace) => void,
    private readonly places: readonly NamedPlace[] = NAMED_PLACES,
  ) {
    this.overlay = new Overlay(parent, 'picker', 'Go to');
    for (const b of BODIES) this.body.append(el('option', { value: b.id }, b.name));
    this.body.onchange = () => this.fillPlaces();
    this.place.onchange = () => this.usePlace();
    const go = el('button', { id: 'pick-go', type: 'submit' }, 'Go');
    const form = el('form', { class: 'pick-form' });
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
      field('body', this.body),
      field('place', this.place),
      field('latitude °N', this.inputs.lat),
      field('longitude °E', this.inputs.lon),
      field('height m', this.inputs.h),
      go,
      this.message,
    );
    this.overlay.root.append(form);
  }

  /** Opens the picker on the current view. */
  show(current: PickedPlace): void {
    this.body.value = current.body;
    this.fillPlaces();
    this.inputs.lat.value = String(Number(current.lat.toFixed(5)));
    this.inputs.lon.value = String(Number(current.lon.toFixed(5)));
    this.inputs.h.value = String(Number(current.h.toFixed(2)));
    this.message.textContent = '';
    this.overlay.show();
    this.body.focus();
  }

  private fillPlaces(): void {
    const list = placesOn(this.body.value, this.places);
    this.place.replaceChildren(
      el('option', { value: '' }, list.length ? '— typed position —' : 'no named places yet'),
      ...list.map((p) => el('option', { value: p.id }, p.name)),
    );
    this.place.disabled = list.length === 0;
  }

  private usePlace(): void {
    const p = this.places.find((q) => q.id === this.place.value);
    if (!p) return;
    this.inputs.lat.value = String(p.latDeg);
    this.inputs.lon.value = String(p.lonDeg);
  }

  private go(): void {
    const out: PickedPlace = { body: this.body.value, lat: 0, lon: 0, h: 0 };
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
