/**
 * What the game needs from a terrain drawer, so the placeholder and the render package's planet
 * view are interchangeable: objects for the near and far passes, a per-frame update with the
 * body-fixed eye and its velocity (streaming prefetch), and progress for the HUD.
 */
import type { Object3D, PerspectiveCamera } from 'three/webgpu';

export interface TerrainFrame {
  /** Eye, body-fixed float64, m. */
  eye: Float64Array;
  /** Eye velocity, body-fixed m/s (prefetch along it). */
  velocity: Float64Array;
  /** The ship's body-fixed position (where detail matters most). */
  focus: Float64Array;
  /** Eye altitude above the datum, m. */
  altitude: number;
  camera: PerspectiveCamera;
  viewportHeight: number;
}

export interface TerrainProgress {
  done: number;
  total: number;
  label: string;
}

export interface TerrainView {
  /** Drawn with the ship, after the depth clear (camera-relative, small coordinates). */
  readonly near: Object3D;
  /** Drawn first with a far-range camera (the globe); may be empty. */
  readonly far: Object3D;
  update(frame: TerrainFrame): void;
  progress(): TerrainProgress;
  dispose(): void;
}
