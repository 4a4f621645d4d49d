import { COMPANY_COOKIE } from '@shared/constants';
import { ROLE_REQUIRED } from '@shared/permissions';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, signedInUser, teammate, type SignedInUser } from '../support/api-client';
import { axeViolations } from './axe';
import { appUrl, openSession } from './browser';
import { DESKTOP, screenshot, signIn, untilLoaded, useBrowser } from './support';

/**
 * What a role sees, in Chromium, on a demo company that has every page alive (posts, media,
 * reports, audits, keywords, plan and profiles), with Facebook and Google My Business connected,
 * approvals on and a post waiting for review. A client opens every signed-in page: none shows a
 * control for what a client may not do (checked by accessible name, page by page), none asks the
 * API for something the role is refused (no 403 ROLE_REQUIRED among the page's answers), what a
 * client may do is there (reading everything, approving the post sent for review, downloading the
 * audit), and axe finds nothing. A shorter pass as a manager: no team, billing, developer,
 * approval-rule or company controls, and the marketing controls still there.
 */
const PHONE = { width: 390, height: 844 };
const GMB_ACCOUNT = 'Sandbox Bakery Group';
const PENDING_CLIENT = `pending-client-${Date.now()}@example.com`;

interface Demo {
  owner: SignedInUser;
  id: number;
  reviewPostId: number;
}

/** The owner's demo company, once its history (posts, media, audits, keywords) is written. */
async function demoCompany(): Promise<Demo> {
  const owner = await signedInUser('Owner', {}, appUrl());
  const made = await owner.client.post('/api/company', { name: 'Role Bakery', demo: true });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = made.body.id as number;
  owner.companyId = id;
  owner.client.cookies.set(COMPANY_COOKIE, String(id));
  await expect
    .poll(async () => ((await owner.client.get('/api/seo/keywords')).body as unknown[]).length, { timeout: 60_000 })
    .toBeGreaterThan(0);
  // The audits come last in the history: the SEO pages need them finished.
  await expect
    .poll(async () => ((await owner.client.get('/api/seo/report')).body as { is_finished?: boolean }).is_finished, {
      timeout: 60_000,
    })
    .toBe(true);

  // A demo comes connected to the stand-ins: Facebook and a Business Profile with its locations.
  await expect
    .poll(
      async () =>
        [
          ((await owner.client.get('/api/integrations/facebook/status')).body as { connected?: boolean }).connected,
          ((await owner.client.get('/api/business/status')).body as { connected?: boolean }).connected,
        ].join(),
      { timeout: 60_000 },
    )
    .toBe('true,true');

  // Approvals on, and a draft the owner sends for review: a client may decide it.
  expect((await owner.client.put('/api/approvals/settings', { required: true })).status).toBe(200);
  const created = await owner.client.post('/api/calendar', {
    platforms: ['facebook'],
    content: `For review: our rye sourdough is back on Saturday, baked overnight. Come early! ${Date.now()}`,
    action: 'save',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const [draft] = created.body as { id: number; version: number }[];
  const asked = await owner.client.post(`/api/approvals/posts/${draft!.id}/request`, { version: draft!.version });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  return { owner, id, reviewPostId: draft!.id };
}

/**
 * The owner, in the browser, finds the demo's Google My Business account connected, and invites someone as a client from Settings → Companies (the roles an admin may give,
 * Manager first).
 */
async function ownerSetup(page: Page, demo: Demo) {
  await signIn(page, (p) => new URL(p, appUrl()).toString(), { email: demo.owner.email, password: PASSWORD });
  await page.context().addCookies([{ name: COMPANY_COOKIE, value: String(demo.id), url: appUrl() }]);
  // The demo came connected: the apps tab shows its Business Profile account, no Connect.
  await page.goto('/settings/apps');
  const row = page.locator('li.connection[data-platform="google-my-business"]');
  await row.getByText(GMB_ACCOUNT).waitFor();
  expect(await row.getByRole('button', { name: 'Connect Google My Business' }).count()).toBe(0);

  await page.goto('/settings/companies');
  const card = page.locator('section.card', { hasText: 'Role Bakery' });
  const role = card.getByLabel('Role', { exact: true });
  await role.waitFor();
  expect(await role.locator('option').allTextContents()).toEqual(['Admin', 'Manager', 'Client']);
  expect(await role.inputValue()).toBe('manager');
  await card.getByLabel('Invite a user by email').fill(PENDING_CLIENT);
  await role.selectOption('client');
  await card.getByRole('button', { name: 'Send invite' }).click();
  await card.locator('li.row', { hasText: PENDING_CLIENT }).getByText('Invited as client, waiting to accept').waitFor();
  await untilLoaded(page);
  expect(await axeViolations(page), 'owner companies: axe').toEqual([]);
  await screenshot(page, 'client-role-owner-invite-desktop', { fullPage: true });
}

/** A member of the demo with `role`, signed in in a browser of their own with the demo selected. */
async function memberPage(browser: Parameters<typeof openSession>[0], demo: Demo, role: 'client' | 'manager') {
  const member = await teammate(demo.owner, role, `role-${role}`);
  const { page, url } = await openSession(browser, { viewport: DESKTOP });
  page.context().setDefaultTimeout(30_000);
  await signIn(page, url, { email: member.email, password: PASSWORD });
  await page.context().addCookies([{ name: COMPANY_COOKIE, value: String(demo.id), url: appUrl() }]);
  return page;
}

/**
 * Every 403 ROLE_REQUIRED the page is answered, as "METHOD /path": a page that asks for what the
 * role is refused has a control or a query that is not gated. `take()` returns those since the last.
 */
function watchRefusals(page: Page) {
  const refused: string[] = [];
  const reading: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.status() !== 403) return;
    reading.push(
      response.json().then(
        (body: { code?: string } | null) => {
          if (body?.code === ROLE_REQUIRED)
            refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
        },
        () => undefined,
      ),
    );
  });
  return {
    take: async () => {
      await Promise.all(reading.splice(0));
      return refused.splice(0);
    },
  };
}

