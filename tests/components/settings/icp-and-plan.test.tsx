import { companyContracts } from '@shared/contracts/company';
import { lrpContracts } from '@shared/contracts/lrp';
import { planContracts } from '@shared/contracts/plan';
import { icpSchema, type Icp } from '@shared/schemas/company-record';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IcpStep } from '@/features/onboarding/components/icp-step';
import { IdealCustomerProfilesTab } from '@/features/settings/components/ideal-customer-profiles-tab';
import { MarketingPlanTab } from '@/features/settings/components/marketing-plan-tab';
import { failure, held, ok, type FakeApi } from '../support/fake-api';
import { company, signedIn } from '../support/fixtures';
import { renderPage } from '../support/render';

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const icp = (id: number, approved: boolean | null): Icp =>
  icpSchema.parse({
    id,
    company_id: 11,
    profile: `## Customer ${id}\n\nA baker who opens at six.`,
    updatedAt: '2026-11-01T10:00:00.000Z',
    approved,
  });
const withIcps = (icps: Icp[]) => company({ icps });

describe('ideal customer profile editing (onboarding step 2)', () => {
  const open = (icps: Icp[], answers?: (api: FakeApi) => void) => {
    const current = withIcps(icps);
    return renderPage(<IcpStep company={current} onBack={() => undefined} onNext={() => undefined} />, {
      answers: (api) => {
        signedIn(api, { companies: [current] });
        answers?.(api);
      },
    });
  };

  it("says 'The profile cannot be empty.' and sends nothing for an emptied profile", async () => {
    const { user, api } = open([icp(1, null), icp(2, null)]);
    await user.click(screen.getByRole('button', { name: 'Edit ideal customer 1' }));
    await user.clear(screen.getByLabelText('Profile of ideal customer 1 (markdown)'));
    await user.type(screen.getByLabelText('Profile of ideal customer 1 (markdown)'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(alerts()).toEqual(['The profile cannot be empty.']);
    expect(api.sent(companyContracts.updateIcp)).toEqual([]);
    expect(screen.getByText('Approve at least one profile to continue.')).toBeTruthy();
  });

  it('saves an edited pending profile as pending, holding every action while it waits', async () => {
    const answer = held();
    const { user, api } = open([icp(1, null), icp(2, null)], (api) =>
      api.on(companyContracts.updateIcp, async () => {
        await answer.promise;
        return ok(icp(1, null));
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Edit ideal customer 1' }));
    const text = screen.getByLabelText('Profile of ideal customer 1 (markdown)');
    await user.clear(text);
    await user.type(text, 'A café owner who buys bread daily.');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(api.bodies(companyContracts.updateIcp)).toEqual([
      { id: 1, profile: 'A café owner who buys bread daily.', approved: null },
    ]);
    expect(screen.getByRole('button', { name: 'Save profile' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Approve ideal customer 2' })).toHaveProperty('disabled', true);
    answer.release();
    expect(await screen.findByRole('button', { name: 'Edit ideal customer 1' })).toBeTruthy();
  });

  it("shows the server's refusal and keeps the edit open", async () => {
    const { user } = open([icp(1, null)], (api) =>
      api.on(companyContracts.updateIcp, failure(404, 'This ideal customer profile was not found.')),
    );
    await user.click(screen.getByRole('button', { name: 'Edit ideal customer 1' }));
    await user.type(screen.getByLabelText('Profile of ideal customer 1 (markdown)'), ' More.');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('This ideal customer profile was not found.')).toBeTruthy();
    expect(screen.getByLabelText('Profile of ideal customer 1 (markdown)')).toBeTruthy();
  });

  it('offers the next step once a profile is approved', () => {
    open([icp(1, true), icp(2, false)]);
    expect(screen.getByRole('button', { name: 'Continue to your marketing plan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back: ideal customer 1 pending again' })).toBeTruthy();
  });
});

describe('Settings > ideal customer profiles', () => {
  const open = (icps: Icp[], answers?: (api: FakeApi) => void) =>
    renderPage(<IdealCustomerProfilesTab />, {
      answers: (api) => {
        signedIn(api, { companies: [withIcps(icps)] });
        answers?.(api);
      },
    });

  it('approves, removes and takes back with the profile as it is, holding the buttons while it waits', async () => {
    const answer = held();
    const { user, api } = open([icp(1, null), icp(2, false)], (api) =>
      api.on(companyContracts.updateIcp, async () => {
        await answer.promise;
        return ok(icp(1, true));
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Approve ideal customer 1' }));
    expect(api.bodies(companyContracts.updateIcp)).toEqual([{ id: 1, profile: icp(1, null).profile, approved: true }]);
    expect(screen.getByRole('button', { name: 'Back: ideal customer 2 pending again' })).toHaveProperty(
      'disabled',
      true,
    );
    answer.release();
    const back = screen.getByRole('button', { name: 'Back: ideal customer 2 pending again' });
    await waitFor(() => expect(back).toHaveProperty('disabled', false));
    await user.click(back);
    expect(api.bodies(companyContracts.updateIcp)[1]).toEqual({
      id: 2,
      profile: icp(2, false).profile,
      approved: null,
    });
  });

  it('says when there are none', async () => {
    open([]);
    expect(await screen.findByText('No ideal customer profiles yet')).toBeTruthy();
  });

  it("shows the server's refusal of a decision", async () => {
    const { user } = open([icp(1, null)], (api) =>
      api.on(companyContracts.updateIcp, failure(403, 'You do not have access to this.')),
    );
    await user.click(await screen.findByRole('button', { name: 'Remove ideal customer 1' }));
    expect(await screen.findByText('You do not have access to this.')).toBeTruthy();
  });
});

describe('Settings > marketing plan', () => {
  const open = (answers?: (api: FakeApi) => void) =>
    renderPage(<MarketingPlanTab />, {
      answers: (api) => {
        signedIn(api);
        answers?.(api);
      },
    });

  it('reads a 400 as no plan yet and writes one with Generate plan, showing the progress, then the plan', async () => {
    const answer = held();
    const { user, api } = open((api) =>
      api
        .on(planContracts.get, failure(400, 'There is no marketing plan yet.'))
        .on(planContracts.generate, async () => {
          await answer.promise;
          return { status: 202 as const, body: { status: 'running' as const, uuid: 'job-plan' } };
        })
        .on(
          lrpContracts.poll,
          ok({ plan: '## Month 1\n\nOpen the shop on Sundays.', updatedAt: '2026-12-01T09:00:00.000Z' }),
        ),
    );
    expect(await screen.findByText('No marketing plan yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Generate plan' }));
    expect(api.sent(planContracts.generate)).toHaveLength(1);
    expect(screen.getByText('Writing your marketing plan')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate plan' })).toHaveProperty('disabled', true);
    answer.release();
    expect(await screen.findByRole('heading', { name: 'Month 1' })).toBeTruthy();
    expect(screen.getByText('Your 12-month plan, written 1 Dec 26.')).toBeTruthy();
  });

  it('shows the plan as markdown, and a failed generation', async () => {
    const { user } = open((api) =>
      api
        .on(planContracts.get, ok({ plan: '## Month 1\n\n- **Sundays** open', updatedAt: '2026-12-01T09:00:00.000Z' }))
        .on(planContracts.generate, failure(409, 'Approve at least one ideal customer profile first.')),
    );
    expect(await screen.findByRole('heading', { name: 'Month 1' })).toBeTruthy();
    expect(screen.getByText('Sundays').tagName).toBe('STRONG');
    await user.click(screen.getByRole('button', { name: 'Generate plan' }));
    expect(await screen.findByText('Approve at least one ideal customer profile first.')).toBeTruthy();
  });

  it("shows the plan call's failure", async () => {
    open((api) => api.on(planContracts.get, failure(500, 'Something broke on our side.')));
    expect(await screen.findByText('Something broke on our side.')).toBeTruthy();
  });
});
