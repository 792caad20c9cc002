// The sun's shadow map is drawn again only when what it shows changed (issue 13, ADR-0012): the
// eye, the shadow focus, the sun, the draw set or the rocks; turning the camera or a still frame
// keep it; `update` (the game's path, which renders its own lander into the scene) always redraws.
// The renderer is a stand-in that plays three's part: a render that uses the map draws it when
// `needsUpdate` is set and clears the flag (ShadowNode.updateBefore, three r187).
import { describe, expect, it } from 'vitest';
import { Quaternion, type WebGPURenderer } from 'three/webgpu';
import { getBody } from '@landfall/universe';
import { generateHeightfield } from '@landfall/streamer';
import type { DrawItem } from '../patch/PatchMeshes';
import type { StreamerLike } from './StreamerLike';
import { PlanetView, type FrameInput } from './PlanetView';

function setup() {
  let drawSet: readonly DrawItem[] = [];
  const streamer = {
    update() {},
    drawSet: () => drawSet,
    counters: () => ({}),
    fixedPoint: true,
    detailFloor: 0,
    on: () => () => {},
    lookAround: false,
    dispose() {},
  } as unknown as StreamerLike;
  let shadowDraws = 0;
  let renders = 0;
  const renderer = {
    shadowMap: { enabled: false, type: 0 },
    render() {
      renders++;
      const s = view.sunShadow.light.shadow;
      if (s.needsUpdate || s.autoUpdate) {
        shadowDraws++;
        s.needsUpdate = false;
      }
    },
  } as unknown as WebGPURenderer;
  const view = new PlanetView({ renderer, body: getBody('luna'), streamer });
  const r = getBody('luna').radius + 2;
  const input = (): FrameInput => ({
    eye: [r, 0, 0],
    orientation: new Quaternion(),
    fovDeg: 60,
    width: 320,
    height: 200,
  });
  return {
    view,
    input,
    draws: () => shadowDraws,
    renders: () => renders,
    renderer,
    setDrawSet: (d: readonly DrawItem[]) => (drawSet = d),
  };
}

describe('PlanetView keeps the sun shadow map while its inputs stay', () => {
  it('a still frame and a turned camera reuse the map; eye, focus, sun and draw set redraw it', () => {
    const t = setup();
    t.view.frame(t.input());
    expect(t.draws()).toBe(1);
    t.view.frame(t.input());
    expect(t.renders()).toBe(2);
    expect(t.draws()).toBe(1);
    const turned = t.input();
    turned.orientation = new Quaternion(0, 0.3826834, 0, 0.9238795);
    turned.fovDeg = 10;
    t.view.frame(turned);
    expect(t.draws()).toBe(1);
    const moved = t.input();
    moved.eye = [(moved.eye as number[])[0], 0.01, 0];
    t.view.frame(moved);
    expect(t.draws()).toBe(2);
    t.view.frame(moved);
    expect(t.draws()).toBe(2);
    t.view.frame({ ...moved, shadowFocus: [1, 2, 3] });
    expect(t.draws()).toBe(3);
    t.view.frame({ ...moved, shadowFocus: [1, 2, 3] });
    t.view.setSun({ x: 0, y: 1, z: 0 });
    t.view.frame({ ...moved, shadowFocus: [1, 2, 3] });
    expect(t.draws()).toBe(4);
    // The draw set and the rocks enter the same signature (FrameSignature.test covers each input).
  });

  it('render on change: the frame is drawn again after a turn or a scene change, not while still', () => {
    const t = setup();
    const still = () => {
      const before = t.renders();
      t.view.frame(t.input(), true);
      t.view.frame(t.input(), true); // the settle frame after a change
      t.view.frame(t.input(), true);
      return t.renders() - before;
    };
    expect(still()).toBe(2);
    const turned = { ...t.input(), orientation: new Quaternion(0, 0.3826834, 0, 0.9238795) };
    t.view.frame(turned, true);
    expect(t.renders()).toBe(3);
    expect(t.draws()).toBe(1); // a turn keeps the map
    expect(still()).toBe(2); // turning back is a change too
    t.view.setSun({ x: 0, y: 1, z: 0 });
    expect(still()).toBe(2);
    expect(t.draws()).toBe(2);
    // The draw set is walked by the scene's signature alone: a patch arriving, then only its morph
    // range changing, are each a change of frame and of map.
    const payload = generateHeightfield({ body: 'luna', face: 0, level: 12, x: 2000, y: 2000 });
    t.setDrawSet([{ payload, morphStart: 10, morphEnd: 20 }]);
    expect(still()).toBe(2);
    t.setDrawSet([{ payload, morphStart: 10, morphEnd: 21 }]);
    expect(still()).toBe(2);
    expect(t.draws()).toBe(4);
  });

  it('update (a caller that renders objects of its own) redraws the map at every render', () => {
    const t = setup();
    t.view.update(t.input());
    t.renderer.render(t.view.scene, t.view.camera);
    t.view.update(t.input());
    t.renderer.render(t.view.scene, t.view.camera);
    expect(t.draws()).toBe(2);
  });
});
