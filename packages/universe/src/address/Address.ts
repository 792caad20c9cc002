/**
 * Surface addresses (ADR-0002). Grammar, one `/`-separated component per level:
 *
 *   address := body [ "/f" face [ "/q" path | "/r" i "." j [ "/o" slot ] ] ]
 *   body    := [a-z][a-z0-9-]{0,31}          e.g. "luna"
 *   face    := 0..5                           cube face (ADR-0003 orientation)
 *   path    := [0-3]{1,MAX_QUADTREE_DEPTH}    quadtree children, coarsest first
 *   i, j    := decimal integers ≥ 0            region cell on the face's region grid
 *   slot    := decimal integer ≥ 0             scatter slot within the region
 *
 * Parsing is strict: no whitespace, no leading zeros on integers (so one place has one spelling),
 * no trailing slash. Errors are `AddressError` with a message naming the bad component.
 * Range checks that depend on a body (region grid size, slot count) belong to the caller.
 */

/** Deepest quadtree level an address can name (ADR-0002). */
export const MAX_QUADTREE_DEPTH = 30;

export type Address =
  | { kind: 'body'; body: string }
  | { kind: 'face'; body: string; face: number }
  | { kind: 'patch'; body: string; face: number; path: string }
  | { kind: 'region'; body: string; face: number; i: number; j: number }
  | { kind: 'object'; body: string; face: number; i: number; j: number; slot: number };

export class AddressError extends Error {
  override name = 'AddressError';
}

const BODY_RE = /^[a-z][a-z0-9-]{0,31}$/;
const UINT_RE = /^(0|[1-9][0-9]{0,14})$/;

function parseUint(text: string, what: string, address: string): number {
  if (!UINT_RE.test(text)) {
    throw new AddressError(`address "${address}": ${what} "${text}" is not a plain non-negative integer`);
  }
  return Number(text);
}

/** Parses an address string; throws `AddressError` naming the first bad component. */
export function parseAddress(address: string): Address {
  if (typeof address !== 'string' || address.length === 0) {
    throw new AddressError('address is empty');
  }
  if (address.length > 256) throw new AddressError(`address is longer than 256 characters`);
  const parts = address.split('/');
  const body = parts[0];
  if (!BODY_RE.test(body)) {
    throw new AddressError(`address "${address}": body "${body}" must match [a-z][a-z0-9-]*`);
  }
  if (parts.length === 1) return { kind: 'body', body };
  const f = parts[1];
  if (!/^f[0-5]$/.test(f)) {
    throw new AddressError(`address "${address}": face component "${f}" must be f0…f5`);
  }
  const face = f.charCodeAt(1) - 48;
  if (parts.length === 2) return { kind: 'face', body, face };
  const third = parts[2];
  if (third.startsWith('q')) {
    const path = third.slice(1);
    if (!/^[0-3]+$/.test(path) || path.length > MAX_QUADTREE_DEPTH) {
      throw new AddressError(
        `address "${address}": quadtree path "${third}" must be q followed by 1…${MAX_QUADTREE_DEPTH} digits 0–3`,
      );
    }
    if (parts.length > 3) throw new AddressError(`address "${address}": nothing may follow a quadtree path`);
    return { kind: 'patch', body, face, path };
  }
  if (third.startsWith('r')) {
    const ij = third.slice(1).split('.');
    if (ij.length !== 2) throw new AddressError(`address "${address}": region "${third}" must be r<i>.<j>`);
    const i = parseUint(ij[0], 'region i', address);
    const j = parseUint(ij[1], 'region j', address);
    if (parts.length === 3) return { kind: 'region', body, face, i, j };
    const o = parts[3];
    if (!o.startsWith('o') || parts.length > 4) {
      throw new AddressError(`address "${address}": after a region only /o<slot> may follow`);
    }
    const slot = parseUint(o.slice(1), 'object slot', address);
    return { kind: 'object', body, face, i, j, slot };
  }
  throw new AddressError(`address "${address}": third component "${third}" must start with q or r`);
}

/** Formats an address; `parseAddress(formatAddress(a))` deep-equals `a`. */
export function formatAddress(a: Address): string {
  switch (a.kind) {
    case 'body':
      return a.body;
    case 'face':
      return `${a.body}/f${a.face}`;
    case 'patch':
      return `${a.body}/f${a.face}/q${a.path}`;
    case 'region':
      return `${a.body}/f${a.face}/r${a.i}.${a.j}`;
    case 'object':
      return `${a.body}/f${a.face}/r${a.i}.${a.j}/o${a.slot}`;
  }
}
