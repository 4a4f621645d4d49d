import { companyContracts } from '@shared/contracts/company';
import { lrpContracts } from '@shared/contracts/lrp';
import { companyOverviewSchema } from '@shared/schemas/onboarding';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GoalDialog } from '@/features/onboarding/components/goal-dialog';
import { OverviewStep } from '@/features/onboarding/components/overview-step';
import { failure, held, ok, type FakeApi } from '../support/fake-api';
import { company, signedIn } from '../support/fixtures';
import { renderPage } from '../support/render';

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const blank = company({
  name: '',
  website: '',
  description: '',
  tone: '',
  voice: '',
  locations: [],
  goal: null,
  customers: '',
  why: '',
  current_revenue: null,
  suggested_budget: null,
  onboarded: false,
});

const overview = companyOverviewSchema.parse({
  name: 'Corner Bakery',
  description: 'A neighbourhood bakery baking sourdough, croissants and cakes every morning since 1998 in Lisbon.',
  locations: ['Lisbon'],
  tone: 'Warm',
  voice: 'Friendly baker',
});

describe('the business overview step (onboarding)', () => {
  const open = (answers?: (api: FakeApi) => void, onDone = vi.fn()) =>
    renderPage(<OverviewStep company={blank} onDone={onDone} />, {
      answers: (api) => {
        signedIn(api, { companies: [blank] });
        answers?.(api);
      },
    });

  it('says the website is required and must be a web address, word for word, and reads nothing', async () => {
    const { user, api } = open();
    const read = screen.getByRole('button', { name: 'Read my website' });
    await user.click(read);
    expect(alerts()).toEqual(['Enter a valid URL address']);
    await user.type(screen.getByLabelText('Website'), 'mailto:bakery@example.com');
    await user.click(read);
    expect(alerts()).toEqual(['Enter a valid website address']);
    expect(api.sent(companyContracts.overview)).toEqual([]);
  });

  it('reads the website with https:// added, then the drafted overview is checked before it is saved', async () => {
    const onDone = vi.fn();
    const { user, api } = open((api) => {
      api.on(companyContracts.overview, { status: 202, body: { status: 'running', uuid: 'job-1' } });
      api.on(lrpContracts.poll, ok(overview));
      api.on(companyContracts.update, ok(company()));
    }, onDone);
    await user.type(screen.getByLabelText('Website'), 'bakery.example');
    await user.click(screen.getByRole('button', { name: 'Read my website' }));
    expect(api.bodies(companyContracts.overview)).toEqual([{ website: 'https://bakery.example' }]);
    const name = await screen.findByLabelText('Business name');
    expect((name as HTMLInputElement).value).toBe('Corner Bakery');

    await user.clear(name);
    await user.clear(screen.getByLabelText('Business description'));
    await user.clear(screen.getByLabelText('Marketing Tone'));
    await user.clear(screen.getByLabelText('Marketing Voice'));
    await user.click(screen.getByRole('button', { name: 'Save overview' }));
    expect(alerts()).toEqual([
      'Name must be at least 3 characters long.',
      'Description must be at least 80 characters long.',
      'Marketing tone must be at least 3 characters long.',
      'Marketing voice must be at least 3 characters long.',
    ]);
    expect(api.sent(companyContracts.update)).toEqual([]);

    await user.type(name, 'Corner Bakery');
    await user.click(screen.getByLabelText('Business description'));
    await user.paste(overview.description);
    await user.type(screen.getByLabelText('Marketing Tone'), 'Warm');
    await user.type(screen.getByLabelText('Marketing Voice'), 'Friendly baker');
    await user.click(screen.getByRole('button', { name: 'Save overview' }));
    expect(api.bodies(companyContracts.update)).toEqual([{ ...overview, website: 'https://bakery.example' }]);
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it("shows the server's refusal to read the site", async () => {
    const { user } = open((api) =>
      api.on(companyContracts.overview, failure(400, 'This address did not answer with a web page.')),
    );
    await user.type(screen.getByLabelText('Website'), 'bakery.example');
    await user.click(screen.getByRole('button', { name: 'Read my website' }));
    expect(await screen.findByText('This address did not answer with a web page.')).toBeTruthy();
  });

  it('holds Read my website while the job runs', async () => {
    const answer = held();
    const { user } = open((api) =>
      api.on(companyContracts.overview, async () => {
        await answer.promise;
        return { status: 202 as const, body: { status: 'running' as const, uuid: 'job-2' } };
      }),
    );
    await user.type(screen.getByLabelText('Website'), 'bakery.example');
    await user.click(screen.getByRole('button', { name: 'Read my website' }));
    expect(screen.getByRole('button', { name: 'Read my website' })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Website')).toHaveProperty('disabled', true);
  });
});

describe('the goal dialog (onboarding, before the plan)', () => {
  const open = (answers?: (api: FakeApi) => void, onSaved = vi.fn()) =>
    renderPage(<GoalDialog company={blank} open onClose={() => undefined} onSaved={onSaved} />, {
      answers: (api) => {
        signedIn(api, { companies: [blank] });
        answers?.(api);
      },
    });
  const generate = () => screen.getByRole('button', { name: 'Generate plan' });

  it('says what each field needs, word for word, and saves nothing', async () => {
    const { user, api } = open();
    await user.click(generate());
    expect(alerts()).toEqual([
      'Please select a valid goal',
      'Customers must be at least 10 characters long.',
      'Why must be at least 10 characters long.',
      'Current revenue must be an integer.',
      'Suggested budget must be an integer.',
    ]);
    await user.type(screen.getByLabelText('Current revenue (USD a year)'), '-1');
    await user.type(screen.getByLabelText('Suggested budget (USD a month)'), '-2');
    await user.click(generate());
    expect(alerts()).toContain('Current revenue must not be negative.');
    expect(alerts()).toContain('Suggested budget must not be negative.');
    expect(api.sent(companyContracts.update)).toEqual([]);
  });

  it('saves the goal, customers and numbers, holding Generate plan while it waits', async () => {
    const answer = held();
    const onSaved = vi.fn();
    const { user, api } = open(
      (api) =>
        api.on(companyContracts.update, async () => {
          await answer.promise;
          return ok(company());
        }),
      onSaved,
    );
    await user.selectOptions(screen.getByLabelText('Goal'), 'LAUNCHING_BUSINESS');
    await user.type(screen.getByLabelText('Customers'), 'Families nearby');
    await user.type(screen.getByLabelText('Why customers choose you'), 'Fresh every morning');
    await user.type(screen.getByLabelText('Current revenue (USD a year)'), '50000');
    await user.type(screen.getByLabelText('Suggested budget (USD a month)'), '300');
    await user.click(generate());
    expect(api.bodies(companyContracts.update)).toEqual([
      {
        goal: 'LAUNCHING_BUSINESS',
        customers: 'Families nearby',
        why: 'Fresh every morning',
        current_revenue: 50000,
        suggested_budget: 300,
      },
    ]);
    expect(generate()).toHaveProperty('disabled', true);
    answer.release();
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it("shows the server's refusal inside the dialog", async () => {
    const { user } = open((api) => api.on(companyContracts.update, failure(500, 'Something broke on our side.')));
    await user.selectOptions(screen.getByLabelText('Goal'), 'LAUNCHING_BUSINESS');
    await user.type(screen.getByLabelText('Customers'), 'Families nearby');
    await user.type(screen.getByLabelText('Why customers choose you'), 'Fresh every morning');
    await user.type(screen.getByLabelText('Current revenue (USD a year)'), '1');
    await user.type(screen.getByLabelText('Suggested budget (USD a month)'), '1');
    await user.click(generate());
    expect(await screen.findByText('Something broke on our side.')).toBeTruthy();
  });
});
