import { businessListingContracts as listing } from '@shared/contracts/business-listing';
import { lrpContracts } from '@shared/contracts/lrp';
import {
  attributeMetadataListSchema,
  businessMessages,
  locationProfileSchema,
  reviewsSchema,
  type LocationUpdate,
  type Review,
} from '@shared/schemas/business-listing';
import { act, screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ProfileTab } from '@/features/business-manager/components/profile-tab';
import { ReviewsTab } from '@/features/business-manager/components/reviews-tab';
import { failure, held, ok, type FakeApi } from '../support/fake-api';
import { signedIn } from '../support/fixtures';
import { renderPage } from '../support/render';

/** The location part of each update sent. */
const sentLocations = (api: FakeApi) =>
  (api.bodies(listing.updateLocation) as LocationUpdate[]).map((body) => body.location);
/** The message an input points at with aria-describedby: the one shown under it. */
const messageUnder = (label: string) => {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};
/** The media library picker is the media feature's slot; these tests add no media. */
const NoPicker = () => null;

const profile = locationProfileSchema.parse({
  location: {
    name: 'locations/123',
    title: 'Rosa Bakery',
    profile: { description: 'Sourdough and pastries since 1990.' },
    phoneNumbers: { primaryPhone: '+351 21 000 0000' },
    websiteUri: 'https://rosa.example',
    regularHours: {
      periods: [{ openDay: 'MONDAY', openTime: { hours: 8 }, closeDay: 'MONDAY', closeTime: { hours: 17 } }],
    },
    categories: { primaryCategory: { name: 'categories/gcid:bakery', displayName: 'Bakery' } },
    serviceArea: {
      businessType: 'CUSTOMER_AND_BUSINESS_LOCATION',
      places: { placeInfos: [{ placeName: 'Lisbon', placeId: 'ChIJlisbon' }] },
    },
    serviceItems: [{ freeFormServiceItem: { category: 'categories/gcid:bakery', label: { displayName: 'Cakes' } } }],
  },
  attributes: {
    name: 'locations/123/attributes',
    attributes: [{ name: 'attributes/url_menu', valueType: 'URL', uriValues: [{ uri: 'https://rosa.example/menu' }] }],
  },
});
const metadata = attributeMetadataListSchema.parse([
  { parent: 'attributes/has_wifi', valueType: 'BOOL', displayName: 'Wi-Fi', groupDisplayName: 'Amenities' },
  { parent: 'attributes/url_menu', valueType: 'URL', displayName: 'Menu link', groupDisplayName: 'Links' },
]);

