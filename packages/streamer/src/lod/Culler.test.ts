import { describe, expect, it } from 'vitest';
import { NodeKey } from '../quadtree/NodeKey';
import { lookAtView } from '../stream/lookAtView';
import { Culler } from './Culler';
import { nodeGeometry } from './NodeGeometry';

const R = 1000000;

describe('Culler', () => {
  const view = lookAtView({
    eye: [R + 10, 0, 0],
    target: [R + 10, 1, 0],
    up: [1, 0, 0],
    fovY: 1,
    width: 200,
    height: 100,
  });
  const c = new Culler();
  c.setView(view.eye, view.viewProjection, R - 100);

  it('keeps spheres in front of the eye and culls those behind or beside it', () => {
    expect(c.inFrustum(R + 10, 1000, 0, 1)).toBe(true);
    expect(c.inFrustum(R + 10, -1000, 0, 1)).toBe(false);
    expect(c.inFrustum(R + 10, 1000, 5000, 1)).toBe(false);
    expect(c.inFrustum(R + 10, -1000, 0, 2000)).toBe(true);
    // Float64 rounding of coordinates near 1e6 m is ~1e-10 m.
    expect(Math.abs(c.distance(R + 10, 1000, 0, 1) - 999)).toBeLessThan(1e-6);
  });

  it('culls nodes beyond the horizon of the inner ball and keeps near ones', () => {
    const near = nodeGeometry(new NodeKey(0, 10, 512, 512));
    const far = nodeGeometry(new NodeKey(1, 0, 0, 0));
    expect(c.aboveHorizon(near, R + 100)).toBe(true);
    expect(c.aboveHorizon(far, R + 100)).toBe(false);
    for (const g of [near, far]) {
      const b = c.nodeHorizon(g, R + 100);
      expect(c.aboveHorizonCached(g, b, Math.cos(b), Math.sin(b))).toBe(c.aboveHorizon(g, R + 100));
    }
  });
});
