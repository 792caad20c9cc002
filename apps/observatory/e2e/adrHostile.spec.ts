/**
 * The ADR reader on hostile ADR text (issue #18): the real reader (markdown-it in the built page)
 * shows `HOSTILE_ADR` through the `showAdrText` hook. The DOM it builds holds no element or
 * attribute the text asked for (no script, img, svg, iframe, no on* attribute, no link outside
 * ADR files, http(s) and same-origin paths), no payload ran, the CSP saw nothing to refuse, and the
 * hostile markup is on screen as text.
 */
import { expect, test } from '@playwright/test';
import { assertNoInjection, collectErrors, openApp } from '@landfall/testkit';
import { HOSTILE_ADR } from '../src/adr/hostileAdr.testkit';

test.use({ viewport: { width: 480, height: 320 } });

test('hostile ADR text renders as text: no executable markup, no unsafe link', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = collectErrors(page);
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = list;
    document.addEventListener('securitypolicyviolation', (e) =>
      list.push(`${e.effectiveDirective} blocked ${e.blockedURI}`),
    );
  });
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await openApp(page, 'observatory', { body: 'luna', h: 2, hud: 0 });
  await page.evaluate(
    (text) =>
      (window as unknown as { __landfall: { showAdrText(t: string): void } }).__landfall.showAdrText(text),
    HOSTILE_ADR,
  );
  const article = page.locator('#adr article');
  await expect(article).toBeVisible();
  // Give an image error or a load handler time to fire had one been made.
  await page.waitForTimeout(1000);
  const found = await article.evaluate((root) => {
    const all = [...root.querySelectorAll('*')];
    return {
      tags: [...new Set(all.map((e) => e.tagName.toLowerCase()))].sort(),
      attrs: [...new Set(all.flatMap((e) => [...e.attributes].map((a) => a.name.toLowerCase())))].sort(),
      hrefs: [...root.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? ''),
    };
  });
  expect(found.tags).toEqual(['a', 'code', 'h1', 'li', 'p', 'pre', 'strong', 'ul']);
  expect(found.attrs.filter((a) => !['href', 'title', 'class'].includes(a))).toEqual([]);
  for (const href of found.hrefs)
    expect(href).toMatch(/^(#adr\/[\w.-]+\.md|https?:\/\/[^\s"'<>]+|[\w./#-]+)$/);
  // The hostile markup is shown, literally, as text.
  await expect(article).toContainText('<script>window.__landfallPwned = 2</script>');
  await expect(article).toContainText('<img src=x onerror="window.__landfallPwned = 3">');
  await expect(article.locator('code').first()).toContainText('<script>');
  await assertNoInjection(page);
  expect(
    await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
  ).toEqual([]);
  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);
});
