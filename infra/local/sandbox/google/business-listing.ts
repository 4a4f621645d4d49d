import { json } from '../kit/answers';
import { googleApiError } from '../kit/errors';
import { route, type Call, type Route } from '../kit/router';
import { ATTRIBUTE_METADATA, CATEGORIES, freshListing, SANDBOX_ACCOUNT, type Listing } from './business-fixtures';
import { BUSINESS, bearer, type Grant, type GoogleContext } from './context';
import { attributesListRefusal } from '../platforms/rules';

/**
 * A location's listing as the Business Information API v1 (location get and patch with
 * readMask / updateMask, attributes get and patch with attributeMask, attributes.list,
 * categories list and batchGet) and the Google My Business API v4 (reviews and their reply,
 * media and the customers' media) serve it, checked as Google checks it: masks required, fields
 * outside the mask untouched, a field in the mask but absent from the body cleared, bare place
 * ids, known categories and attributes only.
 */

/** The grant's listing, made from the fixtures on first use. */
export function listingOf(ctx: GoogleContext, grant: Grant): Listing {
  let listing = ctx.listings.get(grant.id);
  if (!listing) {
    listing = freshListing();
    ctx.listings.set(grant.id, listing);
  }
  return listing;
}

/** Only the fields readMask names, as Google answers them. */
export function masked(location: Record<string, unknown>, readMask: string) {
  const fields = readMask.split(',').map((f) => f.trim().split('.')[0] ?? '');
  return Object.fromEntries(Object.entries(location).filter(([k]) => k === 'name' || fields.includes(k)));
}

const invalidArgument = (call: Call, message = 'Request contains an invalid argument.') =>
  googleApiError(call.res, 400, 'INVALID_ARGUMENT', message);
const notFound = (call: Call) => googleApiError(call.res, 404, 'NOT_FOUND', 'Requested entity was not found.');

/** The caller's listing and the location, or undefined once the error is answered. */
function locationOf(ctx: GoogleContext, call: Call, id: string, account = SANDBOX_ACCOUNT) {
  const grant = bearer(ctx, call, BUSINESS);
  if (!grant) return undefined;
  const listing = listingOf(ctx, grant);
  const name = `locations/${id}`;
  const location = listing.locations[name];
  if (!location || account !== SANDBOX_ACCOUNT) {
    notFound(call);
    return undefined;
  }
  return { listing, name, location };
}

