import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { openSession } from './browser';
import { connectFacebook, pageApi } from './page-api';
import { DESKTOP, payForPlan, screenshot, signIn, untilLoaded, useBrowser, verifiedAccount } from './support';

/**
 * Approvals and the first comment in Chromium: the owner turns approvals on, writes a Facebook
 * post with a first comment, asks for a review and copies the review link; a reviewer without an
 * account approves through it (and finds it spent when opening it again); the owner publishes
 * the approved post and the post page shows the first comment posted, then, for a post whose
 * first comment Facebook refuses, the post published and the comment's own failure. axe on each
 * page; screenshots at desktop and 390 px.
 */
const PHONE = { width: 390, height: 844 };

async function check(page: Page, name: string) {
  await untilLoaded(page);
  await screenshot(page, `approvals-${name}`, { fullPage: true });
  expect(await axeViolations(page), name).toEqual([]);
}

async function atBothWidths(page: Page, name: string) {
  await check(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await check(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

const copy = (label: string) =>
  `${label}: our rye sourdough is back on Saturday, baked overnight with a long cold proof. Come early! ${Date.now()}`;

async function draft(page: Page, content: string) {
  const [post] = await pageApi<{ id: number }[]>(page, 'POST', '/api/calendar', {
    platforms: ['facebook'],
    content,
    action: 'save',
  });
  return post!.id;
}

async function saveFirstComment(page: Page, text: string) {
  await page.getByLabel('First comment').fill(text);
  const saved = page.waitForResponse((r) => r.url().endsWith('/first-comment') && r.request().method() === 'PUT');
  // The post answers again with its new version before anything else is asked of it; listened
  // for before the click, since the refetch may answer before the save's response is read here.
  const reloaded = page.waitForResponse((r) => r.url().includes('/with-siblings'));
  await page.getByRole('button', { name: 'Save first comment' }).click();
  expect((await saved).status()).toBe(200);
  await reloaded;
  await untilLoaded(page);
}

async function askForReview(page: Page) {
  const asked = page.waitForResponse((r) => r.url().endsWith('/request'));
  await page.getByRole('button', { name: 'Ask for review' }).click();
  const answer = await asked;
  expect(answer.status(), await answer.text()).toBe(200);
}

async function publishNow(page: Page) {
  await page.getByLabel('More actions').click();
  await page.getByRole('button', { name: 'Publish Now' }).click();
  await page.getByText('PUBLISHED', { exact: true }).waitFor({ timeout: 60_000 });
}

describe('approvals and the first comment', () => {
  const browser = useBrowser();

  it('goes round by review link, then publishes the approved post and shows its first comment’s outcome', async () => {
    const owner = await verifiedAccount('Approver');
    const { page, url } = await openSession(browser(), { viewport: DESKTOP });
    page.context().setDefaultTimeout(30_000);
    await signIn(page, url, owner);
    await payForPlan(page);
    const { sandbox } = await connectFacebook(page, 'Pia Publisher');

    await page.goto(url('/settings/company-info'));
    const setting = page.getByRole('switch', { name: 'Posts need approval before they are scheduled' });
    await setting.click();
    await expect.poll(() => setting.isChecked()).toBe(true);
    await check(page, 'setting');

    const postCopy = copy('Approved');
    const id = await draft(page, postCopy);
    await page.goto(url(`/post/${id}`));
    const comment = `Order ahead: ${Date.now()} #sourdough`;
    await saveFirstComment(page, comment);
    await page.getByLabel('A note for the reviewers (optional)').fill('Is the tone right for the market crowd?');
    await askForReview(page);
    await page.getByRole('button', { name: 'Get a review link' }).click();
    const link = await page.getByLabel('Review link (one decision, this post only)').inputValue();
    expect(new URL(link).pathname).toBe(`/review/${id}`);
    await check(page, 'post-in-review');

    // The reviewer: no account, only the link.
    // A reader in the US: dates as the whole app writes them (5 Mar 26, 14:05:09), not the browser's own.
    const reviewer = await openSession(browser(), {
      viewport: DESKTOP,
      locale: 'en-US',
      timezoneId: 'America/New_York',
    });
    await reviewer.page.goto(link);
    await reviewer.page.getByText(postCopy).waitFor();
    await reviewer.page.getByText('Is the tone right for the market crowd?').waitFor();
    const appDate = /^\d{1,2} [A-Z][a-z]{2} \d{2}, \d{2}:\d{2}:\d{2}$/;
    for (const time of await reviewer.page.locator('.review__comments time').allTextContents())
      expect(time).toMatch(appDate);
    const until = await reviewer.page.getByText(/^This link takes one decision, until /).textContent();
    expect(until?.replace(/^This link takes one decision, until (.*)\.$/, '$1')).toMatch(appDate);
    await atBothWidths(reviewer.page, 'review');
    await reviewer.page.getByLabel('Your name (optional)').fill('Carla Client');
    await reviewer.page.getByRole('button', { name: 'Approve' }).click();
    await reviewer.page.getByText('Thank you: the post is approved.').waitFor();
    await check(reviewer.page, 'review-approved');
    await reviewer.page.goto(link);
    await reviewer.page.getByText('This review link was already used. Ask the sender for a new one.').waitFor();
    await check(reviewer.page, 'review-used');
    await reviewer.context.close();

    // The owner publishes the approved post; its first comment follows.
    await page.reload();
    await page.getByText('Carla Client').waitFor();
    await publishNow(page);
    await page.getByText('Posted under the post.').waitFor({ timeout: 60_000 });
    await atBothWidths(page, 'post-published-comment');

    // The calendar's chip says approved.
    await page.goto(url('/calendar'));
    const chip = page.locator('.post-chip.approval--approved', { hasText: postCopy.slice(0, 20) });
    await chip.waitFor();
    await expect.poll(() => chip.textContent()).toContain('approved');

    // A first comment Facebook refuses: the post stays published, the comment says why.
    const refusedCopy = copy('Refused');
    const refusedId = await draft(page, refusedCopy);
    await page.goto(url(`/post/${refusedId}`));
    const refusedComment = `Blocked link ${Date.now()}`;
    await saveFirstComment(page, refusedComment);
    await askForReview(page);
    await page.getByRole('button', { name: 'Get a review link' }).click();
    const second = await page.getByLabel('Review link (one decision, this post only)').inputValue();
    const token = new URL(second).searchParams.get('token');
    const view = await pageApi<{ post: { version: number } }>(
      page,
      'GET',
      `/api/approvals/review/${refusedId}?token=${encodeURIComponent(token ?? '')}`,
    );
    await pageApi(page, 'POST', `/api/approvals/review/${refusedId}`, {
      token,
      decision: 'approved',
      version: view.post.version,
    });
    const failed = await fetch(`${sandbox}/__sandbox/fail-next`, {
      method: 'POST',
      body: JSON.stringify({
        path: '/graph',
        bodyIncludes: refusedComment.split(' ').pop(),
        status: 400,
        body: { error: { message: '(#100) The comment contains a blocked link', type: 'OAuthException', code: 100 } },
      }),
    });
    expect(failed.status).toBe(204);
    await page.reload();
    await page.getByText('Approved', { exact: true }).first().waitFor();
    await publishNow(page);
    await page.getByText(/^The post is published on Facebook, but its first comment was not posted: /).waitFor({
      timeout: 60_000,
    });
    await atBothWidths(page, 'post-comment-failed');
  });
});
