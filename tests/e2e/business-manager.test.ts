import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { businessMessages } from '@shared/schemas/business-listing';
import { axeViolations } from './axe';
import { openSession } from './browser';
import { uploadImage } from './page-api';
import {
  DESKTOP,
  confirmDialog,
  screenshot,
  serveFeatureFlags,
  signIn,
  untilLoaded,
  useBrowser,
  verifiedAccount,
} from './support';

/**
 * The business manager in Chromium: 'Not connected' until Google My Business is connected
 * through the sandbox consent; then the second location's hours, a service area found through
 * autocomplete and a freeform service are saved, and the sandbox received exactly the fields spec
 * 02 §5's rules allow (no address, no categories: that location has none); a photo from the media
 * library is added and deleted; on the reviews tab a review is answered, another answered with a
 * generated reply, and a reply deleted; Google failing a reply or a delete shows the spec's sentences.
 * axe finds nothing on either tab, at desktop and at 390 px.
 */

const CAMDEN = 'locations/5500000000000000002';
const SOHO = 'locations/5500000000000000001';

interface Listing {
  locations: Record<string, Record<string, unknown>>;
  reviews: Record<string, { reviewId: string; reviewer: { displayName: string }; reviewReply?: { comment: string } }[]>;
  media: Record<string, { name: string }[]>;
  updates: { location: string; updateMask: string[]; body: Record<string, unknown> }[];
}

async function connectMyBusiness(page: Page, url: (p: string) => string, googleName: string): Promise<string> {
  await page.goto(url('/settings/apps'));
  const row = page.locator('li.connection[data-platform="google-my-business"]');
  await row.getByRole('button', { name: 'Connect Google My Business' }).click();
  await page.getByRole('heading', { name: 'Google sandbox' }).waitFor();
  const sandbox = new URL(page.url()).origin;
  await page.getByLabel('Google account name').fill(googleName);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((u) => u.pathname === '/settings/apps');
  // The connect chose the first account with locations.
  await row.getByText('Sandbox Bakery Group').waitFor();
  return sandbox;
}

const reviewCard = (page: Page, reviewer: string): Locator => page.locator('.bm-reviews > li', { hasText: reviewer });

