import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { boardApi } from './support/board.js';
import { browserAvailable, desktopPage, launchBrowser, moderatorPage, openCollegeBoard } from './support/browser.js';
import { capture } from './support/screenshots.js';
import { startServedApp } from './support/served-app.js';

const run = browserAvailable() ? describe : describe.skip;
const password = 'pairing moderator password';

run('random pairing in three real browsers', () => {
  let app: Awaited<ReturnType<typeof startServedApp>>;
  let browsers: Awaited<ReturnType<typeof launchBrowser>>[] = [];
  let alice: Page;
  let bob: Page;
  let carol: Page;

  /** Opens the Random Chat of C001's Live Chat tab under `nickname`, as a student does. */
  const openRandomChat = async (page: Page, nickname: string) => {
    await openCollegeBoard(page, app.baseUrl, 'C001');
    await page.getByRole('tab', { name: 'Live Chat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set your nickname' });
    await dialog.getByLabel('Nickname').fill(nickname);
    await dialog.getByRole('button', { name: 'Set Nickname' }).click();
    await page.getByRole('radio', { name: 'Random Chat' }).click();
  };
  const chattingWith = (page: Page, nickname: string) =>
    page.getByRole('heading', { name: `Chatting with ${nickname}` }).waitFor();
  const say = async (page: Page, text: string) => {
    await page.getByPlaceholder('Type your message...').fill(text);
    await page.getByPlaceholder('Type your message...').press('Enter');
  };
  const pairLog = (page: Page) => page.getByRole('log', { name: 'Random chat messages' });

  beforeAll(async () => {
    app = await startServedApp();
    const board = await boardApi(app);
    await board.createAdmin('pair-mod-c1', 'normal', 'C001', password);
    browsers = [await launchBrowser(), await launchBrowser(), await launchBrowser()];
    [alice, bob, carol] = (await Promise.all(browsers.map((browser) => desktopPage(browser.context)))) as [
      Page,
      Page,
      Page,
    ];
  }, 180000);
  afterAll(async () => {
    for (const browser of browsers) await browser.close();
    await app?.dispose();
  });

  // One walk through pairing, step by step: each step goes on from where the one before left the three.
  it('lets a student wait for a partner', async () => {
    await openRandomChat(alice, 'Night Owl');
    await alice.getByRole('button', { name: 'Find a partner' }).click();
    await alice.getByText('Looking for a student from your college…').waitFor();
    await alice.setViewportSize({ width: 390, height: 844 });
    await capture(alice, `random-chat-waiting-light-390`);
    await alice.setViewportSize({ width: 1280, height: 900 });
  });

  it('pairs two students and carries their messages', async () => {
    await openRandomChat(bob, 'Early Bird');
    await bob.getByRole('button', { name: 'Find a partner' }).click();
    await chattingWith(bob, 'Night Owl');
    await chattingWith(alice, 'Early Bird');

    await say(alice, 'Hi! Which lecture are you skipping today?');
    await pairLog(bob).getByText('Which lecture are you skipping today?').waitFor();
    await say(bob, 'None, I am very diligent.');
    await pairLog(alice).getByText('I am very diligent').waitFor();
    const own = pairLog(alice).getByTestId('pair-message').filter({ hasText: 'Which lecture' });
    expect(await own.evaluate((element) => getComputedStyle(element).justifyContent)).toBe('flex-end');
    await capture(alice, `random-chat-light-1280`);
    await bob.setViewportSize({ width: 390, height: 844 });
    await bob.getByRole('button', { name: 'Report' }).waitFor();
    await capture(bob, `random-chat-light-390`);
    await bob.setViewportSize({ width: 1280, height: 900 });
    await alice.getByRole('button', { name: 'Switch to dark theme' }).click();
    await capture(alice, `random-chat-dark-1280`);
    await alice.getByRole('button', { name: 'Switch to light theme' }).click();
  });

  it('after a skip, pairs each of the two with someone else', async () => {
    await bob.getByRole('button', { name: 'Skip' }).click();
    await bob.getByTestId('pair-ended').getByText('You skipped this chat.').waitFor();
    await alice.getByTestId('pair-ended').getByText('Your partner skipped to someone new.').waitFor();

    // Skipped today: the two wait side by side rather than meet again, until a third comes.
    await alice.getByRole('button', { name: 'Find next' }).click();
    await alice.getByText('Looking for a student from your college…').waitFor();
    await bob.getByRole('button', { name: 'Find next' }).click();
    await bob.getByText('Looking for a student from your college…').waitFor();
    await openRandomChat(carol, 'Quiet Fox');
    await carol.getByRole('button', { name: 'Find a partner' }).click();
    await chattingWith(carol, 'Night Owl');
    await chattingWith(alice, 'Quiet Fox');
    await bob.getByText('Looking for a student from your college…').waitFor();
    await bob.getByRole('button', { name: 'Cancel' }).click();
    await bob.getByRole('button', { name: 'Find a partner' }).waitFor();
  });

  it("files a report with the chat that reaches the moderators' Pairing Reports tab", async () => {
    await say(alice, 'Text me at 555-0199, here is my address too');
    await pairLog(carol).getByText('Text me at 555-0199').waitFor();
    await carol.getByRole('button', { name: 'Report' }).click();
    const dialog = carol.getByRole('dialog', { name: 'Report your partner' });
    await dialog.getByLabel('Personal information').check();
    await dialog.getByLabel('Note for the moderators (optional)').fill('Shares contact details');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await carol.getByText('Thanks. The moderators have your report and the chat.').waitFor();
    await alice.getByTestId('pair-ended').getByText('Your partner left the chat.').waitFor();

    const moderator = await moderatorPage(browsers[1]!.context, app.baseUrl, {
      username: 'pair-mod-c1',
      password,
      collegeId: 'C001',
    });
    await moderator.getByRole('tab', { name: 'Pairing Reports' }).click();
    const row = moderator.getByRole('row').filter({ hasText: 'Shares contact details' });
    await row.getByText('Text me at 555-0199').waitFor();
    await row.getByText('Personal information').waitFor();
    await capture(moderator, `admin-pairing-reports-light-1280`);
    await row.getByRole('button', { name: /^Warn pairing report/ }).click();
    const warn = moderator.getByRole('dialog', { name: 'Warn this report?' });
    await warn.getByLabel('Note (optional)').fill('Warned about sharing contact details');
    await warn.getByRole('button', { name: 'Warn' }).click();
    await moderator.getByText('Student warned').first().waitFor();
    await moderator.getByText('No open pairing reports').waitFor();
    await moderator.close();
  });
});
