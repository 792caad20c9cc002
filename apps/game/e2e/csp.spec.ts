// The Content-Security-Policy of the built pages (issue #20, ADR-0001): read from each app's
// dist/index.html, it forbids inline script, eval and remote loads; in Chromium an inline script
// and a fetch to another origin are refused (securitypolicyviolation events), and each app runs
// under it with zero violations. Without the CSP plugin (@landfall/testkit/vite) every test fails.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { APP_PORTS } from '@landfall/testkit/vite';
import { collectErrors, openApp, type App, assertFramesContinue } from '@landfall/testkit';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../../..');
const APPS: App[] = ['game', 'observatory'];

/** The CSP meta tag's directives in a built page, or null when the page has none. */
function builtCsp(app: App): Map<string, string[]> | null {
  const html = readFileSync(resolve(ROOT, `apps/${app}/dist/index.html`), 'utf8');
  const m = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html);
  if (!m) return null;
  const directives = new Map<string, string[]>();
  for (const part of m[1].split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values);
  }
  return directives;
}

/** Records every securitypolicyviolation in the page, from before the first script runs. */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = list;
    document.addEventListener('securitypolicyviolation', (e) =>
      list.push(`${e.effectiveDirective} blocked ${e.blockedURI}`),
    );
  });
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

for (const app of APPS) {
  test(`${app}: the built page carries a CSP that forbids inline script, eval and remote loads`, () => {
    const csp = builtCsp(app);
    expect(csp, `apps/${app}/dist/index.html has no CSP meta tag (build the app first)`).not.toBeNull();
    expect(csp!.get('default-src')).toEqual(["'self'"]);
    expect(csp!.get('script-src')).toEqual(["'self'"]);
    expect(csp!.get('connect-src')).toEqual(["'self'"]);
    expect(csp!.get('object-src')).toEqual(["'none'"]);
    for (const [name, values] of csp!) {
      // No directive may reopen what script-src closes, or allow any remote host.
      expect(values, name).not.toContain("'unsafe-eval'");
      if (name !== 'style-src') expect(values, name).not.toContain("'unsafe-inline'");
      for (const v of values) expect(v, name).toMatch(/^('[a-z-]+'|data:|blob:)$/);
    }
  });

  test(`${app}: runs under its CSP with zero violations; inline script and a remote fetch are refused`, async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await recordViolations(page);
    const state = await openApp(page, app);
    expect(state.error).toBeUndefined();
    await assertFramesContinue(page);
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);

    const other = app === 'game' ? 'observatory' : 'game';
    const remote = `http://127.0.0.1:${APP_PORTS[other].preview}/`;
    const refused = await page.evaluate(async (url) => {
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true;';
      document.head.append(s);
      let fetchError = '';
      try {
        // The sibling app's server is up, so only the policy can refuse this request.
        await fetch(url, { mode: 'no-cors' });
      } catch (e) {
        fetchError = String(e);
      }
      return { inlineRan: (window as unknown as { __inlineRan?: boolean }).__inlineRan, fetchError };
    }, remote);
    expect(refused.inlineRan).toBeUndefined();
    expect(refused.fetchError).toMatch(/Failed to fetch/);
    await expect
      .poll(() => violations(page))
      .toEqual([`script-src-elem blocked inline`, `connect-src blocked ${remote}`]);
  });
}
