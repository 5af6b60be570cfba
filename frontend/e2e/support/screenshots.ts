import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expectAccessible } from './accessibility.js';

/** Where the browser suites leave their screenshots, for people to look at. */
export const screenshotDir = fileURLToPath(new URL('../../../test-artifacts/screenshots/', import.meta.url));
mkdirSync(screenshotDir, { recursive: true });

/**
 * Leaves a screenshot of the page as it stands, for people to look at, and fails unless axe-core
 * finds it accessible: every state a suite shows is checked.
 */
export async function capture(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await page.screenshot({ path: `${screenshotDir}${name}.png`, ...options });
  await expectAccessible(page, name);
}
