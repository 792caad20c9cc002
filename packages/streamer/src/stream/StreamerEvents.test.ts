import { describe, expect, it } from 'vitest';
import type { PatchPayload } from '../patch/PatchFormat';
import { PatchEvent, StreamerEvents } from './StreamerEvents';

/** StreamerEvents with its announcer opened for the test. */
class Announcer extends StreamerEvents {
  send(type: 'resident' | 'evicted', address: string): void {
    this.announce(type, { address } as PatchPayload);
  }
}

describe('StreamerEvents', () => {
  it('delivers each type to its own listeners, with the payload', () => {
    const events = new Announcer();
    const got: string[] = [];
    events.on('resident', (e) => got.push(`+${e.payload.address}`));
    events.on('evicted', (e) => got.push(`-${e.payload.address}`));
    events.send('resident', 'a');
    events.send('evicted', 'b');
    expect(got).toEqual(['+a', '-b']);
  });

  it('the returned function unsubscribes; other listeners stay', () => {
    const events = new Announcer();
    const first: string[] = [];
    const second: string[] = [];
    const off = events.on('resident', (e) => first.push(e.payload.address));
    events.on('resident', (e) => second.push(e.payload.address));
    events.send('resident', 'a');
    off();
    events.send('resident', 'b');
    off(); // a second call is harmless
    expect(first).toEqual(['a']);
    expect(second).toEqual(['a', 'b']);
  });

  it('an aborted signal unsubscribes', () => {
    const events = new Announcer();
    const abort = new AbortController();
    const got: string[] = [];
    events.on('evicted', (e) => got.push(e.payload.address), { signal: abort.signal });
    events.send('evicted', 'a');
    abort.abort();
    events.send('evicted', 'b');
    expect(got).toEqual(['a']);
  });

  it('plain EventTarget listeners see PatchEvents', () => {
    const events = new Announcer();
    let seen: Event | null = null;
    events.addEventListener('resident', (e) => (seen = e));
    events.send('resident', 'a');
    expect(seen).toBeInstanceOf(PatchEvent);
    expect((seen as unknown as PatchEvent).payload.address).toBe('a');
  });
});
