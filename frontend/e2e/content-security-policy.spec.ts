import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { chief } from '../../backend/test/support/test-app.js';
import { browserAvailable, desktopPage, launchBrowser } from './support/browser.js';
import { startServedApp } from './support/served-app.js';

const run = browserAvailable() ? describe : describe.skip;

run('the Content-Security-Policy in a real browser', () => {
  let app: Awaited<ReturnType<typeof startServedApp>>;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  /** What the browser refused since the test began, as it reports it to the page and on the console. */
  let violations: string[] = [];

  beforeAll(async () => {
    app = await startServedApp();
    browser = await launchBrowser();
    // Listening from before any script of the page runs, so that none of its violations is missed.
    await browser.context.exposeBinding('reportViolation', (_source, violation: string) => violations.push(violation));
    await browser.context.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { reportViolation(violation: string): void }).reportViolation(
          `${event.effectiveDirective} refused ${event.blockedURI} in ${event.sourceFile}:${event.lineNumber}`,
        ),
      ),
    );
    page = await desktopPage(browser.context);
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
  }, 120000);
  afterAll(async () => {
    await browser?.close();
    await app?.dispose();
  });
  beforeEach(() => {
    violations = [];
  });

  /** Opens `path`, checking that the page came with the policy. */
  async function open(path: string) {
    const answer = await page.goto(`${app.baseUrl}${path}`);
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
  }

  it('runs the landing page with its inline scripts, and refuses a script injected into it', async () => {
    await open('/');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await open('/');
    await page.getByRole('heading', { name: 'Share Your Story Anonymously' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(violations).toEqual([]);

    const refused = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective));
          const script = document.createElement('script');
          script.textContent = 'window.__injected = true';
          document.head.append(script);
        }),
    );
    expect(refused).toBe('script-src-elem');
    expect(await page.evaluate(() => '__injected' in window)).toBe(false);
    // The same violation reached the test as any other would.
    expect(violations).toContainEqual(expect.stringMatching(/^script-src-elem refused inline/));
  });
  it('runs a board with its emoji picker, and the live chat over its socket', async () => {
    await open('/chat');
    await page.getByLabel('College').selectOption('C001');
    await page.getByRole('heading', { name: 'Filter & Search' }).waitFor();
    await page.getByRole('button', { name: "What's on your mind? Share anonymously..." }).click();
    await page.getByRole('button', { name: 'Add emoji' }).click();
    await page.getByRole('dialog', { name: 'Emoji picker' }).locator('button[data-epr-unified]').first().click();
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Live Chat' }).click();
    await page.getByTestId('online-count').getByText('1').waitFor();
    expect(violations).toEqual([]);
  });

  it('runs the dashboard of a signed-in chief', async () => {
    const { body } = await app.call('POST', '/api/auth/login', { body: chief });
    await open('/chief-login');
    await page.evaluate((token) => localStorage.setItem('adminSessionToken', token), body.sessionToken as string);
    await open('/chief-dashboard');
    await page.getByRole('heading', { name: 'Chief Admin Dashboard' }).waitFor();
    expect(violations).toEqual([]);
  });

  it('runs the API docs, Swagger UI with an operation opened', async () => {
    await open('/api/docs');
    await page.locator('.opblock-summary').first().click();
    await page.locator('.opblock-body').first().waitFor();
    expect(violations).toEqual([]);
  });
});
