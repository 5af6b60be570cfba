import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from './support/browser.js';
import { capture } from './support/screenshots.js';
import { startServedApp } from './support/served-app.js';

const chief = { username: 'chief-test', password: 'correct horse battery' };

/** Each route with the heading that shows it rendered; signed-out dashboards go to a sign-in page. */
const signedOutRoutes = [
  { path: '/', name: 'landing', heading: 'Share Your Story', title: 'SecretChatBox · Anonymous campus confessions' },
  { path: '/chat', name: 'chat', heading: 'Select Your College', title: 'Confessions & Live Chat · SecretChatBox' },
  { path: '/admin', name: 'admin', heading: 'Admin Login', title: 'Admin Login · SecretChatBox' },
  { path: '/vip', name: 'vip', heading: 'Exclusive VIP Access', title: 'VIP · SecretChatBox' },
  { path: '/chief-login', name: 'chief-login', heading: 'Chief Login', title: 'Chief Login · SecretChatBox' },
  {
    path: '/chief-dashboard',
    name: 'chief-dashboard-signed-out',
    heading: 'Chief Login',
    title: 'Chief Login · SecretChatBox',
  },
  {
    path: '/normal-admin-dashboard',
    name: 'normal-admin-dashboard-signed-out',
    heading: 'Admin Login',
    title: 'Admin Login · SecretChatBox',
  },
  {
    path: '/college-admin-dashboard',
    name: 'college-admin-dashboard-signed-out',
    heading: 'Admin Login',
    title: 'Admin Login · SecretChatBox',
  },
  {
    path: '/no/such/page',
    name: 'not-found',
    heading: '404 Page Not Found',
    title: 'Page not found · SecretChatBox',
    status: 404,
  },
];
const signedInRoutes = [
  { path: '/admin', name: 'admin-chief', heading: 'Chief Admin Dashboard' },
  { path: '/chief-dashboard', name: 'chief-dashboard', heading: 'Chief Admin Dashboard' },
  { path: '/normal-admin-dashboard', name: 'normal-admin-dashboard', heading: 'Normal Admin Dashboard' },
  { path: '/college-admin-dashboard', name: 'college-admin-dashboard', heading: 'College Admin Dashboard' },
];
const themes = ['light', 'dark'] as const;
const widths = [360, 390, 1280] as const;

const run = browserAvailable() ? describe : describe.skip;

run('every route in a real browser', () => {
  let app: Awaited<ReturnType<typeof startServedApp>>;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    app = await startServedApp();
    browser = await launchBrowser();
    context = browser.context;
    page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(10000);
  }, 120000);
  afterAll(async () => {
    await browser?.close();
    await app?.dispose();
  });

  /**
   * Opens `path` at `width` in `theme` as a first visit (with the chief's session if given): the
   * stored settings are put in place before the page's own scripts run, in the one page load.
   * The script goes once the page has loaded: the order of a page's init scripts is undefined,
   * and an earlier visit's must not run after this one's.
   */
  async function visit(path: string, theme: 'light' | 'dark', width: number, adminToken?: string) {
    await page.setViewportSize({ width, height: 800 });
    const settings = await page.addInitScript(
      ({ theme, adminToken }) => {
        localStorage.clear();
        localStorage.setItem('theme', theme);
        if (adminToken) localStorage.setItem('adminSessionToken', adminToken);
      },
      { theme, adminToken },
    );
    try {
      return await page.goto(`${app.baseUrl}${path}`);
    } finally {
      await settings.dispose();
    }
  }

  async function expectFinished(heading: string, theme: string, shot: string) {
    await page.getByRole('heading', { name: heading }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
    // Each route is visited in both themes, each checked there: the dark one for its colours.
    await capture(page, shot, { fullPage: true, otherTheme: false, rules: theme === 'dark' ? 'colours' : 'all' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect({ page: shot, overflow }).toEqual({ page: shot, overflow: 0 });
  }

  it('reads sensibly on an empty install, and keeps the floating button off the content on a phone', async () => {
    await visit('/', 'light', 390);
    const figures = page.getByRole('region', { name: 'Platform figures' });
    await figures.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await figures.textContent()).not.toMatch(/\b0\+/);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const button = await page.getByRole('link', { name: 'Share a confession' }).boundingBox();
    const lastLine = await page.getByText('© ', { exact: false }).boundingBox();
    // The page ends with room below its last line for the button, which floats over nothing.
    expect(lastLine!.y + lastLine!.height).toBeLessThanOrEqual(button!.y);
  });

  for (const theme of themes) {
    for (const width of widths) {
      it(`renders every signed-out route, ${theme}, ${width} px`, async () => {
        for (const route of signedOutRoutes) {
          const answer = await visit(route.path, theme, width);
          expect({ path: route.path, status: answer?.status() }).toEqual({
            path: route.path,
            status: route.status ?? 200,
          });
          await expectFinished(route.heading, theme, `${route.name}-${theme}-${width}`);
          expect(await page.title()).toBe(route.title);
        }
      }, 120000);

      it(`renders every dashboard for a signed-in chief, ${theme}, ${width} px`, async () => {
        const { body } = await app.call('POST', '/api/auth/login', { body: chief });
        for (const route of signedInRoutes) {
          await visit(route.path, theme, width, body.sessionToken);
          await expectFinished(route.heading, theme, `${route.name}-${theme}-${width}`);
        }
      }, 120000);
    }
  }
});
