/**
 * The streamer's events (ADR-0010), a typed `EventTarget`: `resident` when an arrived patch is
 * made resident (integrated in an update), `evicted` when a resident patch leaves the cache
 * (eviction or dispose). Each carries the payload. `on` adds a listener and returns the function
 * that removes it; a listener may also be removed by aborting `options.signal`.
 */
import type { PatchPayload } from '../patch/PatchFormat';

/** A patch made resident or evicted; `payload` is the patch. */
export class PatchEvent extends Event {
  readonly payload: PatchPayload;

  constructor(type: keyof StreamerEventMap, payload: PatchPayload) {
    super(type);
    this.payload = payload;
  }
}

/** The streamer's event types and what each carries. */
export interface StreamerEventMap {
  resident: PatchEvent;
  evicted: PatchEvent;
}

/** An `EventTarget` with a typed, unsubscribable `on` for the streamer's events. */
export class StreamerEvents extends EventTarget {
  /** Adds `listener` for `type`; returns the function that removes it. */
  on<K extends keyof StreamerEventMap>(
    type: K,
    listener: (event: StreamerEventMap[K]) => void,
    options: { signal?: AbortSignal } = {},
  ): () => void {
    const wrapped = (event: Event) => listener(event as StreamerEventMap[K]);
    this.addEventListener(type, wrapped, { signal: options.signal });
    return () => this.removeEventListener(type, wrapped);
  }

  /** Announces `payload` as `type` to every listener. */
  protected announce(type: keyof StreamerEventMap, payload: PatchPayload): void {
    this.dispatchEvent(new PatchEvent(type, payload));
  }
}
