// @landfall/streamer/worker: the worker entry (comlink method table).
export {};
