/** URL of the observatory app: the apps are served on adjacent ports (game N, observatory N + 1; ADR-0001). */
export function siblingUrl(loc: Pick<Location, 'protocol' | 'hostname' | 'port'>): string {
  return `${loc.protocol}//${loc.hostname}:${Number(loc.port || 80) + 1}/`;
}
