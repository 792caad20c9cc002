import { describe, expect, it } from 'vitest';
import { getBody } from '@landfall/universe';
import { FlightSim } from '../sim/FlightSim';
import { cloneShipState, createControls, type ShipState } from '../sim/ShipState';
import { Autopilot } from '../sim/Autopilot';
import { descentState, lowOrbitState } from '../sim/startStates';
import { saveKey, SaveStore } from './SaveStore';
import { decodeSave, encodeSave, SAVE_FORMAT_VERSION } from './saveFormat';
import { groundFingerprint, worldIdentity } from './worldIdentity';
import { shipAddress } from './shipAddress';
import { parseAddress } from '@landfall/universe';
import { MemoryStorage } from './memoryStorage.testkit';

const landedCache = new Map<string, ShipState>();

/** A sim landed by the autopilot (one descent per body, cloned for each test). */
function landedSim(id: string): FlightSim {
  const body = getBody(id);
  const cached = landedCache.get(id);
  if (cached) return new FlightSim(body, cloneShipState(cached));
  const sim = new FlightSim(body, descentState(body));
  const ap = new Autopilot();
  const c = createControls();
  while (sim.state.mode === 'flying') {
    ap.control(sim, c);
    sim.tick(c);
  }
  expect(sim.state.mode).toBe('landed');
  landedCache.set(id, cloneShipState(sim.state));
  return sim;
}

// Timeout: the first landing per body flies a full autopilot descent over the canonical ground.
describe('saves', { timeout: 60_000 }, () => {
  it('round-trips a landed pose bit-exactly', () => {
    const sim = landedSim('luna');
    const store = new SaveStore(new MemoryStorage());
    const w = store.save(sim);
    expect(w.ok).toBe(true);
    const r = store.load('luna');
    if (r.status !== 'loaded') throw new Error(JSON.stringify(r));
    expect(r.state.pBf).toEqual(sim.state.pBf);
    expect(Object.is(r.state.pBf.x, sim.state.pBf.x)).toBe(true);
    expect(r.state.qBf).toEqual(sim.state.qBf);
    expect(r.state.mode).toBe('landed');
    expect(r.state.tick).toBe(sim.state.tick);
    expect(r.address).toMatch(/^luna\/f[0-5]\/q[0-3]{24}$/);
    const again = new FlightSim(getBody('luna'), r.state);
    expect(again.state.p).toEqual(sim.state.p);
  });

  it('round-trips a flying state to the same trajectory (within round-off)', () => {
    const body = getBody('mars');
    const sim = new FlightSim(body, lowOrbitState(body));
    sim.run(12345, createControls());
    const r = decodeSave(JSON.stringify(encodeSave(sim, worldIdentity(body))), 'mars', worldIdentity(body));
    if (!r.ok) throw new Error(r.message);
    // Tolerance: body-fixed ↔ inertial rotations round-trip to a few ulps of 3.5e6 m.
    expect(Math.abs(r.state.p.x - sim.state.p.x)).toBeLessThan(1e-6);
    expect(Math.abs(r.state.v.y - sim.state.v.y)).toBeLessThan(1e-9);
    expect(r.state.mode).toBe('flying');
  });

  it('addresses contain the position and parse', () => {
    const sim = landedSim('mars');
    const a = shipAddress('mars', sim.state.pBf);
    const parsed = parseAddress(a);
    expect(parsed.kind).toBe('patch');
    expect(shipAddress('mars', { x: 1, y: 0, z: 0 })).toBe(`mars/f0/q${'3' + '0'.repeat(23)}`);
  });

  it.each([
    ['not JSON', '{"format": "landfall-save", ', /corrupt: not JSON/],
    ['wrong shape', '[1,2,3]', /corrupt: not a Landfall save/],
    ['NaN position', null, /corrupt: ship.pBf must be 3 finite numbers/],
    ['moved address', null, /corrupt: address .* does not contain the saved position/],
  ])('rejects a corrupt save (%s) and never overwrites it', (what, text, re) => {
    const sim = landedSim('luna');
    const storage = new MemoryStorage();
    const store = new SaveStore(storage);
    let bad = text;
    if (bad === null) {
      const doc = encodeSave(sim, worldIdentity(sim.body)) as unknown as {
        ship: { pBf: unknown[] };
        address: string;
      };
      if (what === 'NaN position') doc.ship.pBf[0] = 'NaN';
      else doc.address = doc.address.slice(0, -1) + (doc.address.endsWith('0') ? '1' : '0');
      bad = JSON.stringify(doc);
    }
    storage.map.set(saveKey('luna'), bad);
    const r = store.load('luna');
    expect(r.status).toBe('corrupt');
    if (r.status === 'corrupt') expect(r.message).toMatch(re);
    const w = store.save(sim);
    expect(w.ok).toBe(false);
    expect(storage.map.get(saveKey('luna'))).toBe(bad);
    expect(storage.writes).toBe(0);
    store.discard('luna');
    expect(store.save(sim).ok).toBe(true);
  });

  it.each([
    ['terrainVersion', /terrain algorithm version differs/],
    ['levelId', /world digest \(level id\) differs/],
    ['groundFingerprint', /canonical ground fingerprint differs/],
  ] as const)('refuses a save whose %s differs, naming it', (part, re) => {
    const sim = landedSim('luna');
    const storage = new MemoryStorage();
    const doc = encodeSave(sim, worldIdentity(sim.body));
    doc.world[part] = 'other';
    const text = JSON.stringify(doc);
    storage.map.set(saveKey('luna'), text);
    const store = new SaveStore(storage);
    const r = store.load('luna');
    expect(r.status).toBe('refused');
    if (r.status === 'refused') expect(r.message).toMatch(re);
    expect(store.save(sim).ok).toBe(false);
    expect(storage.map.get(saveKey('luna'))).toBe(text);
  });

  it('names the differing half of the level id (field hash)', () => {
    const sim = landedSim('luna');
    const doc = encodeSave(sim, worldIdentity(sim.body));
    const parts = doc.world.levelId.split('/');
    parts[4] = parts[4] === '00000000' ? '00000001' : '00000000';
    doc.world.levelId = parts.join('/');
    const r = decodeSave(JSON.stringify(doc), 'luna', worldIdentity(sim.body));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.kind).toBe('refused');
      expect(r.message).toMatch(/world digest \(level id\) differs — world mismatch: field hash differs/);
    }
  });

  it('refuses another save format version', () => {
    const sim = landedSim('luna');
    const doc = { ...encodeSave(sim, worldIdentity(sim.body)), formatVersion: SAVE_FORMAT_VERSION + 1 };
    const r = decodeSave(JSON.stringify(doc), 'luna', worldIdentity(sim.body));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/save format version 2 differs from this game's 1/);
  });

  it('the ground fingerprint differs between bodies and is stable', () => {
    const a = groundFingerprint(getBody('luna'));
    expect(groundFingerprint(getBody('luna'))).toBe(a);
    expect(groundFingerprint(getBody('mars'))).not.toBe(a);
    expect(a).toMatch(/^[0-9a-f]{8}$/);
  });

  it('a storage that throws gives an error, not a crash', () => {
    const store = new SaveStore({
      getItem() {
        throw new Error('denied');
      },
      setItem() {
        throw new Error('denied');
      },
      removeItem() {},
    });
    expect(store.load('luna')).toEqual({ status: 'corrupt', message: 'save could not be read: denied' });
  });
});
