import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { type AccessibilityRules, expectAccessible } from './accessibility.js';

/** Where the browser suites leave their screenshots, for people to look at. */
export const screenshotDir = fileURLToPath(new URL('../../../test-artifacts/screenshots/', import.meta.url));
mkdirSync(screenshotDir, { recursive: true });

/**
 * Leaves a screenshot of the page as it stands, for people to look at, and fails unless axe-core
 * finds it accessible in both themes: every state a suite shows is checked, light and dark. The
 * other theme changes only colours, so only the colour rules run there (`otherTheme: false` where
 * the suite shows the state in the other theme itself, and `rules: 'colours'` there).
 */
export async function capture(
  page: Page,
  name: string,
  {
    fullPage,
    otherTheme = true,
    rules = 'all',
  }: { fullPage?: boolean; otherTheme?: boolean; rules?: AccessibilityRules } = {},
): Promise<void> {
  await page.screenshot({ path: `${screenshotDir}${name}.png`, fullPage });
  await expectAccessible(page, name, rules);
  if (otherTheme) await inOtherTheme(page, () => expectAccessible(page, `${name} (other theme)`, 'colours'));
}

/** Runs `check` with the page in the theme it is not in, without transitions, then puts it back. */
async function inOtherTheme(page: Page, check: () => Promise<void>): Promise<void> {
  const switchTheme = (instant: boolean) =>
    page.evaluate((instant) => {
      document.documentElement.classList.toggle('dark');
      // Through the CSS object model, which the Content-Security-Policy allows.
      const sheet = document.styleSheets[0]!;
      const still = '*, *::before, *::after { transition: none !important; animation: none !important }';
      if (instant) sheet.insertRule(still, sheet.cssRules.length);
      else sheet.deleteRule(sheet.cssRules.length - 1);
    }, instant);
  await switchTheme(true);
  try {
    await check();
  } finally {
    await switchTheme(false);
  }
}
