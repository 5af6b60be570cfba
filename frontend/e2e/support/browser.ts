import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page, type WebSocket } from 'playwright-core';
import { chromiumFlags, headlessShellPath } from '../../../scripts/frontend/chromium.js';

/**
 * Whether the browser suites can run. Without the headless shell they say why and skip, except
 * in CI, where a missing browser is a broken setup and fails.
 */
export function browserAvailable(): boolean {
  if (existsSync(headlessShellPath)) return true;
  if (process.env.CI)
    throw new Error(`CI needs chromium's headless shell at ${headlessShellPath}: .ci/run installs it`);
  console.warn(
    `[skipped] browser tests: no chromium headless shell at ${headlessShellPath} (apt-get install -y chromium-headless-shell fonts-noto-color-emoji)`,
  );
  return false;
}

/** Debian's chromium headless shell, with a fresh profile that is removed on close. */
export async function launchBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'scb-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: headlessShellPath,
    headless: true,
    args: [...chromiumFlags],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The context's page, waiting at most 10 s for anything, at the desktop size the suites start from. */
export async function desktopPage(context: BrowserContext): Promise<Page> {
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(10000);
  await page.setViewportSize({ width: 1280, height: 900 });
  return page;
}

/** A new page of `context` signed in at /admin as a moderator, at the desktop size. */
export async function moderatorPage(
  context: BrowserContext,
  baseUrl: string,
  { username, password, collegeId }: { username: string; password: string; collegeId: string },
): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(10000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('College ID').fill(collegeId);
  await page.getByRole('button', { name: 'Login' }).click();
  return page;
}

/**
 * Opens `path` (the board, or a shared link) on the board of the college `code`, as a student
 * does: picking it when asked, or changing to it when the page remembered another.
 */
export async function openCollegeBoard(page: Page, baseUrl: string, code: string, path = '/chat'): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  const picker = page.getByLabel('College');
  const change = page.getByRole('button', { name: 'Change college' });
  await picker.or(change).first().waitFor();
  if (await change.isVisible()) {
    if (await page.getByText(`(${code})`, { exact: false }).first().isVisible()) return;
    await change.click();
  }
  await picker.selectOption(code);
  await change.waitFor();
}

/**
 * Settles once the board `page` opens next watches the feed of the college `code` (the server
 * acknowledged its `feed:watch`): a confession approved before then is either in the feed the
 * board loaded or never offered. Call it before the page opens the board.
 */
export function feedWatched(page: Page, code: string): Promise<void> {
  return new Promise((resolve) => {
    const onSocket = (socket: WebSocket) => {
      let ackId: string | undefined;
      socket.on('framesent', ({ payload }) => {
        ackId ??= new RegExp(`^42(\\d+)\\["feed:watch",\\{"collegeCode":"${code}"`).exec(String(payload))?.[1];
      });
      socket.on('framereceived', ({ payload }) => {
        if (ackId === undefined || !String(payload).startsWith(`43${ackId}[`)) return;
        page.off('websocket', onSocket);
        resolve();
      });
    };
    page.on('websocket', onSocket);
  });
}
