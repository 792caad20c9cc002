/**
 * Checks of the apps' overlays (the app shell's help, menu and picker): opening one by its key
 * and finding each row it must list, and the ways every overlay closes — its key again, Escape,
 * its × button — with focus moved into it while open and out of it once closed.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** A row the help must list: a table cell with exactly `cell`, and `text` somewhere in the help. */
export interface HelpRow {
  cell: string;
  text?: string;
}

/** Presses `key` on a page whose `#help` is hidden, and checks it opens listing every row. */
export async function openHelpListing(page: Page, rows: readonly HelpRow[], key = 'h'): Promise<Locator> {
  const help = page.locator('#help');
  await expect(help).toBeHidden();
  await page.keyboard.press(key);
  await expect(help).toBeVisible();
  for (const { cell, text } of rows) {
    await expect(help.getByRole('cell', { name: cell, exact: true }).first()).toBeVisible();
    if (text) await expect(help).toContainText(text);
  }
  return help;
}

const focusInside = (overlay: Locator) => overlay.evaluate((e) => e.contains(document.activeElement));

/**
 * `overlay` is open: checks focus is inside it, then that Escape, its × button and `key` each
 * close it (reopening it with `key` in between), and that focus leaves it each time. An overlay
 * that focuses a text field or select when it opens (a picker) leaves `key` to the field:
 * `keyCloses: false` skips that closer.
 */
export async function expectOverlayCloses(
  page: Page,
  overlay: Locator,
  key: string,
  { keyCloses = true } = {},
): Promise<void> {
  const closers: [string, () => Promise<void>][] = [
    ['Escape', () => page.keyboard.press('Escape')],
    ['× button', () => overlay.getByRole('button', { name: 'close' }).click()],
  ];
  if (keyCloses) closers.push([key, () => page.keyboard.press(key)]);
  for (const [i, [how, close]] of closers.entries()) {
    if (i > 0) {
      await page.keyboard.press(key);
      await expect(overlay, `${key} reopens it`).toBeVisible();
    }
    expect(await focusInside(overlay), `focus is inside the open overlay (before ${how})`).toBe(true);
    await close();
    await expect(overlay, `${how} closes it`).toBeHidden();
    expect(await focusInside(overlay), `focus left the overlay after ${how}`).toBe(false);
  }
}
