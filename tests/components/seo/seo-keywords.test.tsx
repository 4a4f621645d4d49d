import { billingContracts } from '@shared/contracts/billing';
import { lrpContracts } from '@shared/contracts/lrp';
import { seoContracts } from '@shared/contracts/seo';
import { seoKeywordListSchema, type SeoKeyword } from '@shared/schemas/seo-keywords';
import { subscriptionSchema, type Subscription } from '@shared/schemas/subscription';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SeoKeywordsRoute from '@/features/seo/routes/seo-keywords';
import { failure, held, ok, type FakeApi } from '../support/fake-api';
import { company, signedIn } from '../support/fixtures';
import { renderPage } from '../support/render';

const subscription = (isPaid: boolean): Subscription =>
  subscriptionSchema.parse({
    plan: isPaid ? { slug: 'organic', name: 'Organic' } : { slug: 'free', name: 'Free' },
    interval: isPaid ? 'month' : null,
    status: isPaid ? 'active' : 'free',
    trialEnd: null,
    to: null,
    autoRenewal: isPaid,
    canCancel: isPaid,
    isCancelled: false,
    isPaid,
    pendingChange: null,
  });
/** Twelve suggestions, the first two recommended, none saved yet. */
const suggestions = (saved: string[] = []): SeoKeyword[] =>
  seoKeywordListSchema.parse(
    Array.from({ length: 12 }, (_, i) => ({
      keyword: `sourdough ${i + 1}`,
      isRecommended: i < 2,
      isSelected: saved.includes(`sourdough ${i + 1}`),
      volume: 1000 + i,
      difficulty: 10 * (i % 10),
      cpc: 1.25,
    })),
  );
const open = (answers?: (api: FakeApi) => void, options: { website?: string; paid?: boolean } = {}) =>
  renderPage(<SeoKeywordsRoute />, {
    path: '/seo-keywords',
    answers: (api) => {
      signedIn(api, { companies: [company({ website: options.website ?? 'https://engines.example' })] });
      api.on(billingContracts.subscription, ok(subscription(options.paid ?? true)));
      api.on(seoContracts.keywords, ok(suggestions()));
      answers?.(api);
    },
  });
const box = (keyword: string) => screen.getByRole('checkbox', { name: keyword });
const save = () => screen.getByRole('button', { name: 'Save' });

describe('SEO keywords', () => {
  it("says 'Subscribtion is required' with an Upgrade link without a paid plan", async () => {
    open(undefined, { paid: false });
    expect(await screen.findByText('Subscribtion is required')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/settings/billing');
    expect(screen.queryByRole('button', { name: 'Generate Keywords' })).toBeNull();
  });

  it("says 'Add a website' without a company website", async () => {
    open(undefined, { website: '' });
    expect(await screen.findByText('Add a website')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generate Keywords' })).toBeNull();
  });

  it("says 'Nothing found here!…' before any generation", async () => {
    open((api) => api.on(seoContracts.keywords, ok([])));
    expect(
      await screen.findByText('Nothing found here! To generate keywords, click the generate button.'),
    ).toBeTruthy();
  });

  it('lists Keyword, Volume, Difficulty and $ CPC, and stops an 11th keyword with the limit sentence', async () => {
    const { user } = open();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent.trim()),
    ).toEqual(['', 'Keyword', 'Volume', 'Difficulty', '$ CPC']);
    for (let i = 1; i <= 10; i++) await user.click(box(`sourdough ${i}`));
    expect(screen.queryByText('You can only select up to 10 keywords')).toBeNull();
    await user.click(box('sourdough 11'));
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'You can only select up to 10 keywords');
    expect(box('sourdough 11')).toHaveProperty('checked', false);
    expect(screen.getByText('10 of 10 selected')).toBeTruthy();
  });

  it('select-all fills up to 10 in list order and says why the rest are left, then clears', async () => {
    const { user } = open();
    const all = await screen.findByRole('checkbox', { name: 'Select all keywords, up to 10' });
    await user.click(all);
    expect(screen.getByText('10 of 10 selected')).toBeTruthy();
    expect(box('sourdough 10')).toHaveProperty('checked', true);
    expect(box('sourdough 11')).toHaveProperty('checked', false);
    expect(screen.getByText('You can only select up to 10 keywords')).toBeTruthy();
    await user.click(all);
    expect(screen.getByText('0 of 10 selected')).toBeTruthy();
  });

  it('asks before saving, sends the chosen keywords, holds Save while it waits, and says they were saved', async () => {
    const answer = held();
    const { user, api } = open((api) =>
      api.on(seoContracts.saveKeywords, async () => {
        await answer.promise;
        return ok(suggestions(['sourdough 3', 'sourdough 1']));
      }),
    );
    expect(await screen.findByText('Nothing saved yet')).toBeTruthy();
    expect(save()).toHaveProperty('disabled', true);
    await user.click(box('sourdough 3'));
    await user.click(box('sourdough 1'));
    await user.click(save());
    const confirm = await screen.findByRole('dialog', { name: 'Save your keywords?' });
    expect(
      within(confirm).getByText(
        'Are you sure you want to save these keywords? This will overwrite any existing keywords.',
      ),
    ).toBeTruthy();
    expect(api.sent(seoContracts.saveKeywords)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Save' }));
    expect(api.bodies(seoContracts.saveKeywords)).toEqual([['sourdough 3', 'sourdough 1']]);
    expect(save()).toHaveProperty('disabled', true);
    answer.release();
    expect(await screen.findByText('Keywords have been saved!')).toBeTruthy();
  });

  it("shows the server's sentence when saving fails, and the page's own when it gives none", async () => {
    const { user, api } = open((api) =>
      api.on(seoContracts.saveKeywords, failure(409, 'A keyword cannot be longer than 80 characters.')),
    );
    await user.click(await screen.findByRole('checkbox', { name: 'sourdough 2' }));
    await user.click(save());
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Save your keywords?' })).getByRole('button', { name: 'Save' }),
    );
    expect(await screen.findByText('A keyword cannot be longer than 80 characters.')).toBeTruthy();
    api.on(seoContracts.saveKeywords, failure(500, ''));
    await user.click(save());
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Save your keywords?' })).getByRole('button', { name: 'Save' }),
    );
    expect(await screen.findByText('Failed to save keywords. Please try again later.')).toBeTruthy();
  });

  it("says 'Hold on, generating keywords...' while the job runs, then lists the new suggestions", async () => {
    const answer = held();
    const { user } = open((api) => {
      api.on(seoContracts.keywords, ok([]));
      api.on(seoContracts.generateKeywords, async () => {
        await answer.promise;
        return { status: 202 as const, body: { status: 'running' as const, uuid: 'job-kw' } };
      });
      api.on(lrpContracts.poll, ok(suggestions()));
    });
    await user.click(await screen.findByRole('button', { name: 'Generate Keywords' }));
    expect(await screen.findByText('Hold on, generating keywords...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate Keywords' })).toHaveProperty('disabled', true);
    answer.release();
    expect(await screen.findByText('Suggested keywords have been generated.')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'sourdough 12' })).toBeTruthy();
  });

  it("shows 'Failed to generate keywords. Please try again later.' when generation fails without a sentence", async () => {
    const { user } = open((api) => api.on(seoContracts.generateKeywords, failure(500, '')));
    await user.click(await screen.findByRole('button', { name: 'Generate Keywords' }));
    expect(await screen.findByText('Failed to generate keywords. Please try again later.')).toBeTruthy();
  });
});