describe('Business manager > profile', () => {
  const open = (answers?: (api: FakeApi) => void, options: { fakeTimers?: boolean } = {}) =>
    renderPage(<ProfileTab locationName="locations/123" mediaPicker={NoPicker} />, {
      ...options,
      answers: (api) => {
        signedIn(api);
        api
          .on(listing.location, ok(profile))
          .on(listing.availableAttributes, ok(metadata))
          .on(
            listing.serviceTypes,
            ok({ serviceTypes: [{ serviceTypeId: 'job_type_id:bread', displayName: 'Bread' }] }),
          )
          .on(listing.media, ok({ media: [], customersMedia: [] }));
        answers?.(api);
      },
    });
  const saveProfile = () => screen.getByRole('button', { name: 'Save Profile' });

  it("keeps 'Save Profile' disabled until the form changes", async () => {
    const { user } = open();
    // Until the role is known the cards show read-only; the form comes with it.
    expect(await screen.findByRole('button', { name: 'Save Profile' })).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Business name'), '!');
    expect(saveProfile()).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(saveProfile()).toHaveProperty('disabled', true);
  });

  it('adds a custom service only with both a name and a category, and a listed service once', async () => {
    const { user } = open();
    const add = () => screen.getByRole('button', { name: 'Add' });
    await screen.findByRole('button', { name: 'Save Profile' });
    await user.type(screen.getByLabelText('Custom service name'), 'Wedding cakes');
    expect(add()).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Custom service category'), ' ');
    expect(add()).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Custom service category'), 'Cakes');
    expect(add()).toHaveProperty('disabled', false);
    const services = await screen.findByLabelText('Add a service of your categories');
    await within(services).findByRole('option', { name: 'Bread' });
    await user.selectOptions(services, 'job_type_id:bread');
    expect(within(services).getByRole<HTMLOptionElement>('option', { name: 'Bread' }).disabled).toBe(true);
  });

  it('sends only days with both times, no address when none is set, and an emptied URL as no values, holding Save', async () => {
    const answer = held();
    const { user, api } = open((api) =>
      api.on(listing.updateLocation, async () => {
        await answer.promise;
        return failure(400, 'Google refused the change: the phone number is not valid.');
      }),
    );
    await screen.findByRole('button', { name: 'Save Profile' });
    await user.type(screen.getByLabelText('Tuesday opens'), '09:00');
    await user.type(screen.getByLabelText('Wednesday opens'), '10:00');
    await user.type(screen.getByLabelText('Wednesday closes'), '14:30');
    await user.clear(screen.getByLabelText('Menu link'));
    await user.click(screen.getByLabelText('Wi-Fi'));
    await user.click(saveProfile());
    expect(api.bodies(listing.updateLocation)).toEqual([
      {
        location: {
          name: 'locations/123',
          title: 'Rosa Bakery',
          profile: { description: 'Sourdough and pastries since 1990.' },
          phoneNumbers: { primaryPhone: '+351 21 000 0000' },
          websiteUri: 'https://rosa.example',
          regularHours: {
            periods: [
              { openDay: 'MONDAY', openTime: { hours: 8 }, closeDay: 'MONDAY', closeTime: { hours: 17 } },
              {
                openDay: 'WEDNESDAY',
                openTime: { hours: 10 },
                closeDay: 'WEDNESDAY',
                closeTime: { hours: 14, minutes: 30 },
              },
            ],
          },
          categories: {
            primaryCategory: { name: 'categories/gcid:bakery', displayName: 'Bakery' },
            additionalCategories: [],
          },
          serviceArea: {
            businessType: 'CUSTOMER_AND_BUSINESS_LOCATION',
            places: { placeInfos: [{ placeName: 'Lisbon', placeId: 'ChIJlisbon' }] },
          },
          serviceItems: [
            { freeFormServiceItem: { category: 'categories/gcid:bakery', label: { displayName: 'Cakes' } } },
          ],
        },
        attributes: {
          name: 'locations/123/attributes',
          attributes: [
            { name: 'attributes/has_wifi', valueType: 'BOOL', values: [true] },
            { name: 'attributes/url_menu', valueType: 'URL', uriValues: [] },
          ],
        },
      },
    ]);
    expect(saveProfile()).toHaveProperty('disabled', true);
    answer.release();
    expect(await screen.findByText('Google refused the change: the phone number is not valid.')).toBeTruthy();
  });

  it('sends the address once a street, city, zip or country is set', async () => {
    const { user, api } = open((api) => api.on(listing.updateLocation, ok(profile)));
    await screen.findByRole('button', { name: 'Save Profile' });
    await user.type(screen.getByLabelText('City'), 'Lisbon');
    // Google needs an address's country (the form checks it): given in lower case, sent upper-cased.
    await user.type(screen.getByLabelText('Country code'), 'pt');
    await user.click(saveProfile());
    expect(sentLocations(api).map((l) => l?.storefrontAddress)).toEqual([
      { addressLines: [], locality: 'Lisbon', administrativeArea: '', postalCode: '', regionCode: 'PT' },
    ]);
    expect(await screen.findByText('Profile saved')).toBeTruthy();
  });

  it("looks service areas up after 500 ms of quiet, ignores a place already there, and saves a place's bare id", async () => {
    const { user, api } = open(
      (api) =>
        api.on(listing.updateLocation, ok(profile)).on(
          listing.places,
          ok([
            {
              placePrediction: { text: 'Lisbon, Portugal', placeId: 'places/ChIJlisbon', place: 'places/ChIJlisbon' },
            },
            { placePrediction: { text: 'Porto, Portugal', placeId: 'places/ChIJporto', place: 'places/ChIJporto' } },
          ]),
        ),
      { fakeTimers: true },
    );
    await screen.findByRole('button', { name: 'Save Profile' });
    await user.type(screen.getByLabelText('Add a service area'), 'Po');
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(api.sent(listing.places)).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await user.click(await screen.findByRole('button', { name: 'Lisbon, Portugal' }));
    const areas = screen.getByRole('list', { name: 'Service areas' });
    expect(within(areas).getAllByRole('listitem')).toHaveLength(1);
    await user.type(screen.getByLabelText('Add a service area'), 'Po');
    await act(() => vi.advanceTimersByTimeAsync(500));
    await user.click(await screen.findByRole('button', { name: 'Porto, Portugal' }));
    expect(
      within(areas)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Lisbon'), expect.stringContaining('Porto, Portugal')]);
    expect(api.sent(listing.places).map((r) => r.query.get('q'))).toEqual(['Po']);
    await user.click(saveProfile());
    expect(sentLocations(api).map((l) => l?.serviceArea)).toEqual([
      {
        businessType: 'CUSTOMER_AND_BUSINESS_LOCATION',
        places: {
          placeInfos: [
            { placeName: 'Lisbon', placeId: 'ChIJlisbon' },
            { placeName: 'Porto, Portugal', placeId: 'ChIJporto' },
          ],
        },
      },
    ]);
  });

  /** Pasted, not typed: one input event for a long text (a 751-character description). */
  async function replace(user: ReturnType<typeof open>['user'], label: string, text: string) {
    await user.clear(screen.getByLabelText(label));
    if (text) await user.paste(text);
  }

  it('checks the contact fields on submit, word for word, focuses the first failing one and sends nothing', async () => {
    const { user, api } = open((api) => api.on(listing.updateLocation, ok(profile)));
    await screen.findByRole('button', { name: 'Save Profile' });
    await replace(user, 'Business name', '   ');
    await replace(user, 'Website', 'rosa.example');
    await replace(user, 'Description', 'x'.repeat(751));
    await replace(user, 'Street', 'Rua Augusta 10');
    // Checks run on submit only: nothing is said while typing.
    expect(screen.queryAllByRole('alert')).toEqual([]);
    await user.click(saveProfile());
    expect(messageUnder('Business name')).toBe(businessMessages.required);
    expect(messageUnder('Website')).toBe(businessMessages.invalidUrl);
    expect(messageUnder('Description')).toBe('field length cannot be more than 750 symbols');
    expect(messageUnder('Country code')).toBe(businessMessages.required);
    expect(screen.getByLabelText('Business name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Business name'));
    expect(api.sent(listing.updateLocation)).toEqual([]);
  });

  it('wants a two-letter country code, an http(s) website and links, and a day that closes after it opens', async () => {
    const { user, api } = open((api) => api.on(listing.updateLocation, ok(profile)));
    await screen.findByRole('button', { name: 'Save Profile' });
    await replace(user, 'Country code', '1a');
    await replace(user, 'Website', 'ftp://rosa.example');
    await user.type(screen.getByLabelText('Tuesday opens'), '17:00');
    await user.type(screen.getByLabelText('Tuesday closes'), '09:00');
    await user.type(screen.getByLabelText('Thursday opens'), '09:00');
    await user.type(screen.getByLabelText('Thursday closes'), '09:00');
    await replace(user, 'Menu link', 'the menu');
    await user.click(saveProfile());
    expect(messageUnder('Website')).toBe(businessMessages.invalidUrl);
    expect(messageUnder('Country code')).toBe(businessMessages.countryCode);
    expect(messageUnder('Tuesday closes')).toBe(businessMessages.closesBeforeOpening);
    expect(messageUnder('Thursday closes')).toBe(businessMessages.closesBeforeOpening);
    expect(messageUnder('Monday closes')).toBeUndefined();
    expect(messageUnder('Menu link')).toBe(businessMessages.invalidUrl);
    // The first failing field as the page shows it: the website, above the address and the hours.
    expect(document.activeElement).toBe(screen.getByLabelText('Website'));
    expect(api.sent(listing.updateLocation)).toEqual([]);
  });

  it('focuses a failing day or link when the fields above it are fine, and sends once they are fixed', async () => {
    const { user, api } = open((api) => api.on(listing.updateLocation, ok(profile)));
    await screen.findByRole('button', { name: 'Save Profile' });
    await user.type(screen.getByLabelText('Friday opens'), '18:00');
    await user.type(screen.getByLabelText('Friday closes'), '08:00');
    await replace(user, 'Menu link', 'rosa.example/menu');
    await user.click(saveProfile());
    expect(document.activeElement).toBe(screen.getByLabelText('Friday closes'));
    await user.clear(screen.getByLabelText('Friday closes'));
    await user.type(screen.getByLabelText('Friday closes'), '22:00');
    await user.click(saveProfile());
    expect(messageUnder('Friday closes')).toBeUndefined();
    expect(document.activeElement).toBe(screen.getByLabelText('Menu link'));
    expect(api.sent(listing.updateLocation)).toEqual([]);
    // A fix is not checked until the next submit, which then sends.
    await replace(user, 'Menu link', 'https://rosa.example/menu');
    expect(messageUnder('Menu link')).toBe(businessMessages.invalidUrl);
    await user.click(saveProfile());
    // The save's toast is not waited for: an earlier test's may still be showing.
    await vi.waitFor(() => expect(sentLocations(api)).toHaveLength(1));
    expect(messageUnder('Menu link')).toBeUndefined();
    expect(sentLocations(api).map((l) => l?.regularHours?.periods?.at(-1))).toEqual([
      { openDay: 'FRIDAY', openTime: { hours: 18 }, closeDay: 'FRIDAY', closeTime: { hours: 22 } },
    ]);
  });

  it('Discard clears the messages with the changes', async () => {
    const { user } = open();
    await screen.findByRole('button', { name: 'Save Profile' });
    await replace(user, 'Business name', '');
    await user.click(saveProfile());
    expect(messageUnder('Business name')).toBe(businessMessages.required);
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(messageUnder('Business name')).toBeUndefined();
    expect(screen.getByLabelText<HTMLInputElement>('Business name').value).toBe('Rosa Bakery');
  });

  it("puts the route's 422 under the fields it names, and what no field shows in the alert", async () => {
    let answer = failure(422, 'The given data was invalid.', [
      { path: 'location.phoneNumbers.primaryPhone', message: 'field length cannot be more than 40 symbols' },
      { path: 'attributes.attributes.1.uriValues.0.uri', message: businessMessages.invalidUrl },
    ]);
    const { user } = open((api) => api.on(listing.updateLocation, () => answer));
    await screen.findByRole('button', { name: 'Save Profile' });
    await user.click(screen.getByLabelText('Wi-Fi'));
    await user.click(saveProfile());
    expect(await screen.findByText('field length cannot be more than 40 symbols')).toBeTruthy();
    expect(messageUnder('Phone')).toBe('field length cannot be more than 40 symbols');
    expect(messageUnder('Menu link')).toBe(businessMessages.invalidUrl);
    expect(document.activeElement).toBe(screen.getByLabelText('Phone'));
    expect(screen.queryByText('The given data was invalid.')).toBeNull();
    answer = failure(422, 'The given data was invalid.', [
      { path: 'location.serviceItems.0.freeFormServiceItem.category', message: 'Invalid category' },
    ]);
    await user.click(saveProfile());
    expect(await screen.findByText('The given data was invalid.')).toBeTruthy();
    expect(messageUnder('Phone')).toBeUndefined();
  });

  it("shows the location call's failure", async () => {
    open((api) =>
      api.on(listing.location, failure(404, 'This location is not one of your Business Profile locations.')),
    );
    expect(await screen.findByText('This location is not one of your Business Profile locations.')).toBeTruthy();
  });
});

const review = (overrides: Partial<Review>): Review => ({
  id: 'r1',
  comment: 'Best pastel de nata in town.',
  starRating: 5,
  reviewer: { name: 'Joana', anonymous: false },
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});
const reviews = reviewsSchema.parse({
  reviews: [
    review({ id: 'r1' }),
    review({
      id: 'r2',
      reviewer: { name: 'Rui', anonymous: false },
      starRating: 0,
      reviewReply: { comment: 'Thank you, Rui!' },
    }),
  ],
});

describe('Business manager > reviews', () => {
  const open = (answers?: (api: FakeApi) => void) =>
    renderPage(<ReviewsTab locationId="123" />, {
      answers: (api) => {
        signedIn(api);
        api.on(listing.reviews, ok(reviews));
        answers?.(api);
      },
    });
  const card = (name: string) => {
    const item = screen.getByText(name).closest('li');
    if (!item) throw new Error(`no review by ${name}`);
    return within(item);
  };

  it("shows the reviews, 'No Star Rating' for a rating of 0, and Delete only where a reply exists", async () => {
    open();
    expect(screen.getByRole('heading', { name: 'Reviews' })).toBeTruthy();
    await screen.findByText('Joana');
    expect(card('Joana').getByRole('img', { name: '5 out of 5 stars' })).toBeTruthy();
    expect(card('Rui').getByText('No Star Rating')).toBeTruthy();
    expect(card('Joana').queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(card('Rui').getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('needs text to reply, offers Generate only while the text is empty, and Cancel closes', async () => {
    const { user, api } = open();
    await user.click(await screen.findByRole('button', { name: 'Reply' }));
    const joana = card('Joana');
    expect(joana.getByRole('button', { name: 'Reply' })).toHaveProperty('disabled', true);
    expect(joana.getByRole('button', { name: 'Generate' })).toHaveProperty('disabled', false);
    await user.type(joana.getByLabelText('Your reply'), '   ');
    expect(joana.getByRole('button', { name: 'Reply' })).toHaveProperty('disabled', true);
    await user.type(joana.getByLabelText('Your reply'), 'Obrigada!');
    expect(joana.getByRole('button', { name: 'Generate' })).toHaveProperty('disabled', true);
    await user.click(joana.getByRole('button', { name: 'Cancel' }));
    expect(joana.queryByLabelText('Your reply')).toBeNull();
    expect(api.sent(listing.reply)).toEqual([]);
  });

  it('sends the trimmed reply, every control of the tab disabled while it runs', async () => {
    const answer = held();
    const { user, api } = open((api) =>
      api.on(listing.reply, async () => {
        await answer.promise;
        return ok({ comment: 'Obrigada, Joana!' });
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Reply' }));
    await user.type(card('Joana').getByLabelText('Your reply'), '  Obrigada, Joana!  ');
    await user.click(card('Joana').getByRole('button', { name: 'Reply' }));
    expect(api.bodies(listing.reply)).toEqual([{ comment: 'Obrigada, Joana!' }]);
    expect(api.sent(listing.reply)[0]?.path).toBe('/api/business/locations/123/reviews/r1/reply');
    expect(card('Rui').getByRole('button', { name: 'Edit' })).toHaveProperty('disabled', true);
    expect(card('Rui').getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', true);
    expect(card('Joana').getByLabelText('Your reply')).toHaveProperty('disabled', true);
    answer.release();
    // The reply's own form closes once the answer is in; its Reply button was there all along.
    await waitForElementToBeRemoved(() => card('Joana').queryByLabelText('Your reply'));
    expect(card('Joana').getByRole('button', { name: 'Reply' })).toBeTruthy();
  });

  it("says 'Failed to update review reply', 'Failed to delete review reply' and 'Failed to generate review reply'", async () => {
    const { user } = open((api) =>
      api
        .on(listing.reply, failure(500, 'Google did not answer.'))
        .on(listing.deleteReply, failure(500, 'Google did not answer.'))
        .on(listing.generateReply, failure(500, 'Google did not answer.')),
    );
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const rui = card('Rui');
    await user.type(rui.getByLabelText('Edit your reply'), ' Come again!');
    await user.click(rui.getByRole('button', { name: 'Update' }));
    expect(await rui.findByText('Failed to update review reply')).toBeTruthy();
    await user.click(rui.getByRole('button', { name: 'Delete' }));
    expect(await rui.findByText('Failed to delete review reply')).toBeTruthy();
    await user.click(card('Joana').getByRole('button', { name: 'Reply' }));
    await user.click(card('Joana').getByRole('button', { name: 'Generate' }));
    expect(await card('Joana').findByText('Failed to generate review reply')).toBeTruthy();
  });

  it('puts a generated reply in the text, and Delete closes edit mode and clears the text', async () => {
    const { user, api } = open((api) =>
      api
        .on(listing.generateReply, { status: 202 as const, body: { status: 'running' as const, uuid: 'job-reply' } })
        .on(lrpContracts.poll, ok({ reply: 'Thank you for the kind words, Joana!' }))
        .on(listing.deleteReply, { status: 204 as const, body: undefined }),
    );
    await user.click(await screen.findByRole('button', { name: 'Reply' }));
    await user.click(card('Joana').getByRole('button', { name: 'Generate' }));
    expect(await card('Joana').findByDisplayValue('Thank you for the kind words, Joana!')).toBeTruthy();
    await user.click(card('Rui').getByRole('button', { name: 'Edit' }));
    await user.click(card('Rui').getByRole('button', { name: 'Delete' }));
    expect(api.sent(listing.deleteReply).map((r) => r.path)).toEqual(['/api/business/locations/123/reviews/r2/reply']);
    await vi.waitFor(() => expect(card('Rui').queryByLabelText('Edit your reply')).toBeNull());
  });
});
