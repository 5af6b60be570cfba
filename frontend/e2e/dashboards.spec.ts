import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { ModerationPseudonyms } from '../../backend/src/identity/moderation-pseudonyms.js';
import { chattingVisitor, sendDirectMessage } from '../../backend/test/support/moderation-fixtures.js';
import { chief } from '../../backend/test/support/test-app.js';
import { boardApi } from './support/board.js';
import { browserAvailable, desktopPage, launchBrowser } from './support/browser.js';
import { focused } from './support/accessibility.js';
import { capture } from './support/screenshots.js';
import { startServedApp } from './support/served-app.js';

const run = browserAvailable() ? describe : describe.skip;
const password = 'dashboard password';

run('the admin dashboards in a real browser', () => {
  let app: Awaited<ReturnType<typeof startServedApp>>;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let board: Awaited<ReturnType<typeof boardApi>>;
  let page: Page;

  /** Signs in at /admin, as the login card does, and waits for the dashboard of the role. */
  const signIn = async (username: string, secret: string, collegeId: string, heading: string) => {
    await page.goto(`${app.baseUrl}/admin`);
    // A test that failed half-way may have left an admin signed in.
    await page.evaluate(() => localStorage.removeItem('adminSessionToken'));
    await page.reload();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(secret);
    await page.getByLabel('College ID').fill(collegeId);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: heading }).waitFor();
  };
  const signOut = async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  };
  const toast = (text: string) => page.getByText(text).first().waitFor();
  const row = (text: string) => page.getByRole('row').filter({ hasText: text });

  beforeAll(async () => {
    app = await startServedApp({ NETWORK_CONFESSION_LIMIT: '1000', AUTO_HIDE_REPORTS: '3' });
    board = await boardApi(app);
    await board.createAdmin('moderator-c1', 'normal', 'C001');
    await board.createAdmin('dean-c1', 'college', 'C001');
    await board.createAdmin('auditor-1', 'auditor', null);
    browser = await launchBrowser();
    page = await desktopPage(browser.context);
  }, 180000);
  afterAll(async () => {
    await browser?.close();
    await app?.dispose();
  });

  it('ships no credentials in the built frontend', () => {
    const files = readdirSync(app.dist, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const text = readFileSync(join(file.parentPath, file.name), 'utf8');
      for (const secret of [chief.username, chief.password, password, 'CHIEF_PASSWORD', 'SESSION_SECRET']) {
        expect({ file: file.name, found: text.includes(secret) }).toEqual({ file: file.name, found: false });
      }
    }
  });

  it("lets a normal admin work the Admin Panel's three queues", async () => {
    const student = await board.startSession();
    const approveMe = await board.submit(student, {
      content: 'Please approve me, I am a harmless confession',
      category: 'advice',
    });
    await board.submit(student, { content: 'Reject me, I am an advert for essays', category: 'academic' });
    await board.submit(student, { content: 'Delete me, I name a student in full', category: 'rants' });
    const published = (
      await board.publish([{ content: 'An approved confession that gets a comment', category: 'funny' }])
    )[0]!;
    await board.comment(student, published, 'A comment waiting for a moderator');
    const dmSender = await chattingVisitor(app, 'C001');
    await sendDirectMessage(app, 'C001', dmSender, undefined, 'Can we swap notes?');

    await signIn('moderator-c1', password, 'C001', 'Admin Panel');
    await toast('Welcome to the admin panel');
    await page.getByText('Please approve me').waitFor();
    await capture(page, `admin-panel-light-1280`, { fullPage: true });

    await row('Please approve me')
      .getByRole('button', { name: /^Approve confession/ })
      .click();
    await toast('Confession approved');
    await row('Please approve me').waitFor({ state: 'detached' });
    // The decided row took focus away with it: its queue has it, not the page's body.
    expect(await focused(page)).toBe('DIV Pending confessions');
    expect((await app.call('GET', `/api/confessions/${approveMe}`)).status).toBe(200);

    await row('Reject me')
      .getByRole('button', { name: /^Reject confession/ })
      .click();
    const reject = page.getByRole('dialog', { name: 'Reject this confession?' });
    await reject.getByLabel('Reason (optional)').selectOption('spam');
    await reject.getByLabel('Note (optional)').fill('Essay mill advert');
    await capture(page, `admin-reject-dialog-light-1280`);
    await reject.getByRole('button', { name: 'Reject' }).click();
    await toast('Confession rejected');

    await row('Delete me')
      .getByRole('button', { name: /^Delete confession/ })
      .click();
    await page.getByRole('dialog', { name: 'Delete this confession?' }).getByRole('button', { name: 'Delete' }).click();
    await toast('Confession deleted');
    await page.getByText('No pending confessions').waitFor();

    await page.getByRole('tab', { name: 'Pending Comments' }).click();
    await row('A comment waiting')
      .getByRole('button', { name: /^Approve comment/ })
      .click();
    await page.getByText('No pending comments').waitFor();
    const comments = await app.call('GET', `/api/confessions/${published}/comments`);
    expect(comments.body.map((comment: { content: string }) => comment.content)).toEqual([
      'A comment waiting for a moderator',
    ]);

    await page.getByRole('tab', { name: 'Direct Messages' }).click();
    const message = row('Can we swap notes?');
    const sender = app.app.get(ModerationPseudonyms).of(dmSender.sessionId);
    await message.getByText(sender, { exact: true }).waitFor();
    await message.getByRole('button', { name: /^Approve direct message/ }).click();
    const approveMessage = page.getByRole('dialog', { name: 'Approve this direct message?' });
    await approveMessage.getByLabel('Admin note (optional)').fill('Fine to deliver');
    await approveMessage.getByRole('button', { name: 'Approve' }).click();
    await toast('Direct message updated');
    await page.getByText('No pending direct messages').waitFor();
    await signOut();
  });

  it('shows the normal dashboard table with Pending Only / All and handles reports', async () => {
    const [reported] = await board.publish([
      { content: 'A reported confession about the library', category: 'secrets' },
    ]);
    for (let index = 0; index < 2; index += 1) await board.report(await board.startSession(), reported!);
    const student = await board.startSession();
    await board.submit(student, { content: 'A pending confession in the normal dashboard', category: 'crush' });

    await signIn('moderator-c1', password, 'C001', 'Admin Panel');
    await page.goto(`${app.baseUrl}/normal-admin-dashboard`);
    await page.getByRole('heading', { name: 'Normal Admin Dashboard' }).waitFor();
    await row('A pending confession in the normal dashboard').waitFor();
    expect(await row('A reported confession').count()).toBe(0);
    await page.getByRole('button', { name: 'All Confessions' }).click();
    const reportedRow = row('A reported confession');
    await reportedRow.getByText('2').first().waitFor();
    await capture(page, `normal-dashboard-light-1280`, { fullPage: true });
    await reportedRow.getByRole('button', { name: /^Review confession/ }).click();
    await toast('Report reviewed');
    await reportedRow.getByText('(reviewed)').waitFor();
    expect(await reportedRow.getByRole('button', { name: /^Dismiss confession/ }).count()).toBe(0);
    await board.report(await board.startSession(), reported!);
    await reportedRow.getByRole('button', { name: /^Dismiss confession/ }).click({ timeout: 15000 });
    await toast('Report dismissed');
    await reportedRow.getByText('0', { exact: true }).waitFor();
    await signOut();
  });

  it('signs in with the college ID in any case, and sends a deactivated moderator back to the login, saying why', async () => {
    const id = await board.createAdmin('short-lived-c1', 'normal', 'C001', password);
    await signIn('short-lived-c1', password, 'c001', 'Admin Panel');
    const deactivated = await app.call('PUT', `/api/admins/${id}/status`, {
      token: board.adminToken,
      body: { status: 'inactive' },
    });
    expect(deactivated.status).toBe(200);
    // The queues are polled every 5 s: their next read is refused.
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor({ timeout: 15000 });
    await toast('Your session has ended. Please log in again.');
    await page.getByLabel('Username').waitFor();
    await capture(page, `admin-session-ended-light-1280`);
  });

  it('lets a moderator on a phone take down a reported confession from the Admin Panel, seeing each report', async () => {
    const [reported] = await board.publish([
      { content: 'A published confession that names my tutor', category: 'rants' },
    ]);
    const reporter = await board.startSession();
    const filed = await app.call('POST', `/api/confessions/${reported}/report`, {
      token: reporter,
      body: { reason: 'personal_info', note: 'Names a tutor in full' },
    });
    expect(filed.status).toBe(201);

    await page.setViewportSize({ width: 390, height: 844 });
    await signIn('moderator-c1', password, 'C001', 'Admin Panel');
    await page.getByRole('tab', { name: 'Reported & Published' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'names my tutor' });
    await card.getByText('Personal information').waitFor();
    await card.getByText('Names a tutor in full').waitFor();
    await capture(page, `admin-reports-light-390`, { fullPage: true });
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await page.waitForTimeout(500); // the colours' transitions
    await capture(page, `admin-reports-dark-390`, { fullPage: true });
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await card.getByRole('button', { name: /^Reject confession/ }).click();
    const takeDown = page.getByRole('dialog', { name: 'Take down this published confession?' });
    await takeDown.getByLabel('Reason (optional)').selectOption('personal_info');
    await takeDown.getByRole('button', { name: 'Reject' }).click();
    await toast('Confession taken down');
    expect((await app.call('GET', `/api/confessions/${reported}`)).status).toBe(404);
    await signOut();
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('lets a college admin run its college: figures, queues, rooms and normal admins', async () => {
    const student = await board.startSession();
    const [published] = await board.publish([
      { content: 'A confession that the dean sees a comment on', category: 'funny' },
    ]);
    await board.comment(student, published!, 'A comment for the college admin');
    await signIn('dean-c1', password, 'C001', 'College Admin Dashboard');
    await page.getByText('C001').first().waitFor();
    await page.getByRole('tab', { name: 'Pending Comments' }).click();
    const comment = row('A comment for the college admin');
    await comment.getByText('A confession that the dean sees a comment on').waitFor();
    await comment.getByRole('button', { name: /^Approve comment/ }).click();
    await toast('Comment approved');

    await page.getByLabel('New room name').fill('Night Owls');
    await page.getByRole('button', { name: 'Add Room' }).click();
    await page.getByRole('button', { name: 'Rename Night Owls' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename chat room' });
    await rename.getByLabel('Room name').fill('Early Birds');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('button', { name: 'Archive Early Birds' }).click();
    await page.getByRole('dialog', { name: 'Archive chat room?' }).getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('button', { name: 'Archive Early Birds' }).waitFor({ state: 'detached' });
    // A write may be answered 202 (saved, read models not there yet) on a busy machine: the room
    // leaves the list moments later.
    const roomNames = async () =>
      (await app.call('GET', '/api/chat/rooms?collegeCode=C001')).body.map((room: { name: string }) => room.name);
    for (let i = 0; i < 50 && (await roomNames()).includes('Early Birds'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await roomNames()).not.toContain('Early Birds');

    await page.getByRole('button', { name: 'Create New Admin' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Admin' });
    await create.getByLabel('Username').fill('helper-c1');
    await create.getByLabel('Password', { exact: true }).fill('helper password');
    await create.getByRole('button', { name: 'Create Admin' }).click();
    await toast('Admin created successfully');
    await page.getByRole('button', { name: 'Deactivate helper-c1' }).click();
    await toast('Admin deactivated successfully');
    await capture(page, `college-dashboard-light-1280`, { fullPage: true });
    await page.getByRole('button', { name: 'Delete helper-c1' }).click();
    await page.getByRole('dialog', { name: 'Delete admin?' }).getByRole('button', { name: 'Delete' }).click();
    await toast('Admin deleted successfully');
    await page.getByRole('button', { name: 'Delete helper-c1' }).waitFor({ state: 'detached' });
    await signOut();
  });

  // One walk through the chief's modals, step by step: each goes on from where the one before left the page.
  it('lets the chief create an admin through its modal', async () => {
    await page.goto(`${app.baseUrl}/chief-login`);
    await page.getByLabel('Username').fill(chief.username);
    await page.getByLabel('Password', { exact: true }).fill(chief.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Chief Admin Dashboard' }).waitFor();
    await row('moderator-c1').waitFor();
    expect(
      await row(chief.username)
        .getByRole('button', { name: `Deactivate ${chief.username}` })
        .isDisabled(),
    ).toBe(true);

    await page.getByRole('button', { name: 'Create New Admin' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Admin' });
    // The help text follows the chosen role.
    await create.getByText("Moderates one college's confessions, comments, direct messages and chat.").waitFor();
    await create.getByLabel('Role').selectOption('auditor');
    await create
      .getByText("Reads every college's moderation history and exports it; decides nothing.", { exact: false })
      .waitFor();
    await create.getByLabel('Role').selectOption('normal');
    await create.getByLabel('Username').fill('new-mod');
    await create.getByLabel('Password', { exact: true }).fill('short');
    await create.getByLabel('College Code').fill('C002');
    await create.getByRole('button', { name: 'Create Admin' }).click();
    await toast('Password must be at least 10 characters');
    await create.getByLabel('Password', { exact: true }).fill('a proper password');
    await capture(page, `chief-create-modal-light-1280`);
    await create.getByRole('button', { name: 'Create Admin' }).click();
    await toast('Admin created successfully');
    await row('new-mod').getByText('C002').waitFor();
  });

  it('lets the chief edit, deactivate and delete that admin through its modals', async () => {
    await page.getByRole('button', { name: 'Edit new-mod' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Admin' });
    expect(await edit.getByLabel('Username').isEditable()).toBe(false);
    await edit.getByLabel('College Code').fill('C003');
    await capture(page, `chief-edit-modal-light-1280`);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast('Admin updated successfully');
    await row('new-mod').getByText('C003').waitFor();

    await page.getByRole('button', { name: 'Deactivate new-mod' }).click();
    await toast('Admin deactivated successfully');
    await page.getByRole('button', { name: 'Delete new-mod' }).click();
    await capture(page, `chief-delete-modal-light-1280`);
    await page.getByRole('dialog', { name: 'Delete admin?' }).getByRole('button', { name: 'Delete' }).click();
    await toast('Admin deleted successfully');
    await row('new-mod').waitFor({ state: 'detached' });
    await capture(page, `chief-dashboard-light-1280`, { fullPage: true });
  });

  it("shows the chief's dashboard finished in the dark theme and on a phone", async () => {
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await row('moderator-c1').waitFor();
    await capture(page, `chief-dashboard-dark-1280`, { fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await capture(page, `chief-dashboard-dark-360`, { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await toast('Logged out successfully!');
  });

  it('signs an auditor in at /chief-login, onto the audit tools, and shows the Admin Panel read-only', async () => {
    await page.goto(`${app.baseUrl}/chief-login`);
    await page.getByLabel('Username').fill('auditor-1');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Auditor Dashboard' }).waitFor();
    await page.getByRole('link', { name: 'Live queues' }).click();
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await page.getByText('Read-only: auditors review, they do not decide').waitFor();
    expect(await page.getByRole('button', { name: /^Approve / }).count()).toBe(0);
    await capture(page, `admin-panel-auditor-light-1280`, { fullPage: true });
    await signOut();
  });
});
