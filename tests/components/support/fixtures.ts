import { metadataContracts } from '@shared/contracts/metadata';
import { sessionContracts } from '@shared/contracts/session';
import { postSchema, type Post } from '@shared/schemas/calendar';
import { companySchema, type Company } from '@shared/schemas/company-record';
import { profileSchema, type Profile } from '@shared/schemas/session';
import { writeCompanyId } from '@/lib/cookies';
import { failure, ok, type FakeApi } from './fake-api';

/** A signed-in user, checked by the profile contract's schema. */
export const profile = (overrides: Partial<Profile> = {}): Profile =>
  profileSchema.parse({
    id: 7,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    subscribed: false,
    ...overrides,
  });

/** A company as GET /api/company lists it, the user (id 7) its admin. */
export const company = (overrides: Partial<Company> = {}): Company =>
  companySchema.parse({
    id: 11,
    name: 'Analytical Engines',
    description: 'We build engines that weave algebraic patterns the way a Jacquard loom weaves flowers and leaves.',
    website: 'https://engines.example',
    customers: 'Mathematicians and weavers',
    goal: 'CUSTOMER_INCREASE',
    why: 'They need faster tables',
    current_revenue: 1000,
    suggested_budget: 200,
    tone: 'Warm',
    voice: 'Plain',
    locations: ['London'],
    onboarded: true,
    demo: false,
    users: [{ id: 7, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', role: 'admin' }],
    invites: [],
    icps: [],
    ...overrides,
  });

/** A post's copy that every social platform's rules accept. */
export const POST_COPY =
  'Fresh sourdough every morning: come by the shop before nine and the first coffee is on us, all week.';

/** A Facebook draft as the post contracts answer it, checked by their schema. */
export const draftPost = (overrides: Partial<Post> = {}): Post =>
  postSchema.parse({
    id: 501,
    groupId: 501,
    subject: null,
    content: POST_COPY,
    platform: 'facebook',
    status: 'draft',
    scheduledAt: null,
    publishedAt: null,
    createdAt: '2026-12-01T09:00:00.000Z',
    updatedAt: '2026-12-01T09:00:00.000Z',
    date: '2026-12-01T09:00:00.000Z',
    files: [],
    publish: false,
    error: null,
    version: 1,
    permalink: null,
    ...overrides,
  });

/** Nobody signed in: the profile check answers 401. */
export const signedOut = (api: FakeApi) => api.on(sessionContracts.profile, failure(401, 'Not signed in'));

/** A signed-in user with one selected company, and the app's metadata (no feature flags on). */
export function signedIn(api: FakeApi, options: { profile?: Profile; companies?: Company[] } = {}) {
  const companies = options.companies ?? [company()];
  const first = companies[0];
  if (first) writeCompanyId(first.id);
  return api
    .on(sessionContracts.profile, ok(options.profile ?? profile()))
    .on(sessionContracts.companies, ok(companies))
    .on(metadataContracts.get, ok({ featureFlags: {} }));
}
