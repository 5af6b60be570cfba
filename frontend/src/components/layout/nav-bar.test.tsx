import { describe, expect, it } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { NavBar } from './nav-bar';

const labels = ['Admin Login', 'VIP', 'Chief Login'];

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <NavBar />
    </MemoryRouter>,
  );
}

/** The route links in `container`, by label, in order. */
function linkLabels(container: HTMLElement) {
  return within(container)
    .queryAllByRole('link')
    .map((link) => link.textContent)
    .filter((text) => labels.includes(text ?? ''));
}

describe('NavBar', () => {
  it.each([
    ['/', labels],
    ['/admin', ['VIP', 'Chief Login']],
    ['/vip', ['Admin Login', 'Chief Login']],
    ['/chief-login', ['Admin Login', 'VIP']],
  ])('on %s shows %j', async (path, expected) => {
    renderAt(path);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(linkLabels(nav)).toEqual(expected);

    // The menu's code loads after the first paint; until then its button is an inert stand-in.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-haspopup', 'menu'));
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const menuItems = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(menuItems.map((item) => item.textContent)).toEqual(expected);
  });

  it('links each button to its route and hides it once there', async () => {
    renderAt('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Admin Login' })).toHaveAttribute('href', '/admin');
    expect(within(nav).getByRole('link', { name: 'VIP' })).toHaveAttribute('href', '/vip');
    expect(within(nav).getByRole('link', { name: 'Chief Login' })).toHaveAttribute('href', '/chief-login');

    await userEvent.click(within(nav).getByRole('link', { name: 'VIP' }));
    expect(linkLabels(nav)).toEqual(['Admin Login', 'Chief Login']);
  });

  it('links the logo to /', () => {
    renderAt('/vip');
    expect(screen.getByRole('link', { name: 'SecretChatBox Anonymous campus confessions' })).toHaveAttribute('href', '/');
  });
});
