import { icpSchema } from '@shared/schemas/company-record';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IcpCard } from '@/components/icp/icp-card';
import { renderPage } from '../support/render';

const icp = icpSchema.parse({
  id: 3,
  company_id: 1,
  profile: '## Busy parents\nThey buy bread on the way to school.',
  updatedAt: '2026-11-01T10:00:00.000Z',
  approved: null,
});
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('an ideal customer profile being edited', () => {
  it('refuses an empty profile without saving, then saves the one typed and leaves the editor', async () => {
    const onEdit = vi.fn(() => Promise.resolve(true));
    const { user } = renderPage(<IcpCard icp={icp} index={1} onDecide={() => undefined} onEdit={onEdit} />);
    await user.click(await screen.findByRole('button', { name: 'Edit ideal customer 1' }));
    const profile = screen.getByLabelText('Profile of ideal customer 1 (markdown)');
    expect(profile).toHaveProperty('value', icp.profile);
    await user.clear(profile);
    await user.type(profile, '   ');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(alerts()).toEqual(['The profile cannot be empty.']);
    expect(onEdit).not.toHaveBeenCalled();

    await user.clear(profile);
    await user.type(profile, 'Students');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(onEdit).toHaveBeenCalledWith('Students');
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Save profile' })).toBeNull());
  });

  it('stays in the editor when the save fails, and starts again from the saved profile', async () => {
    const onEdit = vi.fn(() => Promise.resolve(false));
    const { user } = renderPage(<IcpCard icp={icp} index={1} onDecide={() => undefined} onEdit={onEdit} />);
    await user.click(await screen.findByRole('button', { name: 'Edit ideal customer 1' }));
    const profile = screen.getByLabelText('Profile of ideal customer 1 (markdown)');
    await user.type(profile, ' More.');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(onEdit).toHaveBeenCalledWith(`${icp.profile} More.`);
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit ideal customer 1' }));
    expect(screen.getByLabelText('Profile of ideal customer 1 (markdown)')).toHaveProperty('value', icp.profile);
  });
});
