// @landfall/streamer public API. CDLOD selection, scheduling, caches and the worker pool (ADR-0005…).
export {};
