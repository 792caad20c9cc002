import { describe, expect, it } from 'vitest';
import { bodyIds } from '@landfall/universe';
import { DEFAULT_VIEW, formatParams, parseParams } from './params';

describe('URL view parameters', () => {
  it('reads a full view', () => {
    const { params, errors } = parseParams(
      '?body=mars&lat=-4.5&lon=137.4&h=2&heading=90&pitch=-10&fov=50&workers=4',
    );
    expect(errors).toEqual([]);
    expect(params).toMatchObject({
      body: 'mars',
      lat: -4.5,
      lon: 137.4,
      h: 2,
      heading: 90,
      pitch: -10,
      fov: 50,
      workers: 4,
    });
  });

  it('names each bad parameter and falls back to its default', () => {
    const { params, errors } = parseParams(
      '?body=vulcan&lat=91&h=abc&fov=&workers=2.5&streamer=x&bench=yes&benchWait=0',
    );
    expect(params.body).toBe(DEFAULT_VIEW.body);
    expect(params.lat).toBe(DEFAULT_VIEW.lat);
    expect(params.h).toBe(DEFAULT_VIEW.h);
    expect(params.fov).toBe(DEFAULT_VIEW.fov);
    expect(params.workers).toBe(DEFAULT_VIEW.workers);
    expect(params.bench).toBe('off');
    expect(params.benchWait).toBe(DEFAULT_VIEW.benchWait);
    expect(errors).toHaveLength(8);
    expect(errors[0]).toMatch(/body "vulcan"/);
    expect(errors.join('\n')).toMatch(/lat=91/);
    expect(errors.join('\n')).toMatch(/h=abc/);
    expect(errors.join('\n')).toMatch(/bench=yes is not off or frames/);
    expect(errors.join('\n')).toMatch(/benchWait=0 is not a number in \[1, 600\]/);
  });

  it('hostile values (huge, NaN, malformed escapes, markup, overlong) fall back and are quoted short', () => {
    const markup = '<img src=x onerror=alert(1)>';
    const { params, errors } = parseParams(
      `?body=${encodeURIComponent(markup)}&lat=NaN&lon=1e999&h=%E0%A4%A&heading=${'9'.repeat(400)}&pitch=-Infinity&workers=1e21`,
    );
    expect(params).toEqual(DEFAULT_VIEW);
    expect(errors).toHaveLength(7);
    expect(errors[0]).toBe(`body "${markup}" is not in the zoo (${bodyIds().join(', ')}); showing luna`);
    expect(errors).toContain('lat=NaN is not a number in [-90, 90]; using 0');
    expect(errors).toContain('lon=1e999 is not a number in [-180, 360]; using 0');
    expect(errors).toContain('pitch=-Infinity is not a number in [-90, 90]; using 0');
    expect(errors).toContain('workers=1e21 is not a number in [0, 16]; using 0');
    // URLSearchParams turns the broken escape into U+FFFD instead of throwing.
    expect(errors).toContain('h=\uFFFD%A is not a number in [0.05, 100000000]; using 2');
    expect(errors).toContain(`heading=${'9'.repeat(80)}… is not a number in [-360, 360]; using 0`);
  });

  it('round-trips through the query string', () => {
    const { params } = parseParams(
      '?body=europa&lat=12.25&lon=-40&h=3.5&heading=200&pitch=5&fov=70&sunAz=10&sunEl=40',
    );
    expect(parseParams(formatParams(params)).params).toEqual(params);
  });

  it('levels=full draws the whole field at every level and stays in the link; a bad value is named', () => {
    const { params, errors } = parseParams('?body=luna&levels=full');
    expect(errors).toEqual([]);
    expect(params.levels).toBe('full');
    expect(formatParams(params)).toContain('levels=full');
    expect(parseParams(formatParams(params)).params).toEqual(params);
    expect(formatParams(DEFAULT_VIEW)).not.toContain('levels=');
    const bad = parseParams('?levels=coarse');
    expect(bad.params.levels).toBe('filtered');
    expect(bad.errors).toEqual(['levels=coarse is not filtered or full; using filtered']);
  });

  it('producer=gpu|cpu stays in the link; auto is the default; a bad value is named', () => {
    for (const wish of ['gpu', 'cpu'] as const) {
      const { params, errors } = parseParams(`?body=callisto&producer=${wish}`);
      expect(errors).toEqual([]);
      expect(params.producer).toBe(wish);
      expect(formatParams(params)).toContain(`producer=${wish}`);
      expect(parseParams(formatParams(params)).params).toEqual(params);
    }
    expect(DEFAULT_VIEW.producer).toBe('auto');
    expect(formatParams(DEFAULT_VIEW)).not.toContain('producer=');
    const bad = parseParams('?producer=GPU');
    expect(bad.params.producer).toBe('auto');
    expect(bad.errors).toEqual(['producer=GPU is not auto, gpu, cpu; using auto']);
  });

  it('lod=cells splits by cell size and stays in the link; a bad value is named', () => {
    const { params, errors } = parseParams('?body=luna&lod=cells');
    expect(errors).toEqual([]);
    expect(params.lod).toBe('cells');
    expect(formatParams(params)).toContain('lod=cells');
    expect(parseParams(formatParams(params)).params.lod).toBe('cells');
    expect(formatParams(DEFAULT_VIEW)).not.toContain('lod=');
    const bad = parseParams('?lod=fast');
    expect(bad.params.lod).toBe('sse');
    expect(bad.errors).toEqual(['lod=fast is not sse or cells; using sse']);
  });

  it('reads the bench mode without errors and keeps it in the link', () => {
    const { params, errors } = parseParams(
      '?body=luna&lat=12&lon=34&h=2&heading=45&bench=frames&benchWait=60',
    );
    expect(errors).toEqual([]);
    expect(params.bench).toBe('frames');
    expect(params.benchWait).toBe(60);
    expect(parseParams(formatParams(params)).params).toEqual(params);
  });

  it('?place=<id> sets the body, latitude and longitude from the registry; lat and lon win', () => {
    const { params, errors } = parseParams('?place=tycho');
    expect(errors).toEqual([]);
    // IAU Gazetteer: Tycho 43.31° S 11.36° W.
    expect([params.body, params.lat, params.lon]).toEqual(['luna', -43.31, -11.36]);
    expect(parseParams('?place=olympus-mons&h=90000').params).toMatchObject({ body: 'mars', h: 90000 });
    expect(parseParams('?place=tycho&lat=-43&lon=-11').params).toMatchObject({ lat: -43, lon: -11 });
    const clash = parseParams('?place=tycho&body=mars');
    expect(clash.params.body).toBe('luna');
    expect(clash.errors[0]).toMatch(/tycho is on luna: body "mars" ignored/);
  });

  it('an unknown place is a message naming known ids, and the other parameters are kept', () => {
    const { params, errors } = parseParams('?place=atlantis&body=mars&lat=5&h=300');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/place "atlantis" is not a named place .*apollo-11/);
    expect(params).toMatchObject({ body: 'mars', lat: 5, h: 300 });
  });
});
