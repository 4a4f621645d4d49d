import { describe, expect, it } from 'vitest';
import {
  addServiceArea,
  addStructuredService,
  canAddFreeform,
  profileFieldOf,
  profileForm,
  profileFormSchema,
  profileUpdate,
} from '../../shared/business-profile';
import type { AttributeMetadata, LocationProfile } from '../../shared/schemas/business-listing';

const metadata: AttributeMetadata[] = [
  {
    parent: 'attributes/has_delivery',
    valueType: 'BOOL',
    displayName: 'Delivery',
    groupDisplayName: 'Service options',
  },
  { parent: 'attributes/url_menu', valueType: 'URL', displayName: 'Menu link', groupDisplayName: 'Links' },
  { parent: 'attributes/wi_fi', valueType: 'ENUM', displayName: 'Wi-Fi' },
];

const bare: LocationProfile = {
  location: { name: 'locations/2', title: 'Deliveries' },
  attributes: { name: 'locations/2/attributes', attributes: [] },
};

/** Spec 02 §5, rule by rule. */
describe('business profile save rules', () => {
  it('sends only days with both times, and no address or categories when none is set', () => {
    const form = profileForm(bare, metadata);
    form.hours.MONDAY = { open: '08:30', close: '17:00' };
    form.hours.TUESDAY = { open: '09:00', close: '' };
    const { location } = profileUpdate(form, 'locations/2');
    expect(location?.regularHours?.periods).toEqual([
      { openDay: 'MONDAY', openTime: { hours: 8, minutes: 30 }, closeDay: 'MONDAY', closeTime: { hours: 17 } },
    ]);
    expect(location).not.toHaveProperty('storefrontAddress');
    expect(location).not.toHaveProperty('categories');
  });

  it('sends the address when street, city, zip or country alone is set; categories with a primary or an additional one', () => {
    for (const field of ['street', 'city', 'zip', 'regionCode'] as const) {
      const form = { ...profileForm(bare, metadata), [field]: 'x' };
      expect(profileUpdate(form, 'locations/2').location, field).toHaveProperty('storefrontAddress');
    }
    const onlyState = { ...profileForm(bare, metadata), administrativeArea: 'London' };
    expect(profileUpdate(onlyState, 'locations/2').location).not.toHaveProperty('storefrontAddress');
    const additional = {
      ...profileForm(bare, metadata),
      additionalCategories: [{ name: 'categories/gcid:cafe', displayName: 'Cafe' }],
    };
    expect(profileUpdate(additional, 'locations/2').location?.categories).toEqual({
      additionalCategories: [{ name: 'categories/gcid:cafe', displayName: 'Cafe' }],
    });
  });

  it('strips places/ from place ids and ignores a service area already chosen', () => {
    const once = addServiceArea([], { text: 'Camden, London, UK', placeId: 'places/ChIJ2d' });
    expect(once).toEqual([{ placeName: 'Camden, London, UK', placeId: 'ChIJ2d' }]);
    expect(addServiceArea(once, { text: 'Camden again', placeId: 'ChIJ2d' })).toBe(once);
    const form = { ...profileForm(bare, metadata), serviceAreas: [{ placeName: 'Soho', placeId: 'places/ChIJvc' }] };
    expect(profileUpdate(form, 'locations/2').location?.serviceArea?.places?.placeInfos).toEqual([
      { placeName: 'Soho', placeId: 'ChIJvc' },
    ]);
  });

  it('ignores an empty or repeated structured service; freeform Add needs name and category', () => {
    expect(addStructuredService(['a'], '')).toEqual(['a']);
    expect(addStructuredService(['a'], 'a')).toEqual(['a']);
    expect(addStructuredService(['a'], 'b')).toEqual(['a', 'b']);
    expect(canAddFreeform({ name: 'Cakes', category: '' })).toBe(false);
    expect(canAddFreeform({ name: ' ', category: 'Bakery' })).toBe(false);
    expect(canAddFreeform({ name: 'Cakes', category: 'Bakery' })).toBe(true);
  });

  it('sends a URL attribute with an empty url as an empty value list, and BOOL attributes with their value', () => {
    const form = profileForm(bare, metadata);
    form.boolAttributes = [{ id: 'attributes/has_delivery', value: true }];
    expect(profileUpdate(form, 'locations/2').attributes?.attributes).toEqual([
      { name: 'attributes/has_delivery', valueType: 'BOOL', values: [true] },
      { name: 'attributes/url_menu', valueType: 'URL', uriValues: [] },
    ]);
  });

  it('leaves a day with one time to the save rule above, and sends a valid form as it is, trimmed', () => {
    const form = profileForm(bare, metadata);
    form.hours.TUESDAY = { open: '09:00', close: '' };
    form.hours.WEDNESDAY = { open: '', close: '12:00' };
    form.websiteUri = '  https://deliveries.example  ';
    const parsed = profileFormSchema.safeParse(form);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({ ...form, websiteUri: 'https://deliveries.example' });
  });

  it("puts the update route's 422 paths on the inputs that edit them: a day by its period, a link by its attribute", () => {
    const form = profileForm(bare, metadata);
    form.hours.TUESDAY = { open: '09:00', close: '' };
    form.hours.WEDNESDAY = { open: '10:00', close: '14:00' };
    form.hours.FRIDAY = { open: '10:00', close: '18:00' };
    form.boolAttributes = [{ id: 'attributes/has_delivery', value: true }];
    const fieldOf = profileFieldOf(form);
    expect(fieldOf('location.profile.description')).toBe('description');
    expect(fieldOf('location.storefrontAddress.addressLines.0')).toBe('street');
    expect(fieldOf('location.storefrontAddress.regionCode')).toBe('regionCode');
    // Period 1 is Friday's: Tuesday, with one time, was not sent.
    expect(fieldOf('location.regularHours.periods.1.closeTime.hours')).toBe('hours.FRIDAY.close');
    expect(fieldOf('location.regularHours.periods.0')).toBe('hours.WEDNESDAY.open');
    expect(fieldOf('attributes.attributes.1.uriValues.0.uri')).toBe('urlAttributes.0.url');
    expect(fieldOf('attributes.attributes.0.values')).toBeUndefined();
    expect(fieldOf('location.serviceItems.0.freeFormServiceItem.category')).toBeUndefined();
    expect(fieldOf('location.regularHours.periods.2')).toBeUndefined();
  });
});
