import { z } from 'zod/mini';
import {
  businessMessages,
  locationText,
  WEEKDAYS,
  type Attribute,
  type AttributeMetadata,
  type BusinessType,
  type Category,
  type LocationProfile,
  type LocationUpdate,
  type TimeOfDay,
  type Weekday,
} from './schemas/business-listing';

/**
 * The business manager's profile form and spec 02 §5's rules for what a save sends: the form is
 * read from a location's Business Information fields, and the update is built from the form.
 * Pure, so the page and the tests apply the same rules.
 */
export interface ServiceArea {
  placeName: string;
  placeId: string;
}
export interface FreeformService {
  name: string;
  category: string;
}
export interface ProfileForm {
  title: string;
  description: string;
  phone: string;
  websiteUri: string;
  street: string;
  city: string;
  administrativeArea: string;
  zip: string;
  regionCode: string;
  businessType: BusinessType | '';
  serviceAreas: ServiceArea[];
  /** 'HH:mm' or '' for each day. */
  hours: Record<Weekday, { open: string; close: string }>;
  category: Category | null;
  additionalCategories: Category[];
  structuredServices: string[];
  freeformServices: FreeformService[];
  boolAttributes: { id: string; value: boolean }[];
  urlAttributes: { id: string; url: string }[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const timeText = (t: TimeOfDay | undefined) => (t ? `${pad(t.hours ?? 0)}:${pad(t.minutes ?? 0)}` : '');
function timeOf(text: string): TimeOfDay {
  const [h = '0', m = '0'] = text.split(':');
  const minutes = Number(m);
  return { hours: Number(h), ...(minutes ? { minutes } : {}) };
}

/** Place ids starting with 'places/' are stripped to the id (the Places API names a place so). */
const barePlaceId = (id: string) => id.replace(/^places\//, '');

export function profileForm({ location, attributes }: LocationProfile, metadata: AttributeMetadata[]): ProfileForm {
  const hours = Object.fromEntries(WEEKDAYS.map((d) => [d, { open: '', close: '' }])) as ProfileForm['hours'];
  for (const p of location.regularHours?.periods ?? []) {
    hours[p.openDay] = { open: timeText(p.openTime), close: timeText(p.closeTime) };
  }
  const address = location.storefrontAddress;
  const set = attributes.attributes;
  return {
    title: location.title ?? '',
    description: location.profile?.description ?? '',
    phone: location.phoneNumbers?.primaryPhone ?? '',
    websiteUri: location.websiteUri ?? '',
    street: address?.addressLines?.join(', ') ?? '',
    city: address?.locality ?? '',
    administrativeArea: address?.administrativeArea ?? '',
    zip: address?.postalCode ?? '',
    regionCode: address?.regionCode ?? '',
    businessType: location.serviceArea?.businessType ?? '',
    serviceAreas: (location.serviceArea?.places?.placeInfos ?? []).map((p) => ({
      placeName: p.placeName ?? p.placeId,
      placeId: p.placeId,
    })),
    hours,
    category: location.categories?.primaryCategory ?? null,
    additionalCategories: location.categories?.additionalCategories ?? [],
    structuredServices: (location.serviceItems ?? []).flatMap((s) =>
      s.structuredServiceItem ? [s.structuredServiceItem.serviceTypeId] : [],
    ),
    freeformServices: (location.serviceItems ?? []).flatMap((s) =>
      s.freeFormServiceItem
        ? [{ name: s.freeFormServiceItem.label.displayName, category: s.freeFormServiceItem.category }]
        : [],
    ),
    // Every BOOL and URL attribute the location may set, with its value or an unset one.
    boolAttributes: metadata
      .filter((m) => m.valueType === 'BOOL')
      .map((m) => ({ id: m.parent, value: set.find((a) => a.name === m.parent)?.values?.[0] === true })),
    urlAttributes: metadata
      .filter((m) => m.valueType === 'URL')
      .map((m) => ({ id: m.parent, url: set.find((a) => a.name === m.parent)?.uriValues?.[0]?.uri ?? '' })),
  };
}

/** The address is sent only if street, city, zip or country is set (spec 02 §5). */
const hasAddress = (form: Pick<ProfileForm, 'street' | 'city' | 'zip' | 'regionCode'>) =>
  [form.street, form.city, form.zip, form.regionCode].some((v) => v.trim());

/** The update route's rule for a field, run on the text as the save sends it (trimmed). */
const trimmed = <S extends z.core.$ZodType<string, string>>(rule: S) =>
  z.pipe(z.string().check(z.overwrite((v) => v.trim())), rule);

/** Fields the form never checks: the cards only offer valid choices for them. */
const chosen = <T>() => z.custom<T>();

const dayHours = z.object({ open: z.string(), close: z.string() }).check(
  z.refine((d) => !d.open || !d.close || d.close > d.open, {
    message: businessMessages.closesBeforeOpening,
    path: ['close'],
  }),
);

/**
 * The profile form's checks on submit (spec 01 §5): the update route's own limits and
 * sentences (locationText), and what Google refuses beyond them: a business without a name, an
 * address without its country's two-letter code, a day that closes before it opens, a link that
 * is not an http(s) address. A day with only one time is not an error: the save leaves it out.
 */
export const profileFormSchema: z.ZodMiniType<ProfileForm, ProfileForm> = z
  .object({
    title: trimmed(locationText.title.check(z.minLength(1, businessMessages.required))),
    description: trimmed(locationText.description),
    phone: trimmed(locationText.phone),
    websiteUri: trimmed(locationText.websiteUri),
    street: trimmed(locationText.addressLine),
    city: trimmed(locationText.locality),
    administrativeArea: trimmed(locationText.administrativeArea),
    zip: trimmed(locationText.postalCode),
    regionCode: z.string(),
    businessType: chosen<ProfileForm['businessType']>(),
    serviceAreas: chosen<ServiceArea[]>(),
    hours: z.record(z.enum(WEEKDAYS), dayHours),
    category: chosen<Category | null>(),
    additionalCategories: chosen<Category[]>(),
    structuredServices: chosen<string[]>(),
    freeformServices: chosen<FreeformService[]>(),
    boolAttributes: chosen<ProfileForm['boolAttributes']>(),
    urlAttributes: z.array(z.object({ id: z.string(), url: trimmed(locationText.uri) })),
  })
  .check(
    z.superRefine((form, ctx) => {
      const code = form.regionCode.trim();
      if (!hasAddress(form) || /^[a-z]{2}$/i.test(code)) return;
      ctx.issues.push({
        code: 'custom',
        input: form.regionCode,
        path: ['regionCode'],
        message: code ? businessMessages.countryCode : businessMessages.required,
      });
    }),
  );

/** A 422 path of the update, after 'location.' → the form field whose input edits it. */
const FIELD_OF: Record<string, keyof ProfileForm> = {
  title: 'title',
  'profile.description': 'description',
  'phoneNumbers.primaryPhone': 'phone',
  websiteUri: 'websiteUri',
  'storefrontAddress.addressLines': 'street',
  'storefrontAddress.locality': 'city',
  'storefrontAddress.administrativeArea': 'administrativeArea',
  'storefrontAddress.postalCode': 'zip',
  'storefrontAddress.regionCode': 'regionCode',
};

/**
 * Where the update route's 422 paths land on `form` (the values that were sent): a text field,
 * a day's hours, a URL attribute; undefined for a part no input edits (a chip list), which the
 * page then shows in its alert.
 */
export const profileFieldOf = (form: ProfileForm) => {
  const days = WEEKDAYS.filter((day) => form.hours[day].open && form.hours[day].close);
  return (path: string): string | undefined => {
    const [root, field = '', part, index] = path.split('.');
    if (root === 'attributes') {
      const url = field === 'attributes' ? Number(part) - form.boolAttributes.length : -1;
      return url >= 0 && url < form.urlAttributes.length ? `urlAttributes.${url}.url` : undefined;
    }
    const day = field === 'regularHours' ? days[Number(index)] : undefined;
    if (day) return `hours.${day}.${path.includes('.close') ? 'close' : 'open'}`;
    return FIELD_OF[field] ?? FIELD_OF[`${field}.${part}`];
  };
};

/** Service area duplicates by placeId are ignored. */
export function addServiceArea(list: ServiceArea[], place: { text: string; placeId: string }): ServiceArea[] {
  const placeId = barePlaceId(place.placeId);
  return list.some((a) => a.placeId === placeId) ? list : [...list, { placeName: place.text, placeId }];
}

/** An empty choice is ignored, and so is one already chosen (the list disables it too). */
export function addStructuredService(list: string[], serviceTypeId: string): string[] {
  return !serviceTypeId || list.includes(serviceTypeId) ? list : [...list, serviceTypeId];
}

/** Freeform Add stays disabled until both name and category are non-empty. */
export const canAddFreeform = (service: FreeformService) => !!service.name.trim() && !!service.category.trim();

/**
 * The save (spec 02 §5): only days with both times; the address only when street, city, zip or
 * country is set; categories only when a primary or additional one is present; bare place ids;
 * a URL attribute with an empty url sends an empty value list.
 */
export function profileUpdate(form: ProfileForm, locationName: string): LocationUpdate {
  const periods = WEEKDAYS.flatMap((day) => {
    const { open, close } = form.hours[day];
    return open && close ? [{ openDay: day, openTime: timeOf(open), closeDay: day, closeTime: timeOf(close) }] : [];
  });
  const hasCategories = !!form.category || form.additionalCategories.length > 0;
  const attributes: Attribute[] = [
    ...form.boolAttributes.map((a) => ({ name: a.id, valueType: 'BOOL' as const, values: [a.value] })),
    ...form.urlAttributes.map((a) => ({
      name: a.id,
      valueType: 'URL' as const,
      uriValues: a.url.trim() ? [{ uri: a.url.trim() }] : [],
    })),
  ];
  return {
    location: {
      name: locationName,
      title: form.title.trim(),
      profile: { description: form.description.trim() },
      phoneNumbers: { primaryPhone: form.phone.trim() },
      websiteUri: form.websiteUri.trim(),
      regularHours: { periods },
      ...(hasAddress(form)
        ? {
            storefrontAddress: {
              addressLines: form.street.trim() ? [form.street.trim()] : [],
              locality: form.city.trim(),
              administrativeArea: form.administrativeArea.trim(),
              postalCode: form.zip.trim(),
              regionCode: form.regionCode.trim().toUpperCase(),
            },
          }
        : {}),
      ...(hasCategories
        ? {
            categories: {
              ...(form.category ? { primaryCategory: form.category } : {}),
              additionalCategories: form.additionalCategories,
            },
          }
        : {}),
      serviceArea: {
        ...(form.businessType ? { businessType: form.businessType } : {}),
        places: {
          placeInfos: form.serviceAreas.map((a) => ({ placeName: a.placeName, placeId: barePlaceId(a.placeId) })),
        },
      },
      serviceItems: [
        ...form.structuredServices.map((serviceTypeId) => ({ structuredServiceItem: { serviceTypeId } })),
        ...form.freeformServices.map((s) => ({
          freeFormServiceItem: { category: s.category.trim(), label: { displayName: s.name.trim() } },
        })),
      ],
    },
    attributes: { name: `${locationName}/attributes`, attributes },
  };
}
