import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { boardApi } from './support/board.js';
import { browserAvailable, desktopPage, launchBrowser } from './support/browser.js';
import { capture } from './support/screenshots.js';
import { startServedApp } from './support/served-app.js';

const run = browserAvailable() ? describe : describe.skip;
const password = 'auditor screen password';

run("the auditors' screen in a real browser", () => {
  let app: Awaited<ReturnType<typeof startServedApp>>;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let board: Awaited<ReturnType<typeof boardApi>>;
  let page: Page;
  let rejected = '';

  const logRows = () => page.getByRole('table', { name: 'Moderation log' }).getByRole('row');

  beforeAll(async () => {
    app = await startServedApp({ NETWORK_CONFESSION_LIMIT: '1000' });
    board = await boardApi(app);
    await board.createAdmin('auditor-screen', 'auditor', null, password);
    await board.createAdmin('dean-screen', 'college', 'C001', password);
    await board.publish([
      { content: 'An approved confession the auditor will find', category: 'funny' },
      { content: 'Another approved confession, in another college', category: 'advice' },
    ]);
    const student = await board.startSession();
    rejected = await board.submit(student, {
      content: 'A confession that a moderator rejects as spam',
      category: 'rants',
    });
    const rejection = await app.call('PUT', `/api/confessions/${rejected}/reject`, {
      token: board.adminToken,
      body: { reasonCode: 'spam', note: 'Looks like an advert' },
    });
    expect(rejection.status).toBe(200);
    await board.submit(student, { content: 'A confession still waiting for a moderator', category: 'secrets' });
    browser = await launchBrowser();
    page = await desktopPage(browser.context);
  }, 180000);
  afterAll(async () => {
    await browser?.close();
    await app?.dispose();
  });

  it('lands an auditor on the dashboard with the chain intact and its head hash', async () => {
    await page.goto(`${app.baseUrl}/chief-login`);
    await page.getByLabel('Username').fill('auditor-screen');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Auditor Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auditor-dashboard');
    await page.getByText(/Intact · \d+ links/).waitFor();
    const message = await page.getByText(/^chain intact: \d+ links, head [0-9a-f]{64}$/).textContent();
    const head = message!.slice(-64);
    expect(await page.getByText(head, { exact: true }).count()).toBe(1);
  });

  it('filters the log, and opens an item with its whole history in a side panel', async () => {
    await logRows().nth(1).waitFor();
    expect(await logRows().count()).toBeGreaterThan(3);
    await page.getByLabel('Action').selectOption('ConfessionRejected');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1);
    const row = logRows().filter({ hasText: 'Confession rejected' });
    await row.getByText('Looks like an advert').waitFor();
    await row.getByText(/^#\d+/).waitFor();
    await capture(page, `auditor-log-light-1280`, { fullPage: true });

    await row.getByRole('button', { name: `History of confession ${rejected.slice(0, 8)}` }).click();
    const panel = page.getByRole('dialog', { name: `Confession ${rejected.slice(0, 8)}` });
    await panel.getByText('Every event, oldest first').waitFor();
    const events = panel.getByRole('listitem');
    await events.filter({ hasText: 'Confession submitted' }).waitFor();
    await events.filter({ hasText: 'Confession rejected' }).getByText('spam · Looks like an advert').waitFor();
    await panel.getByText('rejected', { exact: true }).waitFor();
    await capture(page, `auditor-history-panel-light-1280`);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  });

  it('exports the filtered log as CSV, and the export shows in the log', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^moderation-log-.*\.csv$/);
    const text = readFileSync((await file.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toMatch(/^position,eventId,at,action,/);
    expect(text).toContain(rejected);
    expect(text).toMatch(/# chain head: \d+ links, head [0-9a-f]{64}\r\n$/);
    await page.getByText('Exported the log as CSV').first().waitFor();
    await page.getByRole('button', { name: 'Clear' }).click();
    await logRows().filter({ hasText: 'Audit log exported' }).first().waitFor();
  });

  it('shows the queues and an item as they stood at a chosen moment', async () => {
    await page.getByRole('tab', { name: 'Time Travel' }).click();
    const pending = page.getByRole('region', { name: 'Pending confessions' });
    await pending.getByText('A confession still waiting for a moderator').waitFor();
    await page.getByLabel('As of', { exact: true }).fill('2026-01-01T09:00');
    await pending.getByText('Empty').waitFor();
    await page.getByLabel('As of', { exact: true }).fill('2099-01-01T09:00');
    await pending.getByText('A confession still waiting for a moderator').waitFor();
    await page.getByLabel('Item id').fill(rejected);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.getByRole('region', { name: 'An item as of then' }).getByText('rejected', { exact: true }).waitFor();
    await capture(page, `auditor-time-travel-light-1280`, { fullPage: true });
  });

  it('draws the charts, readable in both themes and at 360 px', async () => {
    await page.getByRole('tab', { name: 'Charts' }).click();
    await page
      .getByRole('img', { name: /^Moderation events per day/ })
      .locator('svg')
      .first()
      .waitFor();
    await page
      .getByRole('img', { name: /^Minutes from submission/ })
      .locator('svg')
      .first()
      .waitFor();
    await capture(page, `auditor-charts-light-1280`, { fullPage: true });
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await capture(page, `auditor-charts-dark-1280`, { fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    // The charts follow their container's new width a moment later.
    await page.waitForFunction(() => document.documentElement.scrollWidth <= 360);
    await capture(page, `auditor-charts-dark-360`, { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
  });

  it("gives a college admin its college's log in a Moderation Log tab", async () => {
    await page.goto(`${app.baseUrl}/admin`);
    await page.getByLabel('Username').fill('dean-screen');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('College ID').fill('C001');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'College Admin Dashboard' }).waitFor();
    await page.getByRole('tab', { name: 'Moderation Log' }).click();
    await logRows().nth(1).waitFor();
    const colleges = await page
      .getByRole('table', { name: 'Moderation log' })
      .locator('tbody tr td:nth-child(4)')
      .allTextContents();
    expect(new Set(colleges)).toEqual(new Set(['C001']));
    expect(await page.getByLabel('College', { exact: true }).count()).toBe(0);
    await capture(page, `college-moderation-log-light-1280`, { fullPage: true });
  });
});
