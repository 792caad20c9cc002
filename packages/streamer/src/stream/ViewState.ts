/**
 * What the streamer needs to know about a view, without three.js (ADR-0008). The apps build it
 * from their camera each frame.
 */
export interface ViewState {
  /** Eye position, body-fixed, float64 m. */
  eye: Float64Array;
  /**
   * Eye-relative view-projection (column-major 4×4, like three.js): maps a body-fixed offset from
   * the eye (w = 1) to clip space. Used for frustum culling of requests and draws.
   */
  viewProjection: Float64Array;
  /** Vertical field of view, radians. */
  fovY: number;
  /** Viewport height, CSS pixels × devicePixelRatio. */
  viewportHeight: number;
  /** Eye velocity, body-fixed m/s (prefetch along it); zero when still. */
  velocity?: Float64Array;
}
