// @landfall/streamer public API: CDLOD selection, scheduling, caches and the worker pool.
export * from './patch/PatchFormat';
export * from './stream/ViewState';
