/**
 * Save slots in a `Storage` (localStorage in the browser), one per body under
 * `landfall.save.<body>` (ADR-0015). A slot whose content could not be loaded (corrupt or refused)
 * is blocked: `save()` will not overwrite it until the player discards it explicitly; so is a slot
 * holding a save when a flight starts fresh (`holdForFreshFlight`).
 */
import { getBody } from '@landfall/universe';
import type { FlightSim } from '../sim/FlightSim';
import type { ShipState } from '../sim/ShipState';
import { decodeSave, encodeSave } from './saveFormat';
import { worldIdentity } from './worldIdentity';

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type LoadOutcome =
  | { status: 'none' }
  | { status: 'loaded'; state: ShipState; address: string }
  | { status: 'corrupt' | 'refused'; message: string };

const didNotLoad = (reason: string): string =>
  `not saved: the slot holds a save that did not load (${reason})`;

export const saveKey = (bodyId: string): string => `landfall.save.${bodyId}`;

export class SaveStore {
  private readonly blocked = new Map<string, string>();

  constructor(private readonly storage: StorageLike) {}

  /** Reads a body's slot. A failed load blocks the slot and leaves its text untouched. */
  load(bodyId: string): LoadOutcome {
    const body = getBody(bodyId);
    let text: string | null;
    try {
      text = this.storage.getItem(saveKey(bodyId));
    } catch (e) {
      const message = `save could not be read: ${(e as Error).message}`;
      this.blocked.set(bodyId, didNotLoad(message));
      return { status: 'corrupt', message };
    }
    if (text === null) return { status: 'none' };
    const r = decodeSave(text, body.id, worldIdentity(body));
    if (!r.ok) {
      this.blocked.set(bodyId, didNotLoad(r.message));
      return { status: r.kind, message: r.message };
    }
    this.blocked.delete(bodyId);
    return { status: 'loaded', state: r.state, address: r.doc.address };
  }

  /** Why a slot is blocked (the refusal `save()` returns), or null. */
  blockedReason(bodyId: string): string | null {
    return this.blocked.get(bodyId) ?? null;
  }

  /**
   * Writes the sim's state and reads it back; refuses (returns the reason) while the slot is
   * blocked or held, and reports "not saved … nothing persisted" when the storage throws (quota,
   * no storage) or does not keep what was written.
   */
  save(sim: FlightSim): { ok: true; address: string } | { ok: false; message: string } {
    const refusal = this.blocked.get(sim.body.id);
    if (refusal) return { ok: false, message: refusal };
    const doc = encodeSave(sim, worldIdentity(sim.body));
    const text = JSON.stringify(doc);
    const key = saveKey(sim.body.id);
    try {
      this.storage.setItem(key, text);
      if (this.storage.getItem(key) !== text) {
        return { ok: false, message: 'not saved: the storage did not keep the save; nothing persisted' };
      }
    } catch (e) {
      return { ok: false, message: `not saved: ${(e as Error).message}; nothing persisted` };
    }
    return { ok: true, address: doc.address };
  }

  /**
   * A flight that did not load this body's slot (started fresh) must never write it: when the
   * slot holds a save, writes are refused until the player discards it. Returns true if held.
   */
  holdForFreshFlight(bodyId: string): boolean {
    let text: string | null;
    try {
      text = this.storage.getItem(saveKey(bodyId));
    } catch {
      return false; // unreadable: load() has already blocked the slot
    }
    if (text === null) return false;
    if (!this.blocked.has(bodyId)) {
      this.blocked.set(
        bodyId,
        `not saved: this flight did not load the save in the ${bodyId} slot (it started fresh); ` +
          'discard that save in the menu (M) to save this flight',
      );
    }
    return true;
  }

  /** The player's explicit choice: delete the slot's content and unblock it. */
  discard(bodyId: string): void {
    this.storage.removeItem(saveKey(bodyId));
    this.blocked.delete(bodyId);
  }
}