/** Until the page and the parts it loads after itself (header extras, the bell) have arrived. */
async function settle(page: Page) {
  await untilLoaded(page);
  await page.waitForLoadState('networkidle');
  await untilLoaded(page);
}

async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await settle(page);
}

type Role = Parameters<Page['getByRole']>[0];

/** No visible control of `role` named any of `names` (a string is matched exactly). */
async function expectNone(page: Page | Locator, role: Role, names: (string | RegExp)[], where: string) {
  for (const name of names) {
    const found = page.getByRole(role, { name, exact: typeof name === 'string' }).filter({ visible: true });
    expect(await found.count(), `${where}: no ${role} "${String(name)}"`).toBe(0);
  }
}

/** What every page must hold: nothing refused for the role, nothing for axe. */
async function clean(page: Page, refusals: ReturnType<typeof watchRefusals>, where: string) {
  expect(await refusals.take(), `${where}: calls refused for the role`).toEqual([]);
  expect(await axeViolations(page), `${where}: axe`).toEqual([]);
}

/** The page at both widths, for review (E2E_SCREENSHOTS). */
async function shots(page: Page, name: string) {
  await screenshot(page, `client-role-${name}-desktop`, { fullPage: true });
  await page.setViewportSize(PHONE);
  await untilLoaded(page);
  await screenshot(page, `client-role-${name}-phone`, { fullPage: true });
  expect(await axeViolations(page), `${name} at 390 px: axe`).toEqual([]);
  await page.setViewportSize(DESKTOP);
}

/** The first link on the page whose address starts with `prefix` (a post, a blog, a media file). */
async function firstHref(page: Page, selector: string): Promise<string> {
  const link = page.locator(selector).first();
  await link.waitFor();
  return (await link.getAttribute('href')) ?? '';
}

