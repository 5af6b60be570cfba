import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderRoute } from '../testing/render';

describe('unknown paths', () => {
  it.each(['/no-such-page', '/chat/extra/segments'])('%s renders the 404 page', async (path) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});
