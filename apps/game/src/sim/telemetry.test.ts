import { describe, expect, it } from 'vitest';
import { createControls } from './ShipState';
import { FlightSim } from './FlightSim';
import { descentState, landedState } from './startStates';
import { createTelemetry, telemetry } from './telemetry';
import { getBody } from '@landfall/universe';

const angleDiff = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

describe('telemetry heading', () => {
  for (const body of ['luna', 'mars']) {
    for (const site of [
      { latDeg: 8, lonDeg: 23 },
      { latDeg: -45, lonDeg: 179.9 },
    ]) {
      it(`a landed ship sitting still keeps its heading (${body} ${site.latDeg}, ${site.lonDeg})`, () => {
        // Truth: landedState stands the ship upright with its nose north, so the heading is 0°.
        const sim = new FlightSim(getBody(body), landedState(getBody(body), site));
        const c = createControls();
        const tel = createTelemetry();
        let worst = 0;
        for (let i = 0; i < 600; i++) {
          sim.tick(c);
          telemetry(sim, tel);
          worst = Math.max(worst, angleDiff(tel.headingDeg, 0));
        }
        expect(sim.state.mode).toBe('landed');
        // Rounding only: the nose direction is stored body-fixed and never moves.
        expect(worst).toBeLessThan(1e-6);
      });
    }
  }

  it('a tilted ship reports the direction it leans', () => {
    // descentState leans +Y half a unit toward the west of vertical (26.6° tilt): heading 270°.
    const body = getBody('luna');
    const tel = telemetry(new FlightSim(body, descentState(body)), createTelemetry());
    expect(tel.tiltDeg).toBeCloseTo((Math.atan(0.5) * 180) / Math.PI, 6);
    expect(angleDiff(tel.headingDeg, 270)).toBeLessThan(1e-6);
  });
});
