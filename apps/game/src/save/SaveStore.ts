/**
 * Save slots in a `Storage` (localStorage in the browser), one per body under
 * `landfall.save.<body>` (ADR-0015). A slot whose content could not be loaded (corrupt or refused)
 * is blocked: `save()` will not overwrite it until the player discards it explicitly.
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
      this.blocked.set(bodyId, message);
      return { status: 'corrupt', message };
    }
    if (text === null) return { status: 'none' };
    const r = decodeSave(text, body.id, worldIdentity(body));
    if (!r.ok) {
      this.blocked.set(bodyId, r.message);
      return { status: r.kind, message: r.message };
    }
    this.blocked.delete(bodyId);
    return { status: 'loaded', state: r.state, address: r.doc.address };
  }

  /** Why a slot is blocked, or null. */
  blockedReason(bodyId: string): string | null {
    return this.blocked.get(bodyId) ?? null;
  }

  /** Writes the sim's state; refuses (returns the reason) while the slot is blocked. */
  save(sim: FlightSim): { ok: true; address: string } | { ok: false; message: string } {
    const reason = this.blocked.get(sim.body.id);
    if (reason)
      return { ok: false, message: `not saved: the slot holds a save that did not load (${reason})` };
    const doc = encodeSave(sim, worldIdentity(sim.body));
    try {
      this.storage.setItem(saveKey(sim.body.id), JSON.stringify(doc));
    } catch (e) {
      return { ok: false, message: `not saved: ${(e as Error).message}` };
    }
    return { ok: true, address: doc.address };
  }

  /** The player's explicit choice: delete the slot's content and unblock it. */
  discard(bodyId: string): void {
    this.storage.removeItem(saveKey(bodyId));
    this.blocked.delete(bodyId);
  }
}
