/**
 * What the game draws with: the renderer's canvas, the current body's `GameView` and its terrain,
 * and the camera mode, which outlives a change of body. `switchBody` enters another body and
 * replaces the view (the old one is disposed); `resize` fits renderer and view to the canvas.
 */
import type { Body } from '@landfall/universe';
import type { WebGPURenderer } from 'three/webgpu';
import type { ProducerWish } from '@landfall/render';
import type { Game } from './Game';
import type { CameraMode, GameParams, TerrainKind } from './urlParams';
import type { Site, StartKind } from '../sim/startStates';
import { GameView } from '../view/GameView';
import { PlaceholderTerrain } from '../view/PlaceholderTerrain';
import { PlanetTerrain } from '../view/PlanetTerrain';
import type { TerrainView } from '../view/TerrainView';

/** The one place that chooses the terrain drawer. */
function createTerrain(
  body: Body,
  renderer: WebGPURenderer,
  kind: TerrainKind,
  producer: ProducerWish,
): TerrainView {
  if (kind === 'placeholder') return new PlaceholderTerrain(body);
  return new PlanetTerrain(renderer, body, kind, producer);
}

export class GameStage {
  view: GameView;
  camMode: CameraMode;

  constructor(
    readonly renderer: WebGPURenderer,
    readonly canvas: HTMLCanvasElement,
    private readonly game: Game,
    private readonly params: Readonly<GameParams>,
  ) {
    this.view = this.createView();
    this.camMode = params.cam;
    this.view.rig.mode = this.camMode;
  }

  private createView(): GameView {
    return new GameView(
      this.renderer,
      this.game.body,
      createTerrain(this.game.body, this.renderer, this.params.terrain, this.params.producer),
    );
  }

  /** Chase ↔ cockpit. */
  toggleCamera(): void {
    this.view.rig.mode = this.camMode = this.camMode === 'chase' ? 'cockpit' : 'chase';
  }

  switchBody(id: string, start: StartKind, fresh: boolean, site?: Site): void {
    this.game.autopilot = null;
    this.game.enter(id, start, fresh, site);
    this.view.dispose();
    this.view = this.createView();
    this.view.rig.mode = this.camMode;
    this.resize();
  }

  resize(): void {
    const w = Math.max(1, this.canvas.clientWidth || innerWidth);
    const h = Math.max(1, this.canvas.clientHeight || innerHeight);
    this.renderer.setSize(w, h, false);
    this.view.resize(w, h);
  }
}
