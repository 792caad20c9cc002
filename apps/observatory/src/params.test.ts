import { describe, expect, it } from 'vitest';
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

  it('round-trips through the query string', () => {
    const { params } = parseParams(
      '?body=europa&lat=12.25&lon=-40&h=3.5&heading=200&pitch=5&fov=70&sunAz=10&sunEl=40',
    );
    expect(parseParams(formatParams(params)).params).toEqual(params);
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
});
