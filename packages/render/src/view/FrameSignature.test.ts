// FrameSignature: a frame equals the last one only when every input that reaches the picture
// does (ADR-0011, render on change); each input is changed in turn and must be seen.
import { describe, expect, it } from 'vitest';
import { Quaternion, Vector3 } from 'three/webgpu';
import type { DrawItem } from '../patch/PatchMeshes';
import { FrameSignature } from './FrameSignature';

const payload = (n: number) => ({ address: `p${n}` }) as unknown as DrawItem['payload'];
const item = (p: DrawItem['payload'], morphStart = 10): DrawItem => ({
  payload: p,
  morphStart,
  morphEnd: 20,
  edgeMorph: [-1, -1, -1, -1],
  cornerMorph: [-1, 0, -1, -1],
});

interface Inputs {
  eye: number[];
  q: Quaternion;
  fov: number;
  w: number;
  h: number;
  sun: Vector3;
  focus: number[];
  draw: DrawItem[];
  rocks: number;
}

const p1 = payload(1);
const p2 = payload(2);
const base = (): Inputs => ({
  eye: [1, 2, 3],
  q: new Quaternion(0, 0, 0, 1),
  fov: 60,
  w: 320,
  h: 200,
  sun: new Vector3(0, 0, 1),
  focus: [1, 2, 3],
  draw: [item(p1), item(p2)],
  rocks: 0,
});
const call = (s: FrameSignature, i: Inputs) =>
  s.same(i.eye, i.q, i.fov, i.w, i.h, i.sun, i.focus, i.draw, i.rocks);

describe('FrameSignature', () => {
  it('the first frame is new; the same inputs again are the same frame', () => {
    const s = new FrameSignature();
    expect(call(s, base())).toBe(false);
    expect(call(s, base())).toBe(true);
    expect(call(s, base())).toBe(true);
  });

  const changes: [string, (i: Inputs) => void][] = [
    ['eye', (i) => (i.eye[2] += 1e-9)],
    ['orientation', (i) => i.q.set(0, 0.01, 0, 1).normalize()],
    ['field of view', (i) => (i.fov = 61)],
    ['width', (i) => (i.w = 321)],
    ['height', (i) => (i.h = 201)],
    ['sun', (i) => i.sun.set(0, 1, 0)],
    ['shadow focus', (i) => (i.focus[0] = 5)],
    ['a patch replaced', (i) => (i.draw[1] = item(payload(2)))],
    ['a patch added', (i) => i.draw.push(item(payload(3)))],
    ['a patch dropped', (i) => i.draw.pop()],
    ['a morph start', (i) => (i.draw[0] = item(p1, 11))],
    ['an edge morph', (i) => ((i.draw[0].edgeMorph as number[])[2] = 1)],
    ['a corner morph', (i) => ((i.draw[1].cornerMorph as number[])[1] = -1)],
    ['the rocks', (i) => (i.rocks = 1)],
  ];
  for (const [name, change] of changes) {
    it(`sees ${name} change, then the changed frame repeat`, () => {
      const s = new FrameSignature();
      call(s, base());
      expect(call(s, base())).toBe(true);
      const i = base();
      change(i);
      expect(call(s, i)).toBe(false);
      expect(call(s, i)).toBe(true);
    });
  }
});
