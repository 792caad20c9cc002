import { expect, it } from 'vitest';
import { siblingUrl } from './siblingUrl';

it('links to the observatory app on the adjacent port', () => {
  expect(siblingUrl({ protocol: 'http:', hostname: '127.0.0.1', port: '4173' })).toBe(
    'http://127.0.0.1:4174/',
  );
});
