/** Body lookup by id. Unknown ids throw `UnknownBodyError` naming the known ones. */
import type { Body } from './Body';
import { deriveGrammar } from './grammar';
import { ZOO_FACTS } from './zoo';
import { hashString } from '../math/hash';

export class UnknownBodyError extends Error {
  override name = 'UnknownBodyError';
}

export const BODIES: readonly Body[] = Object.freeze(
  ZOO_FACTS.map((f) =>
    Object.freeze({
      ...f,
      mu: f.gravity * f.radius * f.radius,
      seed: hashString(f.id),
      grammar: Object.freeze(deriveGrammar(f)),
    }),
  ),
);

const byId = new Map(BODIES.map((b) => [b.id, b]));

/** Ids of every body in the zoo, in zoo order. */
export function bodyIds(): string[] {
  return BODIES.map((b) => b.id);
}

export function getBody(id: string): Body {
  const b = typeof id === 'string' ? byId.get(id) : undefined;
  if (!b) {
    throw new UnknownBodyError(`unknown body "${String(id)}"; known bodies: ${bodyIds().join(', ')}`);
  }
  return b;
}
