/**
 * The flight HUD: body, altitude above the canonical ground, radar altitude, datum altitude,
 * vertical and horizontal speed, fuel, throttle, attitude, time warp, autopilot, terrain streaming
 * progress, and the player messages. Text only, refreshed at most ten times a second.
 */
import type { Game } from '../app/Game';
import { SHIP_FUEL_KG } from '../sim/flightLimits';
import { createTelemetry, radarAltitude, telemetry } from '../sim/telemetry';
import type { TerrainProgress } from '../view/TerrainView';

const tel = createTelemetry();

const km = (m: number): string =>
  Math.abs(m) >= 10000 ? `${(m / 1000).toFixed(2)} km` : `${(Math.abs(m) < 0.05 ? 0 : m).toFixed(1)} m`;

export class Hud {
  readonly el: HTMLElement;
  private readonly msgs: HTMLElement;
  private last = 0;

  constructor(parent: HTMLElement) {
    this.el = document.createElement('pre');
    this.el.id = 'hud';
    this.msgs = document.createElement('div');
    this.msgs.id = 'messages';
    this.msgs.setAttribute('role', 'status');
    parent.append(this.el, this.msgs);
  }

  update(game: Game, progress: TerrainProgress, camera: string, now: number, force = false): void {
    if (!force && now - this.last < 100) return;
    this.last = now;
    const sim = game.sim;
    const s = sim.state;
    telemetry(sim, tel);
    const radar = s.mode === 'flying' ? radarAltitude(sim, 20000) : 0;
    const warp = game.warp();
    const lines = [
      `${game.body.name.toUpperCase()}  ${s.mode}${game.autopilot ? '  AUTOPILOT' : ''}`,
      `ALT   ${km(tel.altitudeM)} above ground`,
      `RADAR ${Number.isFinite(radar) ? km(radar) : '—'}`,
      `DATUM ${km(tel.datumAltitudeM)}  ground ${tel.groundElevationM.toFixed(1)} m`,
      `V/S   ${tel.verticalSpeed.toFixed(2)} m/s   H/S ${tel.horizontalSpeed.toFixed(2)} m/s`,
      `FUEL  ${((100 * s.fuelKg) / SHIP_FUEL_KG).toFixed(1)}%   THR ${(100 * s.throttle).toFixed(0)}%`,
      `ATT   tilt ${tel.tiltDeg.toFixed(1)}°  hdg ${tel.headingDeg.toFixed(0)}°  ${game.controls.sas ? 'SAS' : 'sas off'}`,
      `POS   ${tel.latDeg.toFixed(3)}°, ${tel.lonDeg.toFixed(3)}°  slope ${tel.slopeDeg.toFixed(1)}°`,
      `WARP  ${warp}×${game.warpAllowed() || warp > 1 ? '' : ' (orbit only)'}   CAM ${camera}`,
      `TERRAIN ${progress.label} ${progress.done}/${progress.total}`,
      `T+${s.t.toFixed(1)} s`,
    ];
    this.el.textContent = lines.join('\n');
    this.msgs.textContent = game.messages.slice(-4).join('\n');
  }
}
