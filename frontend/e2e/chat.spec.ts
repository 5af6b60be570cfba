import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { boardApi } from './support/board.js';
import { browserAvailable, desktopPage, launchBrowser, moderatorPage, openCollegeBoard } from './support/browser.js';
import { capture } from './support/screenshots.js';
import { startServedApp } from './support/served-app.js';

const run = browserAvailable() ? describe : describe.skip;
const password = 'chat moderator password';

run('the Live Chat tab in two real browsers', () => {
  let app: Awaited<ReturnType<typeof startServedApp>>;
  let board: Awaited<ReturnType<typeof boardApi>>;
  let browsers: Awaited<ReturnType<typeof launchBrowser>>[] = [];
  let alice: Page;
  let bob: Page;
  let general = '';

  /** Opens /chat for C001 and the Live Chat tab, as a student does. */
  const openChat = async (page: Page) => {
    await openCollegeBoard(page, app.baseUrl, 'C001');
    await page.getByRole('tab', { name: 'Live Chat' }).click();
  };
  const messageLog = (page: Page) => page.getByRole('log', { name: 'Messages' });
  const say = async (page: Page, text: string) => {
    await page.getByPlaceholder('Type your message...').fill(text);
    await page.getByPlaceholder('Type your message...').press('Enter');
  };

  beforeAll(async () => {
    app = await startServedApp();
    board = await boardApi(app);
    await board.createAdmin('chat-mod-c1', 'normal', 'C001', password);
    general = (await app.call('GET', '/api/chat/rooms?collegeCode=C001')).body[0].id;
    browsers = [await launchBrowser(), await launchBrowser()];
    alice = await desktopPage(browsers[0]!.context);
    // Keeps Alice's WebSockets within reach, so that a test can drop her connection as a network would.
    await alice.addInitScript(() => {
      const open: WebSocket[] = [];
      Object.assign(window, { openSockets: open });
      window.WebSocket = class extends window.WebSocket {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          super(...args);
          open.push(this);
        }
      };
    });
    bob = await desktopPage(browsers[1]!.context);
  }, 180000);
  afterAll(async () => {
    for (const browser of browsers) await browser.close();
    await app?.dispose();
  });

  it('asks for a nickname first, then shows a message to the other student as it is sent', async () => {
    await openChat(alice);
    const dialog = alice.getByRole('dialog', { name: 'Set your nickname' });
    await dialog.getByLabel('Nickname').fill('ab');
    await dialog.getByRole('button', { name: 'Set Nickname' }).click();
    await dialog.getByText('Nickname must be at least 3 characters').waitFor();
    await dialog.getByLabel('Nickname').fill('Night Owl');
    await dialog.getByRole('button', { name: 'Set Nickname' }).click();
    await alice.getByText('Nickname set!').first().waitFor();
    expect(await alice.evaluate(() => localStorage.getItem('chatNickname'))).toBe('Night Owl');

    await openChat(bob);
    await bob.getByRole('dialog', { name: 'Set your nickname' }).getByRole('button', { name: 'Use Anonymous' }).click();
    await bob.getByText('No messages yet.').waitFor();
    await bob.getByTestId('online-count').getByText('2 students online').waitFor();

    await say(alice, 'Anyone up for the library at 9?');
    await messageLog(bob).getByText('Anyone up for the library at 9?').waitFor();
    await messageLog(bob).getByText('Night Owl').waitFor();
    const own = messageLog(alice).getByTestId('chat-message').filter({ hasText: 'library at 9' });
    await messageLog(alice).locator('[data-status="sent"]', { hasText: 'library at 9' }).waitFor();
    // Own messages sit on the right, others' on the left.
    expect(await own.evaluate((element) => getComputedStyle(element).justifyContent)).toBe('flex-end');
    const theirs = messageLog(bob).getByTestId('chat-message').filter({ hasText: 'library at 9' });
    expect(await theirs.evaluate((element) => getComputedStyle(element).justifyContent)).toBe('flex-start');
    await alice.getByTestId('messages-left').getByText('199 messages left').waitFor();
    // The whole page from the top: scrolled, the sticky nav bar would sit in the middle of the picture.
    await alice.evaluate(() => window.scrollTo(0, 0));
    await capture(alice, `live-chat-light-1280`, { fullPage: true });
  });

  it('shows who is typing to the others, and not to the typist', async () => {
    await bob.getByPlaceholder('Type your message...').pressSequentially('On my way', { delay: 30 });
    await alice.getByTestId('typing-line').getByText('Anonymous is typing...').waitFor();
    expect(await bob.getByTestId('typing-line').textContent()).toBe('');
    await bob.getByPlaceholder('Type your message...').press('Enter');
    await alice.getByTestId('typing-line').getByText('Anonymous is typing...').waitFor({ state: 'detached' });
    await messageLog(alice).getByText('On my way').waitFor();
  });

  it('follows the room a student goes back to, and counts only students in the chat', async () => {
    await alice.getByRole('button', { name: 'Study Hall' }).click();
    await bob.getByTestId('online-count').getByText('1 student online').waitFor();
    await alice.getByRole('button', { name: 'General Chat' }).click();
    await bob.getByTestId('online-count').getByText('2 students online').waitFor();
    await say(bob, 'Welcome back');
    await messageLog(alice).getByText('Welcome back').waitFor();
    // Reading confessions is not being in the chat.
    await alice.getByRole('tab', { name: 'Confessions' }).click();
    await bob.getByTestId('online-count').getByText('1 student online').waitFor();
    await alice.getByRole('tab', { name: 'Live Chat' }).click();
    await bob.getByTestId('online-count').getByText('2 students online').waitFor();
    await messageLog(alice).getByText('Welcome back').waitFor();
  });

  it('catches up after a dropped connection with what was said meanwhile', async () => {
    await alice.evaluate(() =>
      (window as unknown as { openSockets: WebSocket[] }).openSockets.forEach((socket) => socket.close()),
    );
    // socket.io waits 0.5 to 1.5 s before it connects again: this message is stored meanwhile.
    await say(bob, 'Said while you were away');
    await messageLog(bob).locator('[data-status="sent"]', { hasText: 'while you were away' }).waitFor();
    await messageLog(alice).getByText('Said while you were away').waitFor();
  });

  it('takes a message a moderator removes out of both open chats', async () => {
    await say(alice, 'my number is 555-0100');
    await messageLog(bob).getByText('my number is 555-0100').waitFor();
    const moderator = await moderatorPage(browsers[1]!.context, app.baseUrl, {
      username: 'chat-mod-c1',
      password,
      collegeId: 'C001',
    });
    await moderator.getByRole('tab', { name: 'Live Chat' }).click();
    await moderator.getByLabel('Message the room as a moderator').fill('Please keep personal details out of the chat.');
    await moderator.getByRole('button', { name: 'Post' }).click();
    const notice = messageLog(alice).getByTestId('chat-message').filter({ hasText: 'keep personal details' });
    await notice.getByText('Moderator', { exact: true }).waitFor();
    await messageLog(bob).getByText('Please keep personal details out of the chat.').waitFor();
    const row = moderator.getByRole('row').filter({ hasText: 'my number is 555-0100' });
    await row.getByRole('button', { name: /^Remove message/ }).click();
    const confirm = moderator.getByRole('dialog', { name: 'Remove this message?' });
    await confirm.getByLabel('Reason (optional)').selectOption('personal_info');
    await capture(moderator, `admin-live-chat-remove-light-1280`);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await moderator.getByText('Message removed').first().waitFor();
    await messageLog(alice).getByText('my number is 555-0100').waitFor({ state: 'detached' });
    await messageLog(bob).getByText('my number is 555-0100').waitFor({ state: 'detached' });
    await moderator.getByRole('row').filter({ hasText: 'my number is 555-0100' }).waitFor({ state: 'detached' });
    await moderator.getByRole('tablist', { name: 'Moderation queues' }).scrollIntoViewIfNeeded();
    await capture(moderator, `admin-live-chat-light-1280`);
    await moderator.getByRole('button', { name: 'Switch to dark theme' }).click();
    await capture(moderator, `admin-live-chat-dark-1280`);
    await moderator.getByRole('button', { name: 'Switch to light theme' }).click();
    await moderator.close();
  });

  it('sends a direct message that a moderator approves before its recipient reads it', async () => {
    await say(alice, 'Who else is revising for the stats exam?');
    const question = messageLog(bob).getByTestId('chat-message').filter({ hasText: 'stats exam' });
    await question.getByRole('button', { name: 'Send direct message to Night Owl' }).click();
    const dialog = bob.getByRole('dialog', { name: 'Send direct message' });
    await dialog.getByLabel('Message').fill('Me! Library, 5 pm?');
    await capture(bob, `direct-message-dialog-light-1280`);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await bob.getByText('Your message is pending admin approval.').first().waitFor();
    await bob.getByRole('button', { name: 'Messages' }).click();
    const bobsPanel = bob.getByRole('dialog', { name: 'Messages' });
    await bobsPanel.getByRole('tab', { name: 'Sent' }).click();
    const sent = bobsPanel.getByTestId('direct-message').filter({ hasText: 'Library, 5 pm?' });
    await sent.getByText('Pending').waitFor();
    await bob.keyboard.press('Escape');

    const moderator = await moderatorPage(browsers[0]!.context, app.baseUrl, {
      username: 'chat-mod-c1',
      password,
      collegeId: 'C001',
    });
    await moderator.getByRole('tab', { name: 'Direct Messages' }).click();
    const row = moderator.getByRole('row').filter({ hasText: 'Library, 5 pm?' });
    await row.getByRole('button', { name: /^Approve direct message/ }).click();
    const approve = moderator.getByRole('dialog', { name: 'Approve this direct message?' });
    await approve.getByLabel('Admin note (optional)').fill('Friendly invitation');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await moderator.getByText('Direct message updated').first().waitFor();
    await moderator.close();

    // The Messages list is asked again every 5 seconds: the approved message arrives with a badge.
    await alice.getByRole('button', { name: 'Messages (1 unread)' }).waitFor({ timeout: 15000 });
    await alice.getByRole('button', { name: 'Messages (1 unread)' }).click();
    const alicesPanel = alice.getByRole('dialog', { name: 'Messages' });
    await alicesPanel.getByText('Me! Library, 5 pm?').waitFor();
    await capture(alice, `direct-messages-light-1280`);
    await alice.keyboard.press('Escape');
    await alice.getByRole('button', { name: 'Messages', exact: true }).waitFor();

    await bob.getByRole('button', { name: 'Messages' }).click();
    await bobsPanel.getByRole('tab', { name: 'Sent' }).click();
    await sent.getByText('Approved').waitFor();
    await sent.getByText('Moderator: Friendly invitation').waitFor();
    await bob.keyboard.press('Escape');
  });

  it('loads older messages through the cursor', async () => {
    const created = await app.call('POST', '/api/chat/rooms', {
      token: board.adminToken,
      body: { collegeCode: 'C001', name: 'Thesis Corner' },
    });
    if (created.status !== 201) throw new Error(`creating the room answered ${created.status}`);
    let token = '';
    for (let n = 1; n <= 60; n += 1) {
      // A visitor may send 10 messages in 10 seconds: a new one every ten.
      if (n % 10 === 1) token = await board.startSession();
      const posted = await app.call('POST', `/api/chat/rooms/${created.body.id}/messages`, {
        token,
        body: { content: `history message ${n}` },
      });
      if (posted.status !== 201) throw new Error(`seeding answered ${posted.status}`);
    }
    await openCollegeBoard(alice, app.baseUrl, 'C001');
    await alice.getByRole('tab', { name: 'Live Chat' }).click();
    await alice.getByRole('button', { name: 'Thesis Corner' }).click();
    await messageLog(alice).getByText('history message 60').waitFor();
    expect(await messageLog(alice).getByText('history message 1', { exact: true }).count()).toBe(0);
    await alice.getByRole('button', { name: 'Load older messages' }).click();
    await messageLog(alice).getByText('history message 1', { exact: true }).waitFor();
    expect(await messageLog(alice).getByTestId('chat-message').count()).toBe(60);
  });

  it('puts the rooms in a drawer on a phone, and looks finished in the dark', async () => {
    await bob.setViewportSize({ width: 390, height: 844 });
    await bob.getByRole('button', { name: 'Open chat rooms' }).click();
    const drawer = bob.getByRole('dialog', { name: 'Chat rooms' });
    await drawer.getByRole('button', { name: 'General Chat' }).waitFor();
    await capture(bob, `live-chat-drawer-light-390`);
    await drawer.getByRole('button', { name: 'General Chat' }).click();
    await drawer.waitFor({ state: 'detached' });
    await bob.getByRole('button', { name: 'Chat menu' }).click();
    await bob.getByRole('menuitem', { name: 'Contact Admin' }).click();
    await bob
      .getByRole('dialog', { name: 'Contact Admin' })
      .getByText(/Discord server/)
      .waitFor();
    await bob.getByRole('button', { name: 'Got it' }).click();
    // The composer grows with wrapped lines, up to five rows, then scrolls.
    const composer = bob.getByPlaceholder('Type your message...');
    const heightOf = () => composer.evaluate((element) => element.getBoundingClientRect().height);
    const oneLine = await heightOf();
    await composer.fill('word '.repeat(12));
    const wrapped = await heightOf();
    expect(wrapped).toBeGreaterThan(oneLine);
    await composer.fill('word '.repeat(99));
    const full = await heightOf();
    const lineHeight = await composer.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect(Math.round((full - oneLine) / lineHeight)).toBe(4);
    expect(await composer.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await composer.fill('');
    await capture(bob, `live-chat-light-390`);
    await bob.evaluate(() => localStorage.setItem('theme', 'dark'));
    await openChat(bob);
    await messageLog(bob).getByText('On my way').waitFor();
    await capture(bob, `live-chat-dark-390`);
    await bob.setViewportSize({ width: 1280, height: 900 });
    await bob.getByRole('navigation', { name: 'Chat rooms' }).waitFor();
    await bob.evaluate(() => window.scrollTo(0, 0));
    await capture(bob, `live-chat-dark-1280`, { fullPage: true });
    expect(general).not.toBe('');
  });
});
