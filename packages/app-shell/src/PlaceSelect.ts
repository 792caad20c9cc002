/**
 * A body and one of its named places, as two selects: the bodies of the zoo (universe's
 * `BODIES`) and the places of the chosen one (`placesOn` over the list given, universe's
 * `NAMED_PLACES` by default). The first place option is "none" (the app's words for it); with no
 * places on the body the place select is disabled. The game's menu and the observatory's picker
 * both use it.
 */
import { BODIES, NAMED_PLACES, placesOn, type NamedPlace } from '@landfall/universe';
import { el } from './dom';

export interface PlaceSelectOptions {
  /** Element ids: `${idPrefix}-body` and `${idPrefix}-place`. */
  idPrefix: string;
  /** The first place option when the body has places ("default site", "typed position"). */
  none: string;
  /** The only place option when it has none. */
  noneEmpty: string;
  places?: readonly NamedPlace[];
}

export class PlaceSelect {
  readonly body: HTMLSelectElement;
  readonly place: HTMLSelectElement;
  /** Called when a place is chosen (not when the choice goes back to "none"). */
  onPlace: (p: NamedPlace) => void = () => {};
  private readonly places: readonly NamedPlace[];

  constructor(private readonly o: PlaceSelectOptions) {
    this.places = o.places ?? NAMED_PLACES;
    this.body = el('select', { id: `${o.idPrefix}-body`, 'aria-label': 'body' });
    this.place = el('select', { id: `${o.idPrefix}-place`, 'aria-label': 'named place' });
    for (const b of BODIES) this.body.append(el('option', { value: b.id }, b.name));
    this.body.onchange = () => this.fill();
    this.place.onchange = () => {
      const p = this.chosen();
      if (p) this.onPlace(p);
    };
    this.fill();
  }

  /** Selects the body `id` and lists its places (none chosen). */
  setBody(id: string): void {
    this.body.value = id;
    this.fill();
  }

  /** The chosen place, or undefined for "none". */
  chosen(): NamedPlace | undefined {
    return this.places.find((q) => q.id === this.place.value);
  }

  private fill(): void {
    const list = placesOn(this.body.value, this.places);
    this.place.replaceChildren(
      el('option', { value: '' }, list.length ? this.o.none : this.o.noneEmpty),
      ...list.map((p) => el('option', { value: p.id }, p.name)),
    );
    this.place.disabled = list.length === 0;
  }
}
