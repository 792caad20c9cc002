/**
 * The observatory HUD: body, ground address, eye height, detail floor, patch counters, triangles,
 * frame time, backend, workers, terrain version and world digest, plus the "resolving ground"
 * progress bar shown until the streamer's fixed point, and a line per bad URL parameter.
 */

export interface HudFigures {
  body: string;
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
  workers: string;
  terrainVersion: string;
  worldDigest: string;
  fixedPoint: boolean;
  resolved: number;
  wanted: number;
}

export class Hud {
  private readonly text: HTMLElement;
  private readonly bar: HTMLElement;
  private readonly barFill: HTMLElement;
  private readonly barLabel: HTMLElement;
  private readonly messages: HTMLElement;

  constructor(root: HTMLElement) {
    root.innerHTML =
      '<div class="hud-messages" role="alert"></div><pre class="hud-text"></pre>' +
      '<div class="hud-bar"><div class="hud-bar-fill"></div><span class="hud-bar-label"></span></div>';
    this.messages = root.querySelector('.hud-messages')!;
    this.text = root.querySelector('.hud-text')!;
    this.bar = root.querySelector('.hud-bar')!;
    this.barFill = root.querySelector('.hud-bar-fill')!;
    this.barLabel = root.querySelector('.hud-bar-label')!;
  }

  showMessages(lines: string[]): void {
    this.messages.textContent = lines.join('\n');
    this.messages.hidden = lines.length === 0;
  }

  update(f: HudFigures): void {
    const m = (v: number) => (Number.isFinite(v) ? `${v.toFixed(2)} m` : '—');
    this.text.textContent =
      `${f.body}  ${f.address}\n` +
      `eye ${m(f.heightField)} above drawn ground (mesh ${m(f.heightMesh)})  floor ${f.detailFloor}\n` +
      `patches ${f.drawn} drawn / ${f.resident} resident / ${f.inFlight} in flight / ${f.starved} starved\n` +
      `${f.triangles.toLocaleString('en')} triangles  ${f.rocks} rocks  ${f.frameMs.toFixed(1)} ms\n` +
      `${f.backend} (${f.depth} depth)  workers ${f.workers}\n` +
      `terrain v${f.terrainVersion}  world ${f.worldDigest}`;
    this.bar.hidden = f.fixedPoint;
    const frac = f.wanted > 0 ? Math.min(1, f.resolved / f.wanted) : 0;
    this.barFill.style.width = `${(frac * 100).toFixed(1)}%`;
    this.barLabel.textContent = `resolving ground ${f.resolved}/${f.wanted}`;
  }
}
