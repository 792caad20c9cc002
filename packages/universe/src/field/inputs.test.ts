// Bad input gets clear errors; surfaceRadius and groundElevation return the recorded canonical field.
import { expect, it } from 'vitest';
import { getBody, UnknownBodyError } from '../body/getBody';
import { elevationAt, elevationBatch, groundElevation, surfaceRadius } from './elevation';
import golden from './fixtures/golden.json';

const luna = getBody('luna');

it('rejects NaN, zero and non-unit directions naming the sample', () => {
  expect(() => elevationAt(luna, { x: NaN, y: 0, z: 1 })).toThrow(/direction #0 .* not a finite unit vector/);
  expect(() => elevationAt(luna, { x: 0, y: 0, z: 0 })).toThrow(RangeError);
  expect(() => elevationAt(luna, { x: 0, y: 0, z: 2 })).toThrow(RangeError);
  const dirs = new Float64Array([0, 0, 1, 1, 1, 1]);
  expect(() => elevationBatch(luna, dirs, 2, new Float64Array(2), null)).toThrow(/direction #1/);
  expect(() => elevationBatch(luna, dirs, 3, new Float64Array(3), null)).toThrow(/dirs holds 2 directions/);
  expect(() => elevationBatch(luna, dirs, 1.5, new Float64Array(3), null)).toThrow(/count/);
  expect(() => elevationBatch(luna, dirs, 2, new Float64Array(1), null)).toThrow(/outH/);
  expect(() =>
    elevationBatch(luna, dirs.subarray(0, 3), 1, new Float64Array(1), new Float64Array(2)),
  ).toThrow(/outGrad/);
  expect(() => getBody('vulcan')).toThrow(UnknownBodyError);
});

it('surfaceRadius and groundElevation read the canonical field (a golden row of golden.json)', () => {
  // Luna row 0 of the golden vectors: a direction and its recorded canonical height, bit-exact.
  const [x, y, z, h] = golden.rows[0];
  expect(golden.ids[0]).toBe('luna');
  const d = { x, y, z };
  expect(groundElevation(luna, d)).toBe(h);
  // Luna's mean radius (NSSDCA fact sheet, 1737.4 km) plus the recorded height, one float64 add.
  expect(surfaceRadius(luna, d)).toBe(1737400 + h);
});
