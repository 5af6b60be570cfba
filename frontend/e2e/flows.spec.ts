import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { browserAvailable, desktopPage, launchBrowser, openCollegeBoard } from './support/browser.js';
import { focused } from './support/accessibility.js';
import { capture } from './support/screenshots.js';
import { startServedApp } from './support/served-app.js';

const run = browserAvailable() ? describe : describe.skip;

run('what a visitor and an admin do in a real browser', () => {
  let app: Awaited<ReturnType<typeof startServedApp>>;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    app = await startServedApp();
    browser = await launchBrowser();
    page = await desktopPage(browser.context);
  }, 120000);
  afterAll(async () => {
    await browser?.close();
    await app?.dispose();
  });

  it('serves the landing page prerendered and hydrates it without errors, in both themes', async () => {
    const html = await (await fetch(`${app.baseUrl}/`)).text();
    expect(html).toContain('Share Your Story');
    expect(await (await fetch(`${app.baseUrl}/chat`)).text()).not.toContain('Share Your Story');
    // The build's manifest and any missing file are not pages: 404, not the app shell.
    expect((await fetch(`${app.baseUrl}/.vite/manifest.json`)).status).toBe(404);
    expect((await fetch(`${app.baseUrl}/favicon.ico`)).status).toBe(404);
    expect((await fetch(`${app.baseUrl}/favicon.svg`)).headers.get('content-type')).toContain('image/svg+xml');
    for (const theme of ['light', 'dark']) {
      const errors: string[] = [];
      // A failed call (the stats one answers 404 until the server has stats) is not a page error.
      const onConsole = (message: { type(): string; text(): string }) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
          errors.push(message.text());
      };
      page.on('console', onConsole);
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${app.baseUrl}/vip`);
      await page.evaluate((chosen) => localStorage.setItem('theme', chosen), theme);
      await page.goto(`${app.baseUrl}/`);
      await page.getByRole('button', { name: /Switch to/ }).click();
      await page.waitForFunction((chosen) => localStorage.getItem('theme') !== chosen, theme);
      page.off('console', onConsole);
      expect(errors).toEqual([]);
    }
  });

  it('shows the focus ring on every background, the brand gradient included, in both themes', async () => {
    for (const theme of ['light', 'dark']) {
      await page.goto(`${app.baseUrl}/`);
      await page.evaluate((chosen) => localStorage.setItem('theme', chosen), theme);
      await page.reload();
      await page.getByRole('link', { name: 'Start Sharing' }).focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await page.waitForTimeout(400); // the link's own transition
      const ring = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return {
          text: document.activeElement!.textContent?.trim(),
          outline: style.outlineStyle,
          width: style.outlineWidth,
          shadow: style.boxShadow,
        };
      });
      expect(ring).toMatchObject({ text: 'Start Sharing', outline: 'solid', width: '3px' });
      expect(ring.shadow).toMatch(/^(rgb|oklch)\(.*\) 0px 0px 0px 2px$/);
      await capture(page, `focus-ring-${theme}-1280`);
    }
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
  });

  it('keeps the chosen theme across a reload', async () => {
    await page.goto(`${app.baseUrl}/`);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.className)).not.toContain('dark');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  it('shows the remaining confessions from the server and links both hero buttons to /chat', async () => {
    await page.goto(`${app.baseUrl}/`);
    // A placeholder shows until the server answers; then its figure.
    await page.getByTestId('hero-remaining').filter({ hasText: /^5$/ }).waitFor();
    await page.getByRole('link', { name: 'Learn More' }).click();
    await page.getByRole('heading', { name: 'Select Your College' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/chat');
  });

  it('lets a visitor choose a college and see both tabs', async () => {
    await openCollegeBoard(page, app.baseUrl, 'C002');
    await page.getByRole('tab', { name: 'Confessions' }).waitFor();
    expect(await page.getByText('Riverside College (C002)').count()).toBe(1);
    await page.getByRole('tab', { name: 'Live Chat' }).click();
    await page
      .getByRole('dialog', { name: 'Set your nickname' })
      .getByRole('button', { name: 'Use Anonymous' })
      .click();
    await page.getByText('No messages yet.').waitFor();
    // The socket joins General Chat, and the server counts this visitor in it.
    await page.getByTestId('online-count').getByText('1 student online').waitFor();
    expect(await page.getByRole('heading', { name: 'General Chat' }).count()).toBe(1);
    await capture(page, `chat-college-chosen-light-1280`, { fullPage: true });
  });

  it('signs an admin in at /admin, shows the dashboard of the role, and signs out', async () => {
    await page.goto(`${app.baseUrl}/admin`);
    expect(await page.getByRole('link', { name: 'Admin Login' }).count()).toBe(0);
    await page.getByLabel('Username').fill('chief-test');
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await page.getByLabel('College ID').fill('C001');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Invalid username, password, or college code.').first().waitFor();

    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Chief Admin Dashboard' }).waitFor();
    await page.getByText('Welcome to the admin panel').first().waitFor();
    // The success takes the earlier failure's toast away.
    expect(await page.getByText('Invalid username, password, or college code.').count()).toBe(0);
    // The form that had focus is gone: the dashboard's title has it, never the page's body.
    expect(await focused(page)).toBe('H1 Chief Admin Dashboard');
    expect(await page.evaluate(() => localStorage.getItem('adminSessionToken'))).toMatch(/^[\w-]{43}$/);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.getByText('You have been logged out successfully.').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('adminSessionToken'))).toBeNull();
  });

  it('signs the chief in at /chief-login and refuses wrong credentials with the generic message', async () => {
    await page.goto(`${app.baseUrl}/chief-login`);
    await page.getByLabel('Username').fill('chief-test');
    await page.getByLabel('Password', { exact: true }).fill('not it at all');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Invalid username or password').first().waitFor();
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Chief Admin Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/chief-dashboard');
  });

  it('opens the mobile menu with the links of the other pages, usable from the keyboard', async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${app.baseUrl}/vip`);
    // The menu's code loads after the first paint; until then its button is an inert stand-in.
    await page.locator('button[aria-haspopup="menu"]').click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Admin Login', 'Chief Login']);
    await capture(page, `mobile-menu-light-360`);
    // The menu takes focus in an effect after it opens; a key pressed before that goes to the trigger.
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menu');
    // Opened by pointer, no item is highlighted yet: the first ArrowDown lands on the first item.
    for (const item of ['Admin Login', 'Chief Login']) {
      await page.keyboard.press('ArrowDown');
      await menu.locator('[role="menuitem"][data-highlighted]', { hasText: item }).waitFor();
    }
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Chief Login' }).waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
