/**
 * What the sandbox Google user's Business Profile holds before they change anything: two
 * locations of 'Sandbox Bakery Group' (a storefront with a full profile, and a delivery-only
 * business whose address and categories were never set), categories with service types,
 * attributes of each value type, reviews of every star rating with and without replies, and
 * photos and videos of the owner and of customers. Shapes are the APIs' own.
 */

export const SANDBOX_ACCOUNT = 'accounts/110000000000000000002';
const SOHO = 'locations/5500000000000000001';
const CAMDEN = 'locations/5500000000000000002';

/** A picture Google would host, drawn inline so the sandbox needs no image host. */
const picture = (label: string, color: string) =>
  `data:image/svg+xml;base64,${Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300"><rect width="400" height="300" fill="${color}"/><text x="200" y="160" font-family="sans-serif" font-size="28" fill="#fff" text-anchor="middle">${label}</text></svg>`,
  ).toString('base64')}`;

const hours = (days: string[], open: number, close: number) =>
  days.map((day) => ({
    openDay: day,
    openTime: { hours: open },
    closeDay: day,
    closeTime: { hours: close },
  }));

export const CATEGORIES = [
  {
    name: 'categories/gcid:bakery',
    displayName: 'Bakery',
    serviceTypes: [
      { serviceTypeId: 'job_type_id:custom_cakes', displayName: 'Custom cakes' },
      { serviceTypeId: 'job_type_id:bread_delivery', displayName: 'Bread delivery' },
      { serviceTypeId: 'job_type_id:wholesale_bread', displayName: 'Wholesale bread' },
    ],
  },
  {
    name: 'categories/gcid:cafe',
    displayName: 'Cafe',
    serviceTypes: [
      { serviceTypeId: 'job_type_id:coffee_to_go', displayName: 'Coffee to go' },
      { serviceTypeId: 'job_type_id:breakfast', displayName: 'Breakfast' },
    ],
  },
  {
    name: 'categories/gcid:caterer',
    displayName: 'Caterer',
    serviceTypes: [{ serviceTypeId: 'job_type_id:event_catering', displayName: 'Event catering' }],
  },
  { name: 'categories/gcid:cake_shop', displayName: 'Cake shop', serviceTypes: [] },
  { name: 'categories/gcid:coffee_shop', displayName: 'Coffee shop', serviceTypes: [] },
  { name: 'categories/gcid:pastry_shop', displayName: 'Pastry shop', serviceTypes: [] },
  { name: 'categories/gcid:wedding_bakery', displayName: 'Wedding bakery', serviceTypes: [] },
  { name: 'categories/gcid:sandwich_shop', displayName: 'Sandwich shop', serviceTypes: [] },
  { name: 'categories/gcid:dessert_shop', displayName: 'Dessert shop', serviceTypes: [] },
  { name: 'categories/gcid:restaurant', displayName: 'Restaurant', serviceTypes: [] },
];

/** Attribute metadata, one or more of each value type (attributes.list). */
export const ATTRIBUTE_METADATA = [
  {
    parent: 'attributes/has_wheelchair_accessible_entrance',
    valueType: 'BOOL',
    displayName: 'Wheelchair accessible entrance',
    groupDisplayName: 'Accessibility',
  },
  { parent: 'attributes/has_restroom', valueType: 'BOOL', displayName: 'Restroom', groupDisplayName: 'Amenities' },
  {
    parent: 'attributes/has_delivery',
    valueType: 'BOOL',
    displayName: 'Delivery',
    groupDisplayName: 'Service options',
  },
  {
    parent: 'attributes/wi_fi',
    valueType: 'ENUM',
    displayName: 'Wi-Fi',
    groupDisplayName: 'Amenities',
    valueMetadata: [
      { value: 'free_wi_fi', displayName: 'Free Wi-Fi' },
      { value: 'paid_wi_fi', displayName: 'Paid Wi-Fi' },
    ],
  },
  {
    parent: 'attributes/pay_credit_card_types_accepted',
    valueType: 'REPEATED_ENUM',
    displayName: 'Credit cards',
    groupDisplayName: 'Payments',
    valueMetadata: [
      { value: 'visa', displayName: 'Visa' },
      { value: 'mastercard', displayName: 'Mastercard' },
      { value: 'american_express', displayName: 'American Express' },
    ],
  },
  { parent: 'attributes/url_menu', valueType: 'URL', displayName: 'Menu link', groupDisplayName: 'Place page URLs' },
  {
    parent: 'attributes/url_order_ahead',
    valueType: 'URL',
    displayName: 'Order ahead links',
    groupDisplayName: 'Place page URLs',
  },
];

/** Place predictions (Places API (New) autocomplete), matched on their text. */
export const PLACES = [
  { placeId: 'ChIJdd4hrwug2EcRmSrV3Vo6llI', text: 'London, UK' },
  { placeId: 'ChIJ3y5M8tYadkgRRy3Yb0GXxxQ', text: 'Camden Town, London, UK' },
  { placeId: 'ChIJ2dGMjMMEdkgRqVqkuXQkj7c', text: 'Camden, London, UK' },
  { placeId: 'ChIJvcDKzdAEdkgRn5ilhSAa8fo', text: 'Soho, London, UK' },
  { placeId: 'ChIJ8-8mPK0EdkgRSo8-Z6IWW2Q', text: 'Islington, London, UK' },
  { placeId: 'ChIJ-6g8kS8bdkgRO0R4OV1tw9k', text: 'Kentish Town, London, UK' },
  { placeId: 'ChIJZ0pZOCMbdkgRdTPhiKgDTHE', text: 'Hampstead, London, UK' },
  { placeId: 'ChIJ5wC2wqYadkgRJ5hXeFSZfaA', text: 'Camden Road, London, UK' },
];

const review = (
  location: string,
  id: string,
  reviewer: { displayName: string; isAnonymous?: boolean },
  starRating: string,
  comment: string | undefined,
  at: string,
  reply?: string,
) => ({
  name: `${SANDBOX_ACCOUNT}/${location}/reviews/${id}`,
  reviewId: id,
  reviewer: { isAnonymous: false, ...reviewer },
  starRating,
  ...(comment ? { comment } : {}),
  createTime: at,
  updateTime: at,
  ...(reply ? { reviewReply: { comment: reply, updateTime: at } } : {}),
});

const media = (location: string, id: string, format: 'PHOTO' | 'VIDEO', label: string, color: string) => ({
  name: `${SANDBOX_ACCOUNT}/${location}/media/${id}`,
  mediaFormat: format,
  locationAssociation: { category: 'ADDITIONAL' },
  googleUrl: picture(label, color),
  thumbnailUrl: picture(label, color),
  createTime: '2024-05-01T09:00:00Z',
  description: label,
});

export function freshListing() {
  return {
    locations: {
      [SOHO]: {
        name: SOHO,
        title: 'Sandbox Bakery Soho',
        profile: { description: 'Sourdough, pastries and celebration cakes baked every morning in Soho.' },
        phoneNumbers: { primaryPhone: '+44 20 7946 0012' },
        storefrontAddress: {
          regionCode: 'GB',
          postalCode: 'W1D 3QF',
          administrativeArea: 'London',
          locality: 'London',
          addressLines: ['12 Frith St'],
        },
        websiteUri: 'https://www.sandbox-bakery.example/soho',
        regularHours: {
          periods: [
            ...hours(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'], 8, 18),
            ...hours(['SATURDAY'], 9, 16),
          ],
        },
        categories: {
          primaryCategory: { name: 'categories/gcid:bakery', displayName: 'Bakery' },
          additionalCategories: [{ name: 'categories/gcid:cafe', displayName: 'Cafe' }],
        },
        serviceArea: {
          businessType: 'CUSTOMER_AND_BUSINESS_LOCATION',
          places: { placeInfos: [{ placeName: 'Soho, London, UK', placeId: 'ChIJvcDKzdAEdkgRn5ilhSAa8fo' }] },
          regionCode: 'GB',
        },
        serviceItems: [
          { structuredServiceItem: { serviceTypeId: 'job_type_id:custom_cakes' } },
          // A service type Google has since retired: the page shows the fallback name.
          { structuredServiceItem: { serviceTypeId: 'job_type_id:retired_bread_classes' } },
          {
            freeFormServiceItem: {
              category: 'categories/gcid:bakery',
              label: { displayName: 'Sourdough workshop', languageCode: 'en' },
            },
          },
        ],
      },
      [CAMDEN]: {
        name: CAMDEN,
        title: 'Sandbox Bakery Camden',
        profile: { description: 'Bread and cakes delivered across Camden from our bakery kitchen.' },
        phoneNumbers: { primaryPhone: '+44 20 7946 0034' },
        websiteUri: 'https://www.sandbox-bakery.example/camden',
        regularHours: { periods: hours(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'], 7, 15) },
        serviceArea: {
          businessType: 'CUSTOMER_LOCATION_ONLY',
          places: { placeInfos: [{ placeName: 'Camden, London, UK', placeId: 'ChIJ2dGMjMMEdkgRqVqkuXQkj7c' }] },
          regionCode: 'GB',
        },
        serviceItems: [],
      },
    } as Record<string, Record<string, unknown>>,
    attributes: {
      [SOHO]: [
        { name: 'attributes/has_wheelchair_accessible_entrance', valueType: 'BOOL', values: [true] },
        { name: 'attributes/has_delivery', valueType: 'BOOL', values: [false] },
        { name: 'attributes/wi_fi', valueType: 'ENUM', values: ['free_wi_fi'] },
        {
          name: 'attributes/pay_credit_card_types_accepted',
          valueType: 'REPEATED_ENUM',
          repeatedEnumValue: { setValues: ['visa', 'mastercard'] },
        },
        {
          name: 'attributes/url_menu',
          valueType: 'URL',
          uriValues: [{ uri: 'https://www.sandbox-bakery.example/menu' }],
        },
      ],
      [CAMDEN]: [
        { name: 'attributes/has_delivery', valueType: 'BOOL', values: [true] },
        {
          name: 'attributes/url_order_ahead',
          valueType: 'URL',
          uriValues: [{ uri: 'https://www.sandbox-bakery.example/order' }],
        },
      ],
    } as Record<string, Record<string, unknown>[]>,
    reviews: {
      [SOHO]: [
        review(
          SOHO,
          'AbFvOqsoho5',
          { displayName: 'Priya Shah' },
          'FIVE',
          'Best croissants in London, and the staff are lovely.',
          '2024-06-10T08:30:00Z',
          'Thank you Priya! See you at the weekend.',
        ),
        review(
          SOHO,
          'AbFvOqsoho4',
          { displayName: 'Tom Baker' },
          'FOUR',
          'Great bread, a bit of a queue on Saturdays.',
          '2024-06-08T10:00:00Z',
        ),
        review(
          SOHO,
          'AbFvOqsoho3',
          { displayName: 'Ana Lima' },
          'THREE',
          'Nice cakes but the coffee was lukewarm.',
          '2024-06-05T15:20:00Z',
          'Sorry about the coffee, Ana: we have serviced the machine.',
        ),
        review(
          SOHO,
          'AbFvOqsoho2',
          { displayName: 'Marek Nowak' },
          'TWO',
          'My order was late for a birthday.',
          '2024-06-01T12:00:00Z',
        ),
        review(SOHO, 'AbFvOqsoho1', { displayName: 'Jo Smith' }, 'ONE', undefined, '2024-05-28T17:45:00Z'),
        review(
          SOHO,
          'AbFvOqsoho0',
          { displayName: 'A Google user', isAnonymous: true },
          'STAR_RATING_UNSPECIFIED',
          'Popped in for a loaf.',
          '2024-05-20T09:10:00Z',
        ),
      ],
      [CAMDEN]: [
        review(
          CAMDEN,
          'AbFvOqcamd3',
          { displayName: 'Lena Park' },
          'FIVE',
          'Delivery on time and the sourdough was still warm.',
          '2024-06-09T07:50:00Z',
          'Thank you Lena, enjoy!',
        ),
        review(
          CAMDEN,
          'AbFvOqcamd2',
          { displayName: 'Sam Green' },
          'FOUR',
          'Lovely cakes, the box was a little squashed.',
          '2024-06-04T13:15:00Z',
        ),
        review(
          CAMDEN,
          'AbFvOqcamd1',
          { displayName: 'A Google user', isAnonymous: true },
          'ONE',
          'Never arrived.',
          '2024-05-30T18:05:00Z',
        ),
      ],
    } as Record<string, Record<string, unknown>[]>,
    media: {
      [SOHO]: [
        media(SOHO, 'AF1QipSoho1', 'PHOTO', 'Shop front', '#8d5a3b'),
        media(SOHO, 'AF1QipSoho2', 'PHOTO', 'Croissants', '#c98b2f'),
        media(SOHO, 'AF1QipSoho3', 'VIDEO', 'Morning bake', '#5b4636'),
      ],
      [CAMDEN]: [media(CAMDEN, 'AF1QipCamd1', 'PHOTO', 'Delivery van', '#3f6e5a')],
    } as Record<string, Record<string, unknown>[]>,
    customerMedia: {
      [SOHO]: [
        media(SOHO, 'AF1QipCust1', 'PHOTO', 'Birthday cake', '#a0446e'),
        media(SOHO, 'AF1QipCust2', 'VIDEO', 'Queue on Saturday', '#44608a'),
      ],
      [CAMDEN]: [media(CAMDEN, 'AF1QipCust3', 'PHOTO', 'Sourdough loaf', '#7a6a3c')],
    } as Record<string, Record<string, unknown>[]>,
    /** Every locations.patch received, with its update mask (for tests and the dev page). */
    updates: [] as { location: string; updateMask: string[]; body: Record<string, unknown> }[],
    nextMedia: 1,
  };
}
export type Listing = ReturnType<typeof freshListing>;
