import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };

/**
 * What axe checks: `all`, the rules of WCAG 2.2 A and AA and the best practices; `colours`, those
 * of them a theme can break (contrast, and links told apart from their text by colour), for the
 * same state in the other theme.
 */
export type AccessibilityRules = 'all' | 'colours';
const axeRules = {
  all: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
  colours: { type: 'rule', values: ['color-contrast', 'link-in-text-block'] },
} as const;

/**
 * The page's accessibility violations as axe-core finds them, one line each: rule, impact and the
 * elements. axe is evaluated through the debugging protocol, which the page's
 * Content-Security-Policy does not govern.
 */
export async function accessibilityViolations(page: Page, rules: AccessibilityRules = 'all'): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    // Here, and from the start of every document the page opens next: evaluated anew in each,
    // axe was compiled anew, a fifth of a second each time.
    await page.addInitScript(axeSource);
    await page.evaluate(axeSource);
  }
  const violations = await page.evaluate(async (runOnly) => {
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> } }
    ).axe;
    // The emoji picker's own markup (emoji-picker-react) gives list items a role their list does
    // not allow; it is the library's, and its buttons are labelled.
    const { violations } = await axe.run({ exclude: [['.EmojiPickerReact']] } as unknown as Document, {
      runOnly,
      resultTypes: ['violations'],
    });
    return violations;
  }, axeRules[rules]);
  return (violations as Violation[]).map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
        .map((node) => JSON.stringify(node.target))
        .slice(0, 5)
        .join(', ')}`,
  );
}

/** Fails, naming every violation, unless axe-core finds none of `rules` broken on the page as it stands. */
export async function expectAccessible(page: Page, state: string, rules: AccessibilityRules = 'all'): Promise<void> {
  const violations = await accessibilityViolations(page, rules);
  if (violations.length > 0)
    throw new Error(`${state}: ${violations.length} accessibility violations\n${violations.join('\n')}`);
}

/** What has focus, as its tag and its accessible name (aria-label, label or text): "H1 Admin Panel". */
export function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return 'BODY';
    const labelled = active.getAttribute('aria-label') ?? (active as HTMLInputElement).labels?.[0]?.textContent;
    return `${active.tagName} ${(labelled ?? active.textContent ?? '').trim()}`;
  });
}
