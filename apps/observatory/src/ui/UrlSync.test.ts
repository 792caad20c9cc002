import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, formatParams, parseParams } from '../params';
import { UrlSync, URL_SYNC_MS, mergeQuery } from './UrlSync';

const defaults = formatParams(DEFAULT_VIEW);

describe('mergeQuery', () => {
  it('keeps unknown parameters and their order; adds only values off their defaults', () => {
    const p = parseParams('?utm=x&body=mars&lat=4').params;
    p.lat = 5.5;
    expect(mergeQuery('?utm=x&body=mars&lat=4', formatParams(p), defaults)).toBe('?utm=x&body=mars&lat=5.5');
  });

  it('leaves a typed URL alone when the view is what it says', () => {
    const search = '?body=luna&h=2&mine=1';
    expect(mergeQuery(search, formatParams(parseParams(search).params), defaults)).toBe(search);
  });
});

describe('UrlSync', () => {
  it('writes at most every URL_SYNC_MS, only after input settles, only when changed', () => {
    let url = '?body=luna&x=1';
    const writes: string[] = [];
    const p = parseParams(url).params;
    const sync = new UrlSync(
      () => formatParams(p),
      defaults,
      (s) => {
        writes.push(s);
        url = s;
      },
      () => url,
    );
    // 60 frames a second for 3 s with nothing changing: no write at all.
    for (let t = 0; t < 3000; t += 1000 / 60) sync.tick(t, -1e9);
    expect(writes).toEqual([]);
    p.lat = 1;
    // Input still arriving: no write.
    for (let t = 3000; t < 4000; t += 1000 / 60) sync.tick(t, t);
    expect(writes).toEqual([]);
    for (let t = 4000; t < 6000; t += 1000 / 60) sync.tick(t, 4000 - 1000 / 60);
    expect(writes).toEqual(['?body=luna&x=1&lat=1']);
    expect(URL_SYNC_MS).toBeGreaterThan(100);
  });
});