async function body(call: Call): Promise<Record<string, unknown> | undefined> {
  try {
    const parsed: unknown = JSON.parse((await call.text()) || '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const UPDATABLE = new Set([
  'title',
  'profile',
  'profile.description',
  'phoneNumbers',
  'phoneNumbers.primaryPhone',
  'storefrontAddress',
  'websiteUri',
  'regularHours',
  'categories',
  'serviceArea',
  'serviceItems',
]);
const DAYS = new Set(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']);

/** What Google refuses in a location's fields; undefined when they are acceptable. */
function refusal(fields: Record<string, unknown>): string | undefined {
  const periods = (fields.regularHours as { periods?: { openDay?: string; closeDay?: string }[] } | undefined)?.periods;
  if (periods?.some((p) => !DAYS.has(p.openDay ?? '') || !DAYS.has(p.closeDay ?? ''))) {
    return 'Invalid value at regular_hours.periods';
  }
  const categories = fields.categories as
    { primaryCategory?: { name?: string }; additionalCategories?: { name?: string }[] } | undefined;
  const named = [categories?.primaryCategory, ...(categories?.additionalCategories ?? [])].filter(Boolean);
  if (named.some((c) => !CATEGORIES.some((k) => k.name === c?.name))) return 'Invalid category';
  const places = (fields.serviceArea as { places?: { placeInfos?: { placeId?: string }[] } } | undefined)?.places
    ?.placeInfos;
  if (places?.some((p) => !p.placeId || p.placeId.startsWith('places/'))) return 'Invalid place id';
  const website = fields.websiteUri;
  if (typeof website === 'string' && website && !/^https?:\/\//.test(website)) return 'Invalid website_uri';
  return undefined;
}

function getLocation(ctx: GoogleContext, call: Call, id: string) {
  const found = locationOf(ctx, call, id);
  if (!found) return;
  const readMask = call.url.searchParams.get('readMask');
  if (!readMask) return invalidArgument(call);
  return json(call.res, 200, masked(found.location, readMask));
}

async function patchLocation(ctx: GoogleContext, call: Call, id: string) {
  const found = locationOf(ctx, call, id);
  if (!found) return;
  const mask = (call.url.searchParams.get('updateMask') ?? '').split(',').filter(Boolean);
  if (!mask.length || mask.some((f) => !UPDATABLE.has(f))) return invalidArgument(call, 'Invalid update_mask.');
  const sent = await body(call);
  if (!sent) return invalidArgument(call, 'Invalid JSON payload received.');
  const problem = refusal(sent);
  if (problem) return invalidArgument(call, problem);
  const location = found.location;
  for (const field of mask) {
    const [top = '', inner] = field.split('.');
    const value = sent[top];
    if (inner) {
      const innerValue = (value as Record<string, unknown> | undefined)?.[inner];
      location[top] = innerValue === undefined ? {} : { ...(location[top] as object), [inner]: innerValue };
    } else if (value === undefined) Reflect.deleteProperty(location, top);
    else location[top] = value;
  }
  found.listing.updates.push({ location: found.name, updateMask: mask, body: sent });
  found.listing.updates.splice(0, found.listing.updates.length - 20);
  ctx.changed();
  return json(call.res, 200, location);
}

function getAttributes(ctx: GoogleContext, call: Call, id: string) {
  const found = locationOf(ctx, call, id);
  if (!found) return;
  const attributes = found.listing.attributes[found.name] ?? [];
  return json(call.res, 200, { name: `${found.name}/attributes`, ...(attributes.length ? { attributes } : {}) });
}

type SentAttribute = { name?: string; valueType?: string; values?: unknown[]; uriValues?: unknown[] };

async function patchAttributes(ctx: GoogleContext, call: Call, id: string) {
  const found = locationOf(ctx, call, id);
  if (!found) return;
  const mask = (call.url.searchParams.get('attributeMask') ?? '').split(',').filter(Boolean);
  const sent = await body(call);
  if (!mask.length || !sent) return invalidArgument(call, 'Invalid attribute_mask.');
  const list = (Array.isArray(sent.attributes) ? sent.attributes : []) as SentAttribute[];
  for (const a of list) {
    const meta = ATTRIBUTE_METADATA.find((m) => m.parent === a.name);
    if (!meta || meta.valueType !== a.valueType) return invalidArgument(call, `Invalid attribute ${a.name ?? ''}`);
  }
  const current = (found.listing.attributes[found.name] ??= []);
  for (const name of mask) {
    const at = current.findIndex((a) => a.name === name);
    if (at >= 0) current.splice(at, 1);
    const next = list.find((a) => a.name === name);
    // An attribute sent without values is unset, as Google documents for an empty list.
    const empty = !next || (!next.values?.length && !next.uriValues?.length && next.valueType !== 'REPEATED_ENUM');
    if (!empty) current.push(next);
  }
  ctx.changed();
  return json(call.res, 200, { name: `${found.name}/attributes`, ...(current.length ? { attributes: current } : {}) });
}

/** attributes.list: for a location (`parent`, without `languageCode`) or a category in a region (rules.ts). */
function availableAttributes(ctx: GoogleContext, call: Call) {
  if (!bearer(ctx, call, BUSINESS)) return;
  const refused = attributesListRefusal(call.url.searchParams);
  if (refused) return invalidArgument(call, refused);
  return json(call.res, 200, { attributeMetadata: ATTRIBUTE_METADATA });
}

const categoryView = (c: (typeof CATEGORIES)[number], view: string | null) =>
  view === 'FULL' ? c : { name: c.name, displayName: c.displayName };

function categories(ctx: GoogleContext, call: Call) {
  if (!bearer(ctx, call, BUSINESS)) return;
  const q = call.url.searchParams;
  if (!q.get('regionCode') || !q.get('languageCode') || !q.get('view')) return invalidArgument(call);
  const filter = (q.get('filter') ?? '').replace(/^displayName=/, '').toLowerCase();
  const list = CATEGORIES.filter((c) => c.displayName.toLowerCase().includes(filter));
  const page = list.slice(0, Math.min(100, Number(q.get('pageSize') ?? 100) || 100));
  return json(call.res, 200, { categories: page.map((c) => categoryView(c, q.get('view'))) });
}

function batchGet(ctx: GoogleContext, call: Call) {
  if (!bearer(ctx, call, BUSINESS)) return;
  const q = call.url.searchParams;
  const names = q.getAll('names');
  if (!names.length || !q.get('languageCode')) return invalidArgument(call);
  const found = CATEGORIES.filter((c) => names.includes(c.name));
  return json(call.res, 200, { categories: found.map((c) => categoryView(c, q.get('view'))) });
}

function reviews(ctx: GoogleContext, call: Call, account: string, id: string) {
  const found = locationOf(ctx, call, id, account);
  if (!found) return;
  const list = found.listing.reviews[found.name] ?? [];
  const stars: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };
  const rated = list.map((r) => stars[String(r.starRating)] ?? 0);
  const counted = rated.filter(Boolean);
  return json(call.res, 200, {
    ...(list.length ? { reviews: list } : {}),
    averageRating: counted.length ? counted.reduce((a, b) => a + b, 0) / counted.length : 0,
    totalReviewCount: list.length,
  });
}

async function reply(ctx: GoogleContext, call: Call, account: string, id: string, reviewId: string) {
  const found = locationOf(ctx, call, id, account);
  if (!found) return;
  const review = (found.listing.reviews[found.name] ?? []).find((r) => r.reviewId === reviewId);
  if (!review) return notFound(call);
  if (call.method === 'DELETE') {
    delete review.reviewReply;
    ctx.changed();
    return json(call.res, 200, {});
  }
  const comment = (await body(call))?.comment;
  if (typeof comment !== 'string' || !comment.trim() || comment.length > 4096) return invalidArgument(call);
  review.reviewReply = { comment, updateTime: new Date().toISOString() };
  ctx.changed();
  return json(call.res, 200, review.reviewReply);
}

function media(ctx: GoogleContext, call: Call, account: string, id: string, customers: boolean) {
  const found = locationOf(ctx, call, id, account);
  if (!found) return;
  const list = (customers ? found.listing.customerMedia : found.listing.media)[found.name] ?? [];
  return json(call.res, 200, { ...(list.length ? { mediaItems: list } : {}), totalMediaItemCount: list.length });
}

/** media.create: Google fetches sourceUrl itself and refuses a file it cannot fetch. */
async function createMedia(ctx: GoogleContext, call: Call, account: string, id: string) {
  const found = locationOf(ctx, call, id, account);
  if (!found) return;
  const sent = await body(call);
  const format = sent?.mediaFormat;
  const sourceUrl = sent?.sourceUrl;
  if ((format !== 'PHOTO' && format !== 'VIDEO') || typeof sourceUrl !== 'string' || !/^https?:\/\//.test(sourceUrl)) {
    return invalidArgument(call);
  }
  const fetched = await fetch(sourceUrl, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
  if (!fetched?.ok) return invalidArgument(call, 'Fetching image failed.');
  await fetched.arrayBuffer();
  const item = {
    name: `${account}/${found.name}/media/AF1QipNew${found.listing.nextMedia++}`,
    mediaFormat: format,
    locationAssociation: sent?.locationAssociation ?? { category: 'ADDITIONAL' },
    googleUrl: sourceUrl,
    thumbnailUrl: sourceUrl,
    sourceUrl,
    createTime: new Date().toISOString(),
    ...(typeof sent?.description === 'string' ? { description: sent.description } : {}),
  };
  (found.listing.media[found.name] ??= []).push(item);
  ctx.changed();
  return json(call.res, 200, item);
}

function deleteMedia(ctx: GoogleContext, call: Call, account: string, id: string, mediaId: string) {
  const found = locationOf(ctx, call, id, account);
  if (!found) return;
  const list = found.listing.media[found.name] ?? [];
  const at = list.findIndex((m) => m.name === `${account}/${found.name}/media/${mediaId}`);
  if (at < 0) return notFound(call);
  list.splice(at, 1);
  ctx.changed();
  return json(call.res, 200, {});
}

const INFO = '/google-business-information/v1';
const V4 = /^\/google-my-business\/v4\/(accounts\/\d+)\/locations\/(\d+)/;
const v4 = (rest: string) => new RegExp(`${V4.source}${rest}$`);

export const listingRoutes = (ctx: GoogleContext): Route<Call>[] => [
  route('GET', `${INFO}/attributes`, (call) => availableAttributes(ctx, call)),
  route('GET', `${INFO}/categories`, (call) => categories(ctx, call)),
  route('GET', `${INFO}/categories:batchGet`, (call) => batchGet(ctx, call)),
  route('GET', /^\/google-business-information\/v1\/locations\/(\d+)$/, (call, [id = '']) =>
    getLocation(ctx, call, id),
  ),
  route('PATCH', /^\/google-business-information\/v1\/locations\/(\d+)$/, (call, [id = '']) =>
    patchLocation(ctx, call, id),
  ),
  route('GET', /^\/google-business-information\/v1\/locations\/(\d+)\/attributes$/, (call, [id = '']) =>
    getAttributes(ctx, call, id),
  ),
  route('PATCH', /^\/google-business-information\/v1\/locations\/(\d+)\/attributes$/, (call, [id = '']) =>
    patchAttributes(ctx, call, id),
  ),
  route('GET', v4('/reviews'), (call, [account = '', id = '']) => reviews(ctx, call, account, id)),
  route('PUT', v4('/reviews/([\\w-]+)/reply'), (call, [account = '', id = '', review = '']) =>
    reply(ctx, call, account, id, review),
  ),
  route('DELETE', v4('/reviews/([\\w-]+)/reply'), (call, [account = '', id = '', review = '']) =>
    reply(ctx, call, account, id, review),
  ),
  route('GET', v4('/media'), (call, [account = '', id = '']) => media(ctx, call, account, id, false)),
  route('GET', v4('/media/customers'), (call, [account = '', id = '']) => media(ctx, call, account, id, true)),
  route('POST', v4('/media'), (call, [account = '', id = '']) => createMedia(ctx, call, account, id)),
  route('DELETE', v4('/media/([\\w-]+)'), (call, [account = '', id = '', mediaId = '']) =>
    deleteMedia(ctx, call, account, id, mediaId),
  ),
];
