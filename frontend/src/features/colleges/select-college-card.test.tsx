import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { College } from '@secretchatbox/contracts';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithStore } from '../../testing/render';
import { SelectCollegeCard } from './select-college-card';

const north: College = { id: 'c1', name: 'North Campus', code: 'C001' };
const colleges: College[] = [north, { id: 'c2', name: 'South Campus', code: 'C002' }];

afterEach(() => {
  jest.restoreAllMocks();
});

describe('SelectCollegeCard', () => {
  it('lists the colleges as "name (code)" and reports the chosen one', async () => {
    const fetch = jest.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(colleges));
    const onSelect = jest.fn<(college: College) => void>();
    renderWithStore(<SelectCollegeCard onSelect={onSelect} />);

    expect(screen.getByRole('heading', { name: 'Select Your College' })).toBeInTheDocument();
    const select = await screen.findByLabelText('College');
    expect(new URL((fetch.mock.calls[0]?.[0] as Request).url).pathname).toBe('/api/colleges');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose your college',
      'North Campus (C001)',
      'South Campus (C002)',
    ]);

    await userEvent.selectOptions(select, 'C001');
    expect(onSelect).toHaveBeenCalledWith(north);
  });

  it('lets the keyboard browse with the arrow keys and commit with Enter', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(colleges));
    const onSelect = jest.fn<(college: College) => void>();
    renderWithStore(<SelectCollegeCard onSelect={onSelect} />);
    const select = await screen.findByLabelText('College');
    select.focus();
    fireEvent.keyDown(select, { key: 'ArrowDown' });
    fireEvent.change(select, { target: { value: 'C001' } });
    fireEvent.keyDown(select, { key: 'ArrowDown' });
    fireEvent.change(select, { target: { value: 'C002' } });
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.keyDown(select, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith(colleges[1]!);
  });

  it('shows "Failed to fetch colleges" when the call fails', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('down', { status: 500 }));
    renderWithStore(<SelectCollegeCard onSelect={() => {}} />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch colleges');
    expect(screen.queryByLabelText('College')).not.toBeInTheDocument();
  });
});
