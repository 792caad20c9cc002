// The package's public API surface: an accidental export shows up as a diff here (HOUSE_STYLE §3).
import { expect, it } from 'vitest';
import * as api from './index';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toMatchSnapshot();
});
