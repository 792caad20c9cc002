/**
 * Test-only switches that break the field on purpose, so tests can prove the derivative harness
 * has teeth (ADR-0004). Never set outside tests; not part of the package API.
 * `dropTerm`: 0 none; 1 drops the bands' gradient; 2 drops the ladder-mask gradient term.
 * `microFloorM`: a planted crease, max(micro relief, this) with its gradient zeroed where the floor
 * wins (the crease test must see it); −Infinity: off.
 */
export const fieldTestHooks = { dropTerm: 0, microFloorM: -Infinity };
