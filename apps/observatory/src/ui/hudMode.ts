/** The HUD's starting mode from `?hud=` (on, compact, debug, 0). A bad value is a message, and on. */
export type HudMode = 'on' | 'compact' | 'debug' | 'off';

export function hudMode(search: string): { mode: HudMode; error: string | null } {
  const v = new URLSearchParams(search).get('hud');
  if (v === null || v === 'on') return { mode: 'on', error: null };
  if (v === '0' || v === 'off') return { mode: 'off', error: null };
  if (v === 'compact' || v === 'debug') return { mode: v, error: null };
  return { mode: 'on', error: `hud=${v} is not on, compact, debug or 0; using on` };
}
