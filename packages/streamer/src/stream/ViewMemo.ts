/**
 * What the streamer remembers between updates to skip work (ADR-0010): the last view, bit for bit,
 * and an order-independent signature of the last draw set (to tell a stable selection).
 */
import type { NodeInfo } from '../lod/Selector';
import type { ViewState } from './ViewState';

/** The last view: eye, view-projection, velocity, fovY, viewport height. */
export class ViewMemo {
  private readonly w = new Float64Array(24);

  /** True when `v` is bit-identical to the remembered view. */
  same(v: ViewState): boolean {
    const w = this.w;
    for (let i = 0; i < 3; i++) if (w[i] !== v.eye[i]) return false;
    for (let i = 0; i < 16; i++) if (w[3 + i] !== v.viewProjection[i]) return false;
    const vel = v.velocity;
    for (let i = 0; i < 3; i++) if (w[19 + i] !== (vel ? vel[i] : 0)) return false;
    return w[22] === v.fovY && w[23] === v.viewportHeight;
  }

  remember(v: ViewState): void {
    const w = this.w;
    for (let i = 0; i < 3; i++) w[i] = v.eye[i];
    for (let i = 0; i < 16; i++) w[3 + i] = v.viewProjection[i];
    for (let i = 0; i < 3; i++) w[19 + i] = v.velocity ? v.velocity[i] : 0;
    w[22] = v.fovY;
    w[23] = v.viewportHeight;
  }
}

/** Count, sum and a mixed sum of the draw set's packed keys. */
export class DrawSignature {
  private count = -1;
  private sum = 0;
  private mix = 0;

  /** Records `leaves`; true when their signature equals the previous one. */
  update(leaves: readonly NodeInfo[]): boolean {
    let sum = 0;
    let mix = 0;
    for (const n of leaves) {
      sum += n.key.packed;
      mix = (mix + Math.imul((n.key.packed / 8) | 0, 0x9e3779b1) + n.key.level) | 0;
    }
    const stable = leaves.length === this.count && sum === this.sum && mix === this.mix;
    this.count = leaves.length;
    this.sum = sum;
    this.mix = mix;
    return stable;
  }
}
