/**
 * The observatory HUD, on a semi-opaque panel: where the eye is (body, latitude/longitude, height
 * above the drawn ground), the ground there (elevation, terrain unit, nearest named place), key
 * hints, the "resolving ground" bar until the streamer's fixed point, and a line per bad URL
 * parameter. The engine's counters (address, patches, starved, mesh height, triangles, frame
 * time, backend, producer, workers, terrain version, world digest) sit in a debug block a person opens
 * (` key or click). Compact mode is one line, for screenshots.
 */
import { formatDistance, formatLatLon, type GroundInfo } from './ui/groundInfo';
import type { HudMode } from './ui/hudMode';

export interface HudFigures {
  body: string;
  lat: number;
  lon: number;
  ground: GroundInfo;
  address: string;
  heightField: number;
  heightMesh: number;
  detailFloor: string;
  drawn: number;
  resident: number;
  inFlight: number;
  starved: number;
  triangles: number;
  rocks: number;
  frameMs: number;
  backend: string;
  depth: string;
  /** What makes the patches and, where not what `?producer=` asked, why (Observatory.producerNote). */
  producer: string;
  /** Where the GPU producer packs (Observatory.packingNote); '' on the workers. */
  packing: string;
  workers: string;
  terrainVersion: string;
  worldDigest: string;
  fixedPoint: boolean;
  resolved: number;
  wanted: number;
  /** Persistent cache and look-around ring (cacheSummary). */
  cache: string;
}

export class Hud {
  private readonly root: HTMLElement;
  private readonly main: HTMLElement;
  private readonly debug: HTMLDetailsElement;
  private readonly debugText: HTMLElement;
  private readonly bar: HTMLElement;
  private readonly barFill: HTMLElement;
  private readonly barLabel: HTMLElement;
  private readonly messages: HTMLElement;
  private compact = false;

  constructor(root: HTMLElement, mode: HudMode = 'on') {
    this.root = root;
    root.innerHTML =
      '<div class="hud-messages" role="alert"></div>' +
      '<div class="hud-panel"><pre class="hud-main"></pre>' +
      '<div class="hud-bar"><div class="hud-bar-fill"></div><span class="hud-bar-label"></span></div>' +
      '<details class="hud-debug"><summary>engine</summary><pre class="hud-debug-text"></pre></details>' +
      '<div class="hud-keys">H help · G go to · C compact · ` (backquote) engine</div></div>';
    this.messages = root.querySelector('.hud-messages')!;
    this.main = root.querySelector('.hud-main')!;
    this.debug = root.querySelector('.hud-debug')!;
    this.debugText = root.querySelector('.hud-debug-text')!;
    this.bar = root.querySelector('.hud-bar')!;
    this.barFill = root.querySelector('.hud-bar-fill')!;
    this.barLabel = root.querySelector('.hud-bar-label')!;
    root.hidden = mode === 'off';
    this.debug.open = mode === 'debug';
    this.setCompact(mode === 'compact');
  }

  showMessages(lines: string[]): void {
    this.messages.textContent = lines.join('\n');
    this.messages.hidden = lines.length === 0;
  }

  setCompact(on: boolean): void {
    this.compact = on;
    this.root.classList.toggle('compact', on);
  }

  toggleCompact(): void {
    this.setCompact(!this.compact);
  }

  toggleDebug(): void {
    this.debug.open = !this.debug.open;
  }

  update(f: HudFigures): void {
    const m = (v: number) => (Number.isFinite(v) ? `${v.toFixed(2)} m` : '—');
    const g = f.ground;
    const near = g.nearest
      ? `nearest ${g.nearest.place.name}, ${formatDistance(g.nearest.distanceM)}`
      : 'named places: none on this body yet';
    const height = formatDistance(f.heightField);
    this.main.textContent = this.compact
      ? `${f.body} · ${formatLatLon(f.lat, f.lon, 3)} · ${height} up · ${g.unit}`
      : `${f.body}  ${formatLatLon(f.lat, f.lon)}\n` +
        `eye ${height} above the ground · ground ${formatDistance(Math.abs(g.elevationM))} ${g.elevationM < 0 ? 'below' : 'above'} datum\n` +
        `terrain ${g.unit}\n` +
        near;
    if (this.debug.open)
      this.debugText.textContent =
        `${f.address}\n` +
        `eye ${m(f.heightField)} above drawn ground (mesh ${m(f.heightMesh)})  floor ${f.detailFloor}\n` +
        `patches ${f.drawn} drawn / ${f.resident} resident / ${f.inFlight} in flight / ${f.starved} starved\n` +
        `${f.triangles.toLocaleString('en')} triangles  ${f.rocks} rocks  ${f.frameMs.toFixed(1)} ms/frame\n` +
        `${f.backend} (${f.depth} depth)  workers ${f.workers}\n` +
        `producer ${f.producer}\n` +
        (f.packing ? `${f.packing}\n` : '') +
        `${f.cache}\n` +
        `terrain v${f.terrainVersion}  world ${f.worldDigest}`;
    this.bar.hidden = f.fixedPoint || this.compact;
    const frac = f.wanted > 0 ? Math.min(1, f.resolved / f.wanted) : 0;
    this.barFill.style.width = `${(frac * 100).toFixed(1)}%`;
    this.barLabel.textContent = `resolving ground ${f.resolved}/${f.wanted}`;
  }
}
