/**
 * What a location hash asks of the ADR reader. Never throws: a malformed percent-escape (which
 * makes `decodeURIComponent` throw URIError) or a hash that is not an ADR link yields a message
 * naming the link and what is shown instead.
 *
 * `#` or none → the view; `#adr` → the index; `#adr/<file>` → that ADR (percent-decoded).
 */
import { shownInput } from '../notices';

export type AdrLink =
  { show: 'view'; problem: string | null } | { show: 'adr'; file: string; problem: string | null };

export const ADR_INDEX = 'README.md';

/** `decodeURIComponent` that returns null instead of throwing on a malformed escape. */
export function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

/** The hash as a person would read it: decoded where it can be, raw where it cannot, shortened. */
export function readableHash(hash: string): string {
  return shownInput(safeDecode(hash) ?? hash);
}

export function parseAdrHash(hash: string): AdrLink {
  if (hash === '' || hash === '#') return { show: 'view', problem: null };
  const m = /^#adr(?:\/(.*))?$/s.exec(hash);
  if (!m) {
    return {
      show: 'view',
      problem: `link ${readableHash(hash)} is not an ADR link (#adr or #adr/<file>.md); showing the view`,
    };
  }
  if (!m[1]) return { show: 'adr', file: ADR_INDEX, problem: null };
  const file = safeDecode(m[1]);
  if (file === null) {
    return {
      show: 'adr',
      file: ADR_INDEX,
      problem: `ADR link ${shownInput(hash)} is malformed (a broken %-escape); showing the ADR index`,
    };
  }
  return { show: 'adr', file, problem: null };
}