describe('what each role sees', () => {
  const browser = useBrowser();

  it('a client reads every page, changes nothing, and approves the post sent for review', async () => {
    const demo = await demoCompany();
    const ownerSession = await openSession(browser(), { viewport: DESKTOP });
    ownerSession.context.setDefaultTimeout(30_000);
    await ownerSetup(ownerSession.page, demo);
    await ownerSession.context.close();

    const page = await memberPage(browser(), demo, 'client');
    const refusals = watchRefusals(page);
    // An unread notice, as a failed publish leaves one: a client reads it and leaves it unread.
    await page.route('**/api/notifications', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            contentType: 'application/json',
            body: JSON.stringify({
              unread: 1,
              notifications: [
                {
                  id: 'n-1',
                  kind: 'publish-failed',
                  title: 'A post could not be published',
                  message: 'Reconnect Facebook and try again.',
                  postId: demo.reviewPostId,
                  platform: 'facebook',
                  createdAt: new Date().toISOString(),
                  read: false,
                },
              ],
            }),
          })
        : route.continue(),
    );
    const markedRead: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/notifications/read')) markedRead.push(request.url());
    });

    // The dashboard: the lists and the chart; no onboarding prompt. The bell: no "Mark all read".
    await open(page, '/', /Good (morning|afternoon|evening)/);
    await page.locator('section.card', { hasText: 'Recently Published' }).getByRole('link').first().waitFor();
    await expectNone(page, 'link', ['Get started'], 'dashboard');
    const bell = page.getByLabel('Notifications, 1 unread');
    await bell.click();
    await page.getByText('A post could not be published').waitFor();
    await expectNone(page, 'button', ['Mark all read'], 'notifications');
    await clean(page, refusals, 'dashboard');
    await bell.click();
    const publishedPost = await firstHref(
      page,
      'section.card:has-text("Recently Published") a[href^="/post/"], section.card:has-text("Recently Published") a[href^="/blog/"]',
    );

    // Onboarding writes the profile and plan: a notice instead of the wizard.
    await open(page, '/dashboard/onboard', 'Set Up Marketing Plan');
    await page.getByText('Setting up the marketing plan is for admins and managers').waitFor();
    expect(await page.getByRole('list', { name: 'Onboarding steps' }).count()).toBe(0);
    await clean(page, refusals, 'onboarding');

    // The calendar, month grid: posts to open, none to drag, no header actions.
    const month = new Date().toISOString().slice(0, 10);
    await open(page, `/calendar/${month}/month/calendar`, 'Calendar');
    await page.locator('.post-chip').first().waitFor();
    expect(await page.locator('[draggable="true"]').count(), 'calendar: nothing draggable').toBe(0);
    for (const text of ['Create...', 'Generate...', 'Audit ideas']) {
      expect(await page.getByText(text, { exact: true }).filter({ visible: true }).count(), `calendar: ${text}`).toBe(
        0,
      );
    }
    await expectNone(page, 'button', ['Delete scheduled posts'], 'calendar');
    await expectNone(page, 'link', ['Import'], 'calendar');
    await clean(page, refusals, 'calendar month');
    await shots(page, 'calendar');
    // The preview: the post as its platform shows it, no way to move it.
    await page
      .getByRole('button', { name: /^Preview / })
      .first()
      .click();
    const preview = page.getByRole('dialog');
    await preview.getByRole('link', { name: 'Open post' }).waitFor();
    await expectNone(preview, 'button', ['Move'], 'calendar preview');
    expect(await preview.getByLabel('Move to day').count()).toBe(0);
    await preview.getByRole('button', { name: 'Close' }).first().click();
    await preview.waitFor({ state: 'detached' });

    await open(page, `/calendar/${month}/week/calendar`, 'Calendar');
    expect(await page.locator('[draggable="true"]').count(), 'week: nothing draggable').toBe(0);
    await clean(page, refusals, 'calendar week');
    await open(page, `/calendar/${month}/month/list`, 'Calendar');
    await page.getByRole('table').waitFor();
    expect(await page.getByRole('row').count()).toBeGreaterThan(3);
    const blogPost = await firstHref(page, 'table a[href^="/blog/"]');
    await clean(page, refusals, 'calendar list');

    // Writing a post, a blog post, importing: the whole page is for admins and managers.
    for (const [path, heading, notice] of [
      ['/post/create', 'New social media post', 'Writing posts is for admins and managers'],
      ['/blog/create', 'New blog post', 'Writing posts is for admins and managers'],
      ['/import', 'Import posts', 'Importing posts is for admins and managers'],
    ] as const) {
      await open(page, path, heading);
      await page.getByText(notice).waitFor();
      await expectNone(page, 'button', ['Schedule', 'Save', 'Publish Now', 'Upload', 'Add feed'], path);
      expect(await page.getByRole('textbox').filter({ visible: true }).count(), `${path}: no inputs`).toBe(0);
      await clean(page, refusals, path);
    }
    await shots(page, 'import');

    // The post sent for review: read only, and the client approves it.
    await open(page, `/post/${demo.reviewPostId}`, /Facebook/);
    const approve = page.getByRole('button', { name: 'Approve', exact: true });
    await approve.waitFor();
    await page.getByRole('button', { name: 'Ask for changes' }).waitFor();
    expect(await page.getByLabel('Post copy').isDisabled()).toBe(true);
    await page.getByText('Only admins and managers can create, change or publish content.').waitFor();
    await expectNone(
      page,
      'button',
      ['Schedule', 'Save', 'Publish Now', 'More actions', 'Add media', 'Save first comment', 'Try again'],
      'post in review',
    );
    await expectNone(page, 'button', ['Ask for review', 'Get a review link'], 'post in review');
    await clean(page, refusals, 'post in review');
    await shots(page, 'post-review');
    await approve.click();
    await page.getByText('Approved.').waitFor();
    expect(await refusals.take(), 'approving').toEqual([]);

    // The notice's post link opens it without marking the notice read.
    await bell.click();
    await page.getByRole('link', { name: 'Open the post' }).click();
    await page.getByRole('heading', { level: 1, name: /Facebook/ }).waitFor();
    expect(markedRead, 'no notice marked read').toEqual([]);

    // A published post and a blog post: read only.
    for (const [path, heading] of [
      [publishedPost, /·/],
      [blogPost, /·/],
    ] as const) {
      await open(page, path, heading);
      await expectNone(page, 'button', ['Schedule', 'Save', 'Publish Now', 'More actions', 'Choose an image'], path);
      await clean(page, refusals, path);
    }

    // The media library: search and open; no upload, generation or delete.
    await open(page, '/media', 'Media library');
    await page.getByRole('list', { name: 'Media files' }).waitFor();
    await expectNone(page, 'button', ['Generate image', 'Choose files', /^Delete /], 'media');
    await page.getByLabel('Search media').waitFor();
    await clean(page, refusals, 'media');
    const mediaPath = await firstHref(page, '.media-card__name');
    await open(page, mediaPath, /./);
    expect(await page.getByLabel('File name').isDisabled()).toBe(true);
    await expectNone(page, 'button', ['Delete', 'Save changes'], 'media file');
    await clean(page, refusals, 'media file');
    await shots(page, 'media-file');

    // The report: figures to read, no Refresh report.
    await open(page, '/report?period=year', 'Reporting');
    await page.getByRole('heading', { name: 'All Followers' }).waitFor();
    await expectNone(page, 'button', ['Refresh report'], 'report');
    await clean(page, refusals, 'report');

    // The SEO report and the audit's sections: read and download, nothing to run, stop or share.
    const seoControls = ['Check Again', 'Stop', 'Restart audit', 'Verify', 'Launch audit', 'Share', 'Upgrade'];
    await open(page, '/seo-report', 'SEO Report');
    await page.getByRole('heading', { name: 'SEO Technical Categories' }).waitFor();
    await page.getByRole('heading', { name: 'Audit schedule' }).waitFor();
    await expectNone(page, 'button', seoControls, 'seo report');
    // Proving the website is the admins' and managers' to do: no card asking for it.
    expect(await page.getByRole('heading', { name: 'Verify that this website is yours' }).count()).toBe(0);
    await clean(page, refusals, 'seo report');
    await shots(page, 'seo-report');
    for (const [section, heading] of [
      ['overview', 'Website audit overview'],
      ['issues', 'Issue report'],
      ['issues/http-4xx', 'Issue report'],
      ['pages', 'Crawled pages'],
      ['links', 'Found links'],
      ['resources', 'Found resources'],
      ['comparison', 'Crawl comparison'],
      ['audits', 'All reports'],
      ['settings', 'Audit settings'],
    ] as const) {
      await open(page, `/seo-report/${section}`, heading);
      await expectNone(
        page,
        'button',
        [...seoControls, 'Ignore', 'Stop ignoring', 'Turn check off', 'Turn check on', 'Save settings'],
        section,
      );
      if (section !== 'settings') await page.getByRole('button', { name: 'Download report' }).waitFor();
      await clean(page, refusals, `seo ${section}`);
    }
    await page.getByText('Only admins and managers can change the audit settings.').waitFor();
    expect(await page.getByRole('link', { name: 'Turned off' }).count(), 'no Turned off tab').toBe(0);

    // Keywords: the list and the saved choice, nothing to generate, tick or save.
    await open(page, '/seo-keywords', 'SEO Keywords');
    await page.getByText('sourdough bakery bristol').first().waitFor();
    await expectNone(page, 'button', ['Generate Keywords', 'Save', /^Remove /], 'keywords');
    expect(await page.getByRole('checkbox').count(), 'keywords: no boxes to tick').toBe(0);
    await page.getByText('Only admins and managers can change SEO reports, audits and keywords.').waitFor();
    await clean(page, refusals, 'keywords');
    await shots(page, 'keywords');

    // The business listing and its reviews: read only.
    await open(page, '/business-manager/profile', 'Business manager');
    const businessName = page.getByLabel('Business name');
    await expect.poll(() => businessName.inputValue()).toBe('Sandbox Bakery Soho');
    expect(await businessName.isDisabled()).toBe(true);
    await expectNone(
      page,
      'button',
      ['Save Profile', 'Discard changes', 'Add from media library', 'Add', /^Remove /, /^Delete /],
      'business profile',
    );
    expect(await page.getByLabel('Add a category').count()).toBe(0);
    await page.getByRole('heading', { name: 'Photos & Media', exact: true }).waitFor();
    await clean(page, refusals, 'business profile');
    await shots(page, 'business-profile');
    await open(page, '/business-manager/reviews', 'Business manager');
    await page.locator('.bm-reviews > li').first().waitFor();
    await expectNone(page, 'button', ['Reply', 'Edit', 'Delete', 'Generate'], 'business reviews');
    await clean(page, refusals, 'business reviews');

    // Settings: the tabs a client cannot use at all are not listed, and their addresses go to apps.
    await open(page, '/settings/apps', 'Settings');
    const tabs = page.getByRole('navigation', { name: 'Settings sections' });
    expect(await tabs.getByRole('link').allTextContents()).toEqual([
      'Applications',
      'Billing',
      'User',
      'Marketing plan',
      'Ideal customer profiles',
      'Company information',
      'Companies',
    ]);
    const facebook = page.locator('li.connection[data-platform="facebook"]');
    await facebook.getByText('Connected', { exact: true }).waitFor();
    await page.locator('li.connection[data-platform="google-my-business"]').getByText(GMB_ACCOUNT).waitFor();
    await expectNone(page, 'button', [/^Connect /, /^Reconnect /, /^Change /, 'Save'], 'apps');
    expect(await page.getByRole('switch').count(), 'apps: no switches').toBe(0);
    await clean(page, refusals, 'apps');
    await shots(page, 'apps');
    for (const tab of ['api', 'demo']) {
      await page.goto(`/settings/${tab}`);
      await page.waitForURL((u) => u.pathname === '/settings/apps');
    }

    await open(page, '/settings/billing', 'Settings');
    await page.getByRole('heading', { name: 'Plan & Usage' }).waitFor();
    await page.getByText('Only admins can manage billing.').waitFor();
    await expectNone(page, 'button', ['Cancel subscription', /^Activate /, 'Manage payment details'], 'billing');
    expect(await page.getByRole('heading', { name: 'Invoices' }).count()).toBe(0);
    await clean(page, refusals, 'billing');
    await shots(page, 'billing');

    await open(page, '/settings/user', 'Settings');
    await clean(page, refusals, 'user');

    await open(page, '/settings/marketing-plan', 'Settings');
    await page.getByText('Themes by month').first().waitFor();
    await expectNone(page, 'button', ['Generate plan'], 'plan');
    await expectNone(page, 'link', ['Set up step by step'], 'plan');
    await clean(page, refusals, 'plan');

    await open(page, '/settings/ideal-customer-profiles', 'Settings');
    await page.getByText('Weekend bread regulars').first().waitFor();
    await expectNone(page, 'button', [/^Approve /, /^Remove /, /^Back: /, /^Edit /], 'profiles');
    await clean(page, refusals, 'profiles');

    await open(page, '/settings/company-info', 'Settings');
    expect(await page.getByLabel('Business name').isDisabled()).toBe(true);
    await page.getByText("Only admins and managers can change the company's profile and plan.").waitFor();
    await page.getByText('Posts need approval before they are scheduled', { exact: false }).first().waitFor();
    await expectNone(page, 'button', ['Save changes', 'Discard', 'Add location', /^Remove location/], 'company info');
    expect(await page.getByRole('switch').count(), 'company info: no approvals switch').toBe(0);
    await clean(page, refusals, 'company info');
    await shots(page, 'company-info');

    await open(page, '/settings/companies', 'Settings');
    const card = page.locator('section.card', { hasText: 'Role Bakery' });
    await card.getByText(demo.owner.email).waitFor();
    await expectNone(card, 'button', ['Send invite', 'Revoke', 'Remove', 'Delete company'], 'companies');
    expect(await card.getByLabel('Invite a user by email').count()).toBe(0);
    await card.locator('li.row', { hasText: PENDING_CLIENT }).getByText('Invited as client').waitFor();
    await card.getByText('Only admins can manage the team.').waitFor();
    expect(await card.getByRole('combobox').count(), 'companies: no role choices').toBe(0);
    // Creating a company of one's own is anyone's.
    await page.getByRole('button', { name: 'Create company' }).waitFor();
    await clean(page, refusals, 'companies');
    await shots(page, 'companies');

    expect(await refusals.take(), 'anything refused late').toEqual([]);
    await page.context().close();
  }, 420_000);

  it('a manager runs the marketing but not the team, billing, developer tools, approval rule or company', async () => {
    const demo = await demoCompany();
    const page = await memberPage(browser(), demo, 'manager');
    const refusals = watchRefusals(page);

    await open(page, '/settings/companies', 'Settings');
    const card = page.locator('section.card', { hasText: 'Role Bakery' });
    await card.getByText(demo.owner.email).waitFor();
    await expectNone(card, 'button', ['Send invite', 'Revoke', 'Remove', 'Delete company'], 'companies');
    expect(await card.getByRole('combobox').count(), 'companies: no role choices').toBe(0);
    await clean(page, refusals, 'companies');

    const tabs = page.getByRole('navigation', { name: 'Settings sections' });
    expect(await tabs.getByRole('link', { name: 'API & webhooks' }).count()).toBe(0);
    expect(await tabs.getByRole('link', { name: 'Demo' }).count()).toBe(0);
    await page.goto('/settings/api');
    await page.waitForURL((u) => u.pathname === '/settings/apps');
    // The apps are the manager's to manage: the demo's Instagram connection can be switched off.
    const instagram = page.getByRole('switch', { name: 'Instagram connected' });
    await instagram.waitFor();
    expect(await instagram.isDisabled()).toBe(false);

    await open(page, '/settings/billing', 'Settings');
    await page.getByRole('heading', { name: 'Plan & Usage' }).waitFor();
    await expectNone(page, 'button', ['Cancel subscription', /^Activate /, 'Manage payment details'], 'billing');
    expect(await page.getByRole('heading', { name: 'Invoices' }).count()).toBe(0);
    await clean(page, refusals, 'billing');

    // Company information is the manager's to change; the approval rule is not.
    await open(page, '/settings/company-info', 'Settings');
    expect(await page.getByLabel('Business name').isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Save changes' }).waitFor();
    expect(await page.getByRole('switch').count(), 'no approvals switch').toBe(0);
    await page.getByText('Only admins can change whether posts need approval.').waitFor();
    await clean(page, refusals, 'company info');

    await open(page, '/calendar', 'Calendar');
    await page.getByText('Create...', { exact: true }).waitFor();
    await page.getByText('Generate...', { exact: true }).waitFor();
    await clean(page, refusals, 'calendar');

    await open(page, '/seo-keywords', 'SEO Keywords');
    await page.getByRole('button', { name: 'Generate Keywords' }).waitFor();
    await clean(page, refusals, 'keywords');
    await page.context().close();
  }, 240_000);
});
