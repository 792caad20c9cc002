// A save that says "landed" must stand on the ground (ADR-0015, issue #11): a pose moved off the
// ground by more than the drawn/canonical divergence bound (ADR-0006) is refused with the height,
// the slot keeps its text, and only the player's discard frees it.
import { describe, expect, it } from 'vitest';
import { drawnDivergence, getBody, groundElevation, normalize3, vec3, type Body } from '@landfall/universe';
import { FlightSim } from '../sim/FlightSim';
import { LEG_HEIGHT_M } from '../sim/flightLimits';
import { createShipState } from '../sim/ShipState';
import { lowOrbitState } from '../sim/startStates';
import { len3, qFromUpForward } from '../sim/vecMath';
import { encodeSave } from './saveFormat';
import { saveKey, SaveStore } from './SaveStore';
import { worldIdentity } from './worldIdentity';
import { LANDED_POSE_ROUNDOFF_M, landedPoseBoundM } from './landedPose';
import { MemoryStorage } from './memoryStorage.testkit';

/** A landed save seated as FlightSim's touchdown seats it: upright, base on the canonical ground. */
function seatedSave(body: Body): { doc: ReturnType<typeof encodeSave>; dir: number[]; r: number } {
  const dir = normalize3(vec3(), { x: 0.8, y: 0.45, z: -0.3 });
  const r = body.radius + groundElevation(body, dir) + LEG_HEIGHT_M;
  const s = createShipState();
  s.mode = 'landed';
  s.reason = 'soft landing';
  s.pBf.x = dir.x * r;
  s.pBf.y = dir.y * r;
  s.pBf.z = dir.z * r;
  qFromUpForward(s.qBf, dir, normalize3(vec3(), { x: -dir.y, y: dir.x, z: 0 }));
  const doc = encodeSave(new FlightSim(body, s), worldIdentity(body));
  return { doc, dir: [dir.x, dir.y, dir.z], r };
}

/** The save text with the position moved: scaled by `k` and then `dh` metres along the vertical. */
function moved(body: Body, k: number, dh: number): { text: string; r: number } {
  const { doc, dir } = seatedSave(body);
  const p = doc.ship.pBf;
  const q: [number, number, number] = [0, 1, 2].map((i) => p[i] * k + dir[i] * dh) as never;
  const text = JSON.stringify({ ...doc, ship: { ...doc.ship, pBf: q } });
  return { text, r: len3({ x: q[0], y: q[1], z: q[2] }) };
}

function load(id: string, text: string) {
  const storage = new MemoryStorage();
  storage.map.set(saveKey(id), text);
  const store = new SaveStore(storage);
  return { storage, store, r: store.load(id) };
}

describe('a save that says landed', () => {
  it.each(['luna', 'mars', 'venus'])('loads on %s when seated on the ground', (id) => {
    const body = getBody(id);
    const { r } = load(id, JSON.stringify(seatedSave(body).doc));
    expect(r.status).toBe('loaded');
  });

  it('scaled by 1.01 on Luna (17 km up) is refused with its height; the slot is kept and blocked', () => {
    const body = getBody('luna');
    const seat = seatedSave(body);
    const { text } = moved(body, 1.01, 0);
    const { storage, store, r } = load('luna', text);
    expect(r.status).toBe('refused');
    if (r.status !== 'refused') return;
    // Truth by arithmetic: upright, the base is 0.01 |p| higher than the seated base.
    const expected = 0.01 * seat.r;
    expect(expected).toBeGreaterThan(17_000);
    const m = /stands (\d+\.\d+) m above the ground of Luna/.exec(r.message);
    expect(m, r.message).not.toBeNull();
    // Tolerance: the message prints 2 decimals (0.005 m) over float64 round-off (~1e-9 m).
    expect(Math.abs(Number(m![1]) - expected)).toBeLessThanOrEqual(0.005 + 1e-6);
    expect(r.message).toMatch(/^save refused: the ship is saved as landed/);
    // Nothing lost: the slot's text is untouched, saving over it is refused until discard.
    const sim = new FlightSim(body, lowOrbitState(body));
    expect(store.save(sim).ok).toBe(false);
    expect(storage.map.get(saveKey('luna'))).toBe(text);
    expect(storage.writes).toBe(0);
    store.discard('luna');
    expect(store.save(sim).ok).toBe(true);
  });

  it.each(['luna', 'mars', 'venus'])('on %s: inside the divergence bound loads, outside is refused', (id) => {
    const body = getBody(id);
    const bound = drawnDivergence(body) + LANDED_POSE_ROUNDOFF_M;
    expect(landedPoseBoundM(body)).toBe(bound);
    // 0.5 mm inside / outside the bound: far above the float64 round-off of the seat (≪ 1 µm).
    expect(load(id, moved(body, 1, bound - 5e-4).text).r.status).toBe('loaded');
    expect(load(id, moved(body, 1, -(bound - 5e-4)).text).r.status).toBe('loaded');
    const up = load(id, moved(body, 1, bound + 5e-4).text).r;
    expect(up.status).toBe('refused');
    if (up.status === 'refused') expect(up.message).toMatch(/m above the ground/);
    const down = load(id, moved(body, 1, -(bound + 5e-4)).text).r;
    expect(down.status).toBe('refused');
    if (down.status === 'refused') expect(down.message).toMatch(/m below the ground/);
  });

  it('the check applies to landed saves only: the same height flying loads', () => {
    const body = getBody('luna');
    const { doc } = seatedSave(body);
    const p = doc.ship.pBf.map((x) => x * 1.01);
    const text = JSON.stringify({ ...doc, ship: { ...doc.ship, mode: 'flying', pBf: p } });
    expect(load('luna', text).r.status).toBe('loaded');
  });
});
