/**
 * What the game needs from a terrain drawer, so the placeholder and the render package's planet
 * view are interchangeable: objects for the near and far passes, a per-frame update with the
 * body-fixed eye and its velocity (streaming prefetch) that may draw the whole frame itself, work
 * between frames, the streaming time it took, and progress for the HUD.
 */
import type { Vec3 } from '@landfall/universe';
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
  /** Unit direction to the sun, body-fixed. */
  sun: Readonly<Vec3>;
  /** Objects (the ship, its lights) that a terrain drawing its own scene adds to that scene. */
  extras: readonly Object3D[];
  /** The ship stands on the ground (the streamer then holds the look-around ring, ADR-0019). */
  landed: boolean;
}

export interface TerrainProgress {
  done: number;
  total: number;
  label: string;
  /** Persistent cache and look-around ring, one line ('' without streaming). */
  cache: string;
  /** What makes the patches and, where not what `?producer=` asked, why ('' without streaming). */
  producer: string;
}

export interface TerrainView {
  /** Drawn with the ship, after the depth clear (camera-relative, small coordinates). */
  readonly near: Object3D;
  /** Drawn first with a far-range camera (the globe); may be empty. */
  readonly far: Object3D;
  /**
   * Advances the terrain to this frame. Returns true when the terrain drew the whole frame itself
   * (its own scene and camera, `frame.extras` in it); false when the caller draws `far` and `near`.
   */
  update(frame: TerrainFrame): boolean;
  /** Work between frames when frames are slow (streaming arrivals, scheduling); may do nothing. */
  pump(): void;
  /** Main-thread streaming time since the last call, ms (0 without streaming); resets the tally. */
  takeStreamMs(): number;
  progress(): TerrainProgress;
  /** Makes the GPU producer's next batch fail (tests of the fallback); false where none runs. */
  plantGpuFailure?(message: string): boolean;
  dispose(): void;
}
