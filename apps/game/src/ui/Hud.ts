/**
 * The flight HUD: body, altitude above the canonical ground, radar altitude, datum altitude,
 * vertical and horizontal speed, fuel, throttle, attitude, position, the terrain unit below and
 * the nearest named place,
 * time warp, autopilot, terrain streaming progress, frame time, and the player messages. Text
 * only, refreshed at most ten times a second; the frame time is the mean over that interval.
 */
import type { Game } from '../app/Game';
import { SHIP_FUEL_KG } from '../sim/flightLimits';
import { createTelemetry, radarAltitude, telemetry } from '../sim/telemetry';
import { terrainUnitName } from '@landfall/universe';
import type { TerrainProgress } from '../view/TerrainView';
import { nearestPlaceLabel, placeLine } from './placeLabel';

const tel = createTelemetry();

const km = (m: number): string =>
  Math.abs(m) >= 10000 ? `${(m / 1000).toFixed(2)} km` : `${(Math.abs(m) < 0.05 ? 0 : m).toFixed(1)} m`;

export class Hud {
  readonly el: HTMLElement;
  private readonly msgs: HTMLElement;
  private last = 0;
  private frameSumMs = 0;
  private frameCount = 0;
  private frameText = '—';

  constructor(parent: HTMLElement) {
    this.el = document.createElement('pre');
    this.el.id = 'hud';
    this.msgs = document.createElement('div');
    this.msgs.id = 'messages';
    this.msgs.setAttribute('role', 'status');
    parent.append(this.el, this.msgs);
  }

  /** Counts one frame of `intervalMs` towards the next refresh's mean. */
  frame(intervalMs: number): void {
    this.frameSumMs += intervalMs;
    this.frameCount++;
  }

  update(game: Game, progress: TerrainProgress, camera: string, now: number, force = false): void {
    if (!force && now - this.last < 100) return;
    this.last = now;
    if (this.frameCount > 0) {
      const ms = this.frameSumMs / this.frameCount;
      this.frameText = `${ms.toFixed(ms < 100 ? 1 : 0)} ms (${(1000 / ms).toFixed(ms > 200 ? 1 : 0)} fps)`;
      this.frameSumMs = 0;
      this.frameCount = 0;
    }
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
      `GROUND ${terrainUnitName(game.body, tel.groundUnit)}`,
      placeLine(nearestPlaceLabel(game.body, tel.latDeg, tel.lonDeg)),
      `WARP  ${warp}×${game.warpAllowed() || warp > 1 ? '' : ' (orbit only)'}   CAM ${camera}`,
      `TERRAIN ${progress.label} ${progress.done}/${progress.total}`,
      ...(progress.cache ? [`CACHE ${progress.cache}`] : []),
      ...(progress.producer ? [`PRODUCER ${progress.producer}`] : []),
      `T+${s.t.toFixed(1)} s   FRAME ${this.frameText}`,
    ];
    this.el.textContent = lines.join('\n');
    this.msgs.textContent = game.messages.slice(-4).join('\n');
  }
}