describe('business manager', () => {
  const browser = useBrowser();

  it('edits the second location, adds and deletes a photo, replies to reviews; axe finds nothing', async () => {
    const account = await verifiedAccount('Lister');
    const { page, url, context } = await openSession(browser(), { viewport: DESKTOP });
    context.setDefaultTimeout(30_000);
    const googleName = `Lister ${randomUUID().slice(0, 8)}`;
    try {
      await signIn(page, url, account);
      await page.goto(url('/business-manager/profile'));
      await page.getByText(businessMessages.notConnected, { exact: true }).waitFor();
      expect(await page.getByRole('link', { name: 'Applications' }).getAttribute('href')).toBe('/settings/apps');

      const sandbox = await connectMyBusiness(page, url, googleName);
      const listing = async () =>
        (await (
          await fetch(`${sandbox}/__sandbox/google/listing?name=${encodeURIComponent(googleName)}`)
        ).json()) as Listing;
      await uploadImage(page, 'storefront.png');

      // The first location is chosen by default; the second is picked from the header.
      await page.getByRole('link', { name: 'Business manager' }).click();
      await page.waitForURL((u) => u.pathname === '/business-manager/profile');
      const title = page.getByLabel('Business name');
      await expect.poll(() => title.inputValue()).toBe('Sandbox Bakery Soho');
      await page.getByLabel('Location').selectOption({ label: 'Sandbox Bakery Camden' });
      await expect.poll(() => title.inputValue()).toBe('Sandbox Bakery Camden');
      const save = page.getByRole('button', { name: 'Save Profile' });
      expect(await save.isDisabled()).toBe(true);
      for (const card of [
        'Contact & Location',
        'Service Area',
        'Business Hours',
        'Services & Products',
        'Business Attributes',
        'Photos & Media',
      ]) {
        await page.getByRole('heading', { name: card, exact: true }).waitFor();
      }
      await untilLoaded(page);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'business-manager-profile', { fullPage: true });

      // Hours: Saturday gets both times; Sunday only an opening time, so it is not sent.
      await page.getByLabel('Saturday opens').fill('09:00');
      await page.getByLabel('Saturday closes').fill('13:30');
      await page.getByLabel('Sunday opens').fill('10:00');
      expect(await save.isDisabled()).toBe(false);

      // A service area through autocomplete; the one already there is not added twice.
      const search = page.getByLabel('Add a service area');
      await search.fill('kentish');
      await page.getByRole('button', { name: 'Kentish Town, London, UK' }).click();
      await search.fill('camden');
      await page.getByRole('button', { name: 'Camden, London, UK', exact: true }).click();
      const areas = page.getByRole('list', { name: 'Service areas' }).getByRole('listitem');
      await expect.poll(() => areas.allTextContents()).toEqual(['Camden, London, UK', 'Kentish Town, London, UK']);

      // A freeform service: Add waits for both name and category.
      const add = page.getByRole('button', { name: 'Add', exact: true });
      await page.getByLabel('Custom service name').fill('Office breakfast boxes');
      expect(await add.isDisabled()).toBe(true);
      await page.getByLabel('Custom service category').fill('Catering');
      await add.click();
      await page.getByRole('list', { name: 'Services' }).getByText('Office breakfast boxes').waitFor();

      await save.click();
      await page.getByText('Profile saved').waitFor();
      await expect.poll(() => save.isDisabled()).toBe(true);

      const update = (await listing()).updates.at(-1)!;
      expect(update.location).toBe(CAMDEN);
      expect(update.updateMask).toEqual([
        'title',
        'profile.description',
        'phoneNumbers.primaryPhone',
        'websiteUri',
        'regularHours',
        'serviceArea',
        'serviceItems',
      ]);
      expect(update.body).not.toHaveProperty('storefrontAddress');
      expect(update.body).not.toHaveProperty('categories');
      const weekday = (day: string, open: number, close: number, minutes?: number) => ({
        openDay: day,
        openTime: { hours: open },
        closeDay: day,
        closeTime: { hours: close, ...(minutes ? { minutes } : {}) },
      });
      expect(update.body.regularHours).toEqual({
        periods: [
          ...['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'].map((d) => weekday(d, 7, 15)),
          weekday('SATURDAY', 9, 13, 30),
        ],
      });
      expect(update.body.serviceArea).toEqual({
        businessType: 'CUSTOMER_LOCATION_ONLY',
        places: {
          placeInfos: [
            { placeName: 'Camden, London, UK', placeId: 'ChIJ2dGMjMMEdkgRqVqkuXQkj7c' },
            { placeName: 'Kentish Town, London, UK', placeId: 'ChIJ-6g8kS8bdkgRO0R4OV1tw9k' },
          ],
        },
      });
      expect(update.body.serviceItems).toEqual([
        { freeFormServiceItem: { category: 'Catering', label: { displayName: 'Office breakfast boxes' } } },
      ]);
      const stored = (await listing()).locations[CAMDEN]!;
      expect(stored).not.toHaveProperty('storefrontAddress');
      expect(stored).not.toHaveProperty('categories');

      // A photo from the media library, then deleted after the spec's question.
      const mine = page.getByRole('region', { name: 'Your photos and videos' }).getByRole('listitem');
      await expect.poll(() => mine.count()).toBe(1);
      await page.getByRole('button', { name: 'Add from media library' }).click();
      const picker = page.getByRole('dialog');
      await picker.getByRole('button', { name: 'storefront.png' }).click();
      await picker.getByRole('button', { name: 'Use 1 file' }).click();
      await expect.poll(() => mine.count()).toBe(2);
      expect((await listing()).media[CAMDEN]).toHaveLength(2);
      await page.getByRole('button', { name: 'Delete Photo', exact: true }).click();
      await confirmDialog(page).getByText(businessMessages.confirmDeleteMedia).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await confirmDialog(page).getByRole('button', { name: 'Delete' }).click();
      await expect.poll(() => mine.count()).toBe(1);
      expect((await listing()).media[CAMDEN]).toHaveLength(1);

      // Reviews: the tab is a route; the storefront's reviews include one without a rating.
      await page.getByRole('link', { name: 'Reviews' }).click();
      await page.waitForURL((u) => u.pathname === '/business-manager/reviews');
      await page
        .getByLabel('Location')
        .selectOption({ label: 'Sandbox Bakery Soho (12 Frith St, W1D 3QF London, GB)' });
      await page.getByRole('heading', { name: 'Reviews', exact: true }).waitFor();
      await reviewCard(page, 'Tom Baker').waitFor();
      await page.getByText(businessMessages.noStarRating).waitFor();
      await untilLoaded(page);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'business-manager-reviews', { fullPage: true });

      // A reply typed by hand: Reply needs text, Generate only while the text is empty.
      const tom = reviewCard(page, 'Tom Baker');
      await tom.getByRole('button', { name: 'Reply' }).click();
      const send = tom.getByRole('button', { name: 'Reply', exact: true });
      expect(await send.isDisabled()).toBe(true);
      expect(await tom.getByRole('button', { name: 'Generate' }).isDisabled()).toBe(false);
      await tom.getByLabel('Your reply').fill('Thanks Tom, we have added a second till for Saturdays.');
      expect(await tom.getByRole('button', { name: 'Generate' }).isDisabled()).toBe(true);
      await send.click();
      await tom.getByText('Thanks Tom, we have added a second till for Saturdays.').waitFor();
      await tom.getByRole('button', { name: 'Edit' }).waitFor();

      // A generated reply: every control waits while the job runs.
      const marek = reviewCard(page, 'Marek Nowak');
      await marek.getByRole('button', { name: 'Reply' }).click();
      await marek.getByRole('button', { name: 'Generate' }).click();
      await expect.poll(() => tom.getByRole('button', { name: 'Edit' }).isDisabled()).toBe(true);
      const draft = marek.getByLabel('Your reply');
      await expect.poll(() => draft.inputValue(), { timeout: 30_000 }).not.toBe('');
      const generated = await draft.inputValue();
      await marek.getByRole('button', { name: 'Reply', exact: true }).click();
      await marek.getByText(generated).waitFor();

      // Deleting a reply: the review is unanswered again.
      const priya = reviewCard(page, 'Priya Shah');
      await priya.getByRole('button', { name: 'Delete' }).click();
      await priya.getByRole('button', { name: 'Reply' }).waitFor();
      expect(await priya.getByText('Your reply').count()).toBe(0);

      // Google failing: the spec's sentences, and the review as it was. Every Google user has the
      // fixture reviews: the failure is for this test's Google user only.
      const failNext = (review: string) =>
        fetch(`${sandbox}/__sandbox/fail-next`, {
          method: 'POST',
          body: JSON.stringify({
            path: `/google-my-business/v4/accounts/110000000000000000002/${SOHO}/reviews/${review}/reply`,
            account: googleName,
            status: 500,
            body: { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } },
          }),
        });
      const jo = reviewCard(page, 'Jo Smith');
      await jo.getByRole('button', { name: 'Reply' }).click();
      await jo.getByLabel('Your reply').fill('Sorry to hear that, Jo.');
      await failNext('AbFvOqsoho1');
      await jo.getByRole('button', { name: 'Reply', exact: true }).click();
      await jo.getByText(businessMessages.updateReplyFailed, { exact: true }).waitFor();
      expect(await jo.getByLabel('Your reply').inputValue()).toBe('Sorry to hear that, Jo.');
      await jo.getByRole('button', { name: 'Cancel' }).click();
      const ana = reviewCard(page, 'Ana Lima');
      await failNext('AbFvOqsoho3');
      await ana.getByRole('button', { name: 'Delete' }).click();
      await ana.getByText(businessMessages.deleteReplyFailed, { exact: true }).waitFor();
      await ana.getByText('Sorry about the coffee, Ana: we have serviced the machine.').waitFor();

      const replies = Object.fromEntries(
        (await listing()).reviews[SOHO]!.map((r) => [r.reviewer.displayName, r.reviewReply?.comment]),
      );
      expect(replies['Tom Baker']).toBe('Thanks Tom, we have added a second till for Saturdays.');
      expect(replies['Marek Nowak']).toBe(generated);
      expect(replies['Priya Shah']).toBeUndefined();
      expect(replies['Jo Smith']).toBeUndefined();
      expect(replies['Ana Lima']).toBe('Sorry about the coffee, Ana: we have serviced the machine.');

      // The phone's width: both tabs still read and pass axe.
      await page.setViewportSize({ width: 390, height: 844 });
      await untilLoaded(page);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'business-manager-reviews-390', { fullPage: true });
      await page.getByRole('link', { name: 'Profile' }).click();
      await page.waitForURL((u) => u.pathname === '/business-manager/profile');
      await page.getByRole('heading', { name: 'Photos & Media' }).waitFor();
      await untilLoaded(page);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'business-manager-profile-390', { fullPage: true });

      // The user takes the app back at Google: the page warns with the spec's sentence.
      await page.setViewportSize(DESKTOP);
      expect(
        (await fetch(`${sandbox}/__sandbox/google/revoke?name=${encodeURIComponent(googleName)}`, { method: 'POST' }))
          .status,
      ).toBe(204);
      await page.reload();
      await page.getByText(businessMessages.disconnected).waitFor();
      await page.getByText(businessMessages.notConnected, { exact: true }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'business-manager-disconnected');
    } finally {
      await context.close();
    }
  });

  it('with GoogleMyBusinessIntegration off there is no menu entry and the page is not offered', async () => {
    const account = await verifiedAccount('Unlisted');
    const { page, url, context } = await openSession(browser(), { viewport: DESKTOP });
    context.setDefaultTimeout(30_000);
    try {
      await serveFeatureFlags(page, { GoogleMyBusinessIntegration: false });
      await signIn(page, url, account);
      await page.getByRole('link', { name: 'Media library' }).waitFor();
      expect(await page.getByRole('link', { name: 'Business manager' }).count()).toBe(0);
      await page.goto(url('/business-manager/reviews'));
      await page.waitForURL((u) => u.pathname === '/');
    } finally {
      await context.close();
    }
  });
  it("keeps the services' names while the categories change; a service Google retired says so and which one", async () => {
    const account = await verifiedAccount('Servicer');
    const { page, url, context } = await openSession(browser(), { viewport: DESKTOP });
    context.setDefaultTimeout(30_000);
    await signIn(page, url, account);
    await connectMyBusiness(page, url, `Servicer ${randomUUID().slice(0, 8)}`);
    await page.goto(url('/business-manager/profile'));
    const services = page.getByRole('list', { name: 'Services' }).getByRole('listitem');
    await expect
      .poll(() => services.allTextContents())
      .toEqual([
        'Custom cakes',
        `${businessMessages.serviceNameFallback} (retired bread classes)`,
        'Sourdough workshop (Bakery)',
      ]);

    // The services a new category offers are looked up while the chips keep the names they have.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    await page.route(/\/service-types\?categories=.*caterer/, async (route) => {
      held = true;
      await released;
      await route.continue();
    });
    await page.getByLabel('Add a category').fill('cater');
    await page.getByRole('list', { name: 'Matching categories' }).getByRole('button', { name: 'Caterer' }).click();
    await expect.poll(() => held).toBe(true);
    expect(await services.first().textContent()).toBe('Custom cakes');
    release();
    await page.getByLabel('Add a service of your categories').locator('option', { hasText: 'Event catering' }).waitFor({
      state: 'attached',
    });
    expect(await services.first().textContent()).toBe('Custom cakes');
    await untilLoaded(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'business-manager-services', { fullPage: true });
  });
});
