/**
 * Every link of the README's "Where to go" section opens in the built apps (the dev ports of
 * `npm start` mapped to the preview ports), loads without an error message or console error,
 * draws, and shows what its label promises (a mare or a highland in the HUD's terrain unit; the
 * game's body and start).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { appUrl, collectErrors, landfallState, waitFrameDrawn } from '@landfall/testkit';

const README = resolve(dirname(fileURLToPath(import.meta.url)), '../../../README.md');

/** [label, url] for each link of the "Where to go" section, in order. */
function whereToGoLinks(): [string, URL][] {
  const text = readFileSync(README, 'utf8');
  const start = text.indexOf('## Where to go');
  if (start < 0) throw new Error('README has no "## Where to go" section');
  const end = text.indexOf('\n## ', start + 1);
  const section = text.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/\[([^\]]+)\]\((http:\/\/127\.0\.0\.1:\d+\/[^)]*)\)/g)].map(
    (m): [string, URL] => [m[1], new URL(m[2])],
  );
}

const links = whereToGoLinks();
const DEV_TO_APP: Record<string, 'game' | 'observatory'> = { '5173': 'game', '5174': 'observatory' };

test('the README section has the promised deep links', () => {
  const labels = links.map(([l]) => l.toLowerCase());
  for (const want of ['mare', 'highland', 'mars', 'europa', 'game'])
    expect(labels.some((l) => l.includes(want))).toBe(true);
  for (const [, url] of links) expect(Object.keys(DEV_TO_APP)).toContain(url.port);
});

for (const [label, url] of links) {
  test(`README link opens: ${label}`, async ({ page }) => {
    test.setTimeout(180_000);
    const errors = collectErrors(page);
    const app = DEV_TO_APP[url.port];
    await page.goto(`${appUrl(app)}${url.search}`);
    await page.waitForFunction(
      () => {
        const s = (window as unknown as { __landfall?: { ready?: boolean; error?: string } }).__landfall;
        return s?.ready === true || !!s?.error;
      },
      null,
      { timeout: 120_000, polling: 250 },
    );
    const state = await landfallState(page);
    expect(state.error).toBeUndefined();
    await waitFrameDrawn(page);
    const q = url.searchParams;
    if (app === 'observatory') {
      await expect(page.locator('.hud-messages')).toBeHidden();
      const s = await landfallState(page);
      expect((s.view as Record<string, unknown>).body).toBe(q.get('body'));
      const unit = (s.ground as { unit: string }).unit;
      if (/mare/i.test(label)) expect(unit).toContain('mare');
      if (/highland/i.test(label)) expect(unit).toContain('highland');
    } else {
      const g = await page.evaluate(() => {
        const api = (
          window as unknown as { __landfall: { messages: string[]; state: () => Record<string, unknown> } }
        ).__landfall;
        return { messages: api.messages, state: api.state() };
      });
      expect(g.messages).toEqual([]);
      expect(g.state.body).toBe(q.get('body'));
      if (q.get('start') === 'landed') expect(g.state.mode).toBe('landed');
    }
    expect(errors).toEqual([]);
  });
}
