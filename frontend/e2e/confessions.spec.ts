import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readAfterHeader, writePositionPattern } from '@secretchatbox/contracts';
import type { Page } from 'playwright-core';
import { boardApi, type Confession } from './support/board.js';
import { browserAvailable, desktopPage, feedWatched, launchBrowser, openCollegeBoard } from './support/browser.js';
import { focused } from './support/accessibility.js';
import { capture } from './support/screenshots.js';
import { startServedApp } from './support/served-app.js';

const run = browserAvailable() ? describe : describe.skip;

const categories = ['crush', 'funny', 'secrets', 'rants', 'advice', 'academic'];
/** 24 older confessions: with the student's own, more than one page of 20. */
const backlog: Confession[] = Array.from({ length: 24 }, (_, index) => ({
  content: `Backlog confession number ${index + 1} about the dining hall waffles`,
  category: categories[index % categories.length]!,
  ...(index % 3 === 0 ? { nickname: `Owl${index + 1}` } : {}),
}));
const scriptContent = '<script>window.__xss = 1</script> and <img src=x onerror="window.__xss = 2"> hello';

run('the confessions loop in a real browser', () => {
  let app: Awaited<ReturnType<typeof startServedApp>>;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let board: Awaited<ReturnType<typeof boardApi>>;
  let page: Page;
  let ownConfessionId = '';

  const openBoard = async (path = '/chat') => {
    if (path === '/chat') await openCollegeBoard(page, app.baseUrl, 'C001');
    else await page.goto(`${app.baseUrl}${path}`);
    await page.getByRole('heading', { name: 'Filter & Search' }).waitFor();
  };
  const card = (text: string) => page.getByTestId('confession').filter({ hasText: text });

  beforeAll(async () => {
    // Every session here comes from one address; the per-network cap would stop the seeding.
    app = await startServedApp({ NETWORK_CONFESSION_LIMIT: '1000' });
    board = await boardApi(app);
    await board.publish([...backlog, { content: scriptContent, category: 'funny' }]);
    browser = await launchBrowser();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    page = await desktopPage(browser.context);
  }, 180000);
  afterAll(async () => {
    await browser?.close();
    await app?.dispose();
  });

  it('checks the form, posts a confession with an emoji and counts it against the quota', async () => {
    await openBoard();
    await page.getByRole('button', { name: "What's on your mind? Share anonymously..." }).click();
    // Opening the form takes focus to its first field; a refusal, to the first field it names.
    await page.getByRole('combobox', { name: 'Category' }).waitFor();
    expect(await focused(page)).toBe('SELECT Category');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await focused(page)).toBe("BUTTON What's on your mind? Share anonymously...");
    await page.keyboard.press('Enter');
    await page.getByLabel('Your confession').fill('short');
    await page.getByRole('button', { name: 'Submit Confession' }).click();
    await page.getByText('Please select a category').waitFor();
    await page.getByText('Confession must be at least 10 characters').waitFor();
    expect(await focused(page)).toBe('SELECT Category');

    await page.getByRole('combobox', { name: 'Category' }).selectOption('secrets');
    await page.getByLabel('Nickname (optional)').first().fill('NightOwl');
    await page.getByLabel('Your confession').fill('I reorganise the library shelves by colour when nobody looks ');
    // Counted as the server counts: the trailing space is trimmed away, and the emoji counts as one.
    await page.getByText('60/1000').waitFor();
    await page.getByRole('button', { name: 'Add emoji' }).click();
    const picker = page.getByRole('dialog', { name: 'Emoji picker' });
    await picker.locator('button[data-epr-unified]').first().click();
    expect(await page.getByLabel('Your confession').inputValue()).toMatch(/looks \p{Extended_Pictographic}/u);
    await page.getByText('62/1000').waitFor();
    await capture(page, `confession-form-light-1280`);
    await page.keyboard.press('Escape');

    const posted = page.waitForResponse((response) => response.url().endsWith('/api/confessions'));
    await page.getByRole('button', { name: 'Submit Confession' }).click();
    const answer = await posted;
    expect(answer.status()).toBe(201);
    ownConfessionId = (await answer.json()).id;
    await page.getByText('Confession submitted!').first().waitFor();
    await page.getByText('Your confession is being reviewed by moderators.').first().waitFor();
    await page.getByRole('button', { name: "What's on your mind? Share anonymously..." }).waitFor();
    await page.getByTestId('chat-remaining').getByText('4').waitFor();
    // Pending: not on the board yet.
    expect(await card('library shelves').count()).toBe(0);
  });

  it('shows it once a moderator approves it, first in the feed as Daily Featured', async () => {
    await board.approve(ownConfessionId);
    await openBoard();
    const featured = page.getByRole('region', { name: 'Daily Featured' });
    await featured.getByText('I reorganise the library shelves').waitFor();
    expect(await featured.getByText('@NightOwl').count()).toBe(1);
    expect(await featured.getByText('Most popular today').count()).toBe(1);
    expect(await featured.getByText('0m ago').count()).toBe(1);
    await page.getByRole('complementary', { name: 'About the board' }).getByText('Platform Stats').waitFor();
    await capture(page, `confessions-feed-light-1280`, { fullPage: true });
  });

  it('offers confessions approved while the board is open, and features the most liked of the day', async () => {
    const watched = feedWatched(page, 'C001');
    await openBoard();
    await page.getByRole('region', { name: 'Daily Featured' }).waitFor();
    // Approved before the board watches its feed, the confession would be offered by no one.
    await watched;
    const student = await board.startSession();
    const fresh = await board.submit(student, { content: 'Approved while the board was open', category: 'funny' });
    await board.approve(fresh);
    const offer = page.getByRole('button', { name: '1 new confession' });
    await offer.waitFor();
    await capture(page, `confessions-new-offer-light-1280`);
    // The board reads again after the approval the push told of, through whichever instance answers.
    const reread = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/confessions');
    await offer.click();
    expect((await reread).headers()[readAfterHeader]).toMatch(writePositionPattern);
    await card('Approved while the board was open').waitFor();
    await offer.waitFor({ state: 'detached' });

    // The most liked of the last 24 hours is featured, however new the others are.
    const liked = await app.call('POST', `/api/confessions/${fresh}/like`, { token: student, body: {} });
    expect(liked.status).toBe(200);
    await page.reload();
    await page.getByRole('region', { name: 'Daily Featured' }).getByText('Approved while the board was open').waitFor();
    // Out of the later tests' counts.
    const removed = await app.call('DELETE', `/api/admin/confessions/${fresh}`, { token: board.adminToken, body: {} });
    expect(removed.status).toBe(200);
  });

  it('shows markup in a confession as text and runs none of it', async () => {
    await card('hello').getByText(scriptContent).waitFor();
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('[data-testid="confession"] img, [data-testid="confession"] script').count()).toBe(0);
  });

  it('likes and unlikes, keeping the count', async () => {
    const own = card('library shelves');
    await own.getByRole('button', { name: 'Like (0)' }).click();
    await own.getByRole('button', { name: 'Unlike (1)' }).waitFor();
    await own.getByText('1 point', { exact: true }).waitFor();
    expect(await own.getByRole('button', { name: 'Unlike (1)' }).getAttribute('aria-pressed')).toBe('true');
    await own.getByRole('button', { name: 'Unlike (1)' }).click();
    await own.getByRole('button', { name: 'Like (0)' }).waitFor();
    await own.getByRole('button', { name: 'Like (0)' }).click();
    await own.getByRole('button', { name: 'Unlike (1)' }).waitFor();
    // The server kept the like: a fresh load shows it.
    await openBoard();
    await card('library shelves').getByRole('button', { name: 'Unlike (1)' }).waitFor();
  });

  it('comments, and shows the comment once a moderator approves it', async () => {
    const own = card('library shelves');
    await own.getByRole('button', { name: 'Comments (0)' }).click();
    await own.getByText('No comments yet. Be the first to comment!').waitFor();
    const post = own.getByRole('button', { name: 'Post Comment' });
    expect(await post.isDisabled()).toBe(true);
    await own.getByLabel('Your comment').fill('   ');
    expect(await post.isDisabled()).toBe(true);
    await own.getByLabel('Your comment').fill('Honestly iconic behaviour');
    const posted = page.waitForResponse(
      (response) => response.url().endsWith('/comments') && response.request().method() === 'POST',
    );
    await post.click();
    const commentId = (await (await posted).json()).id;
    await page.getByText('Comment submitted!').first().waitFor();
    expect(await own.getByLabel('Your comment').inputValue()).toBe('');

    await board.approveComment(commentId);
    await openBoard();
    const reloaded = card('library shelves');
    await reloaded.getByRole('button', { name: 'Comments (1)' }).click();
    await reloaded.getByText('Honestly iconic behaviour').waitFor();
    expect(await reloaded.getByText('Anonymous User').count()).toBe(1);
  });

  it('reports a confession once, with a reason, and the flag shows it', async () => {
    const target = card('number 24');
    await target.getByRole('button', { name: 'Report confession' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this confession' });
    expect(await dialog.getByRole('button', { name: 'Send report' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Spam').check();
    await dialog.getByLabel('Note for the moderators (optional)').fill('Posted every day');
    await capture(page, `report-dialog-light-1280`);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await page.getByText('Report sent').first().waitFor();
    expect(await dialog.count()).toBe(0);

    // The flag now says so, and offers no second report, after a reload too.
    await target.getByRole('button', { name: 'You reported this confession' }).waitFor();
    // Focus came back to the flag as the dialog closed.
    expect(await focused(page)).toBe('BUTTON You reported this confession');
    expect(await target.getByRole('button', { name: 'Report confession' }).count()).toBe(0);
    await page.reload();
    await card('number 24').getByRole('button', { name: 'You reported this confession' }).waitFor();
  });

  it('copies a link that opens that one confession', async () => {
    await card('library shelves').getByRole('button', { name: 'Share' }).click();
    await page.getByText('Link copied!').first().waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${app.baseUrl}/chat?confession=${ownConfessionId}`);
    await page.goto(link);
    const shared = page.getByRole('region', { name: 'Shared confession' });
    await shared.getByText('I reorganise the library shelves').waitFor();
    await page.getByText('Northfield University (C001)').waitFor();
  });

  it('filters by search and category, sorts by likes, and says when nothing matches', async () => {
    await openBoard();
    await page.getByPlaceholder('Search confessions...').fill('library');
    await page.getByTestId('confession').filter({ hasText: 'dining hall' }).first().waitFor({ state: 'detached' });
    expect(await page.getByTestId('confession').count()).toBe(1);

    // Words match by their beginnings, as the student types.
    await page.getByPlaceholder('Search confessions...').fill('waff dini');
    await card('number 24 about the dining hall waffles').waitFor();
    expect(await page.getByTestId('confession').filter({ hasText: 'library shelves' }).count()).toBe(0);

    await page.getByPlaceholder('Search confessions...').fill('');
    await page.getByRole('button', { name: 'Academic' }).click();
    // The whole board shows until the filtered page arrives.
    await page.getByTestId('confession').filter({ hasNotText: 'Academic' }).first().waitFor({ state: 'detached' });
    await card('number 6 ').waitFor();
    const shown = await page.getByTestId('confession').allTextContents();
    expect(shown.every((text) => text.includes('Academic'))).toBe(true);

    await page.getByRole('button', { name: 'All' }).click();
    await page.getByRole('button', { name: 'Most Liked' }).click();
    await page.getByRole('region', { name: 'Daily Featured' }).getByText('library shelves').waitFor();

    await page.getByPlaceholder('Search confessions...').fill('zeppelin');
    await page.getByText('No confessions found').waitFor();
    await page.getByText('Try adjusting your search or filters').waitFor();
  });

  it('loads the next page as the student scrolls', async () => {
    await openBoard();
    await page.getByTestId('confession').nth(19).waitFor();
    expect(await page.getByTestId('confession').count()).toBe(20);
    await page.getByRole('button', { name: 'Load more confessions' }).scrollIntoViewIfNeeded();
    await page.getByTestId('confession').nth(25).waitFor();
    expect(await page.getByTestId('confession').count()).toBe(26);
    expect(await page.getByRole('button', { name: 'Load more confessions' }).count()).toBe(0);
  });

  // Three steps, each with its screenshot and axe in both themes, so that each fits the test timeout.
  it('fits a phone', async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    await openBoard();
    await capture(page, `confessions-feed-light-360`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it('looks finished in the dark theme', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await openBoard();
    await capture(page, `confessions-feed-dark-1280`, { fullPage: true });
  });

  it('opens the emoji picker as a sheet at the bottom of a phone', async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByRole('button', { name: "What's on your mind? Share anonymously..." }).click();
    await page.getByRole('button', { name: 'Add emoji' }).click();
    const sheet = page.getByRole('dialog', { name: 'Emoji picker' });
    await sheet.locator('button[data-epr-unified]').first().waitFor();
    const box = await sheet.boundingBox();
    expect(box && Math.round(box.y + box.height)).toBe(800);
    expect(box && Math.round(box.height)).toBe(300);
    await capture(page, `confession-emoji-sheet-dark-360`);
    await page.getByTestId('emoji-backdrop').click({ position: { x: 10, y: 10 } });
    expect(await sheet.count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
  });

  it('remembers the college, keeps both drafts across the tabs, and says when a shared link leads nowhere', async () => {
    await openBoard();
    await page.reload();
    await page.getByRole('button', { name: 'Change college' }).waitFor();
    expect(await page.getByLabel('College').count()).toBe(0);
    await page.getByRole('button', { name: "What's on your mind? Share anonymously..." }).click();
    await page.getByLabel('Your confession').fill('A draft that outlives a look at the chat');
    await page.getByRole('tab', { name: 'Live Chat' }).click();
    await page
      .getByRole('dialog', { name: 'Set your nickname' })
      .getByRole('button', { name: 'Use Anonymous' })
      .click();
    const composer = page.getByPlaceholder('Type your message...');
    await composer.fill('A chat draft');
    await page.getByRole('tab', { name: 'Confessions' }).click();
    expect(await page.getByLabel('Your confession').inputValue()).toBe('A draft that outlives a look at the chat');
    await page.getByRole('tab', { name: 'Live Chat' }).click();
    expect(await composer.inputValue()).toBe('A chat draft');
    await page.getByRole('tab', { name: 'Confessions' }).click();

    await page.goto(`${app.baseUrl}/chat?confession=0b6f3c9e-2d41-4c36-9a57-0f3c2e1d9b10`);
    await page.getByRole('alert').filter({ hasText: 'This confession is not available.' }).waitFor();
    const about = page.getByRole('complementary', { name: 'About the board' });
    // The fallback figures show until the server's arrive: wait for those.
    await page.waitForFunction(() =>
      /Total Confessions\s*26(?!\d)/.test(
        document.querySelector('aside[aria-label="About the board"]')?.textContent ?? '',
      ),
    );
    await page.getByRole('button', { name: 'Change college' }).click();
    await page.getByLabel('College').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.getByRole('heading', { name: 'Select Your College' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Change college' }).waitFor();
    // Platform Stats follow the college: nothing is published in C002.
    await page.getByText('(C002)').waitFor();
    await about.getByText('Platform Stats').waitFor();
    await page.waitForFunction(() =>
      /Total Confessions\s*0(?!\d)/.test(
        document.querySelector('aside[aria-label="About the board"]')?.textContent ?? '',
      ),
    );
  });

  it('replaces the form with the Daily Limit Reached panel once the quota is used', async () => {
    const token = await page.evaluate(() => localStorage.getItem('sessionToken'));
    for (let index = 0; index < 4; index += 1) {
      await board.submit(token!, { content: `Quota filler number ${index + 1}`, category: 'rants' });
    }
    await openBoard();
    await page.getByRole('heading', { name: 'Daily Limit Reached' }).waitFor();
    await page.getByText("You've reached today's limit. Try again tomorrow.").waitFor();
    await page.getByTestId('chat-remaining').getByText('0').waitFor();
    expect(await page.getByRole('button', { name: "What's on your mind? Share anonymously..." }).count()).toBe(0);
    await capture(page, `daily-limit-light-1280`);
  });
});
