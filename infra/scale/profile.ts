/**
 * What one company does on an ordinary day: the usage profile the load and cost model prices and
 * the simulation replays. The request lists are shared by both, so the model counts exactly the
 * calls the simulation makes.
 */
import type { Platform } from '@shared/platform-rules';

export interface UsageProfile {
  /** Sign-ins a day; each is `SIGN_IN_VISIT`: the login and the dashboard it lands on. */
  signIns: number;
  /** Post groups written a day (one POST /api/calendar each), scheduled for later. */
  postGroups: number;
  /** The platforms each group goes to: one post, one schedule and one publish per platform. */
  platforms: Platform[];
  /** Media files uploaded a day (sign, browser PUT, complete). */
  mediaUploads: number;
  /** Bytes of one uploaded file, and of its thumbnail. */
  mediaBytes: number;
  thumbnailBytes: number;
  /** Site audits a day (one a month is 1/30), and the pages each crawls. */
  audits: number;
  auditPages: number;
  /** The daily report collection runs while a report platform is connected. */
  reportCollection: boolean;
  /** Share of a day's posts due in its busiest minute: posts cluster on round hours. */
  peakMinuteShare: number;
  /** Share of a day's sign-ins in its busiest hour (office hours, one region). */
  peakHourSignInShare: number;
}

export const DEFAULT_PROFILE: UsageProfile = {
  signIns: 2,
  postGroups: 2,
  platforms: ['linkedin', 'facebook'],
  mediaUploads: 1,
  mediaBytes: 2_000_000,
  thumbnailBytes: 30_000,
  audits: 1 / 30,
  auditPages: 100,
  reportCollection: true,
  // A tenth of the day's posts at the most popular round hour (09:00 in the companies' zone).
  peakMinuteShare: 0.1,
  peakHourSignInShare: 0.2,
};

/** One API call as the browser makes it; `area` is the Lambda that serves it. */
export interface ApiCall {
  method: 'GET' | 'POST';
  path: string;
  area: string;
}

/** A sign-in: the login, then what the dashboard fetches at once. */
export const SIGN_IN_VISIT: ApiCall[] = [
  { method: 'POST', path: '/api/auth/login', area: 'auth' },
  { method: 'GET', path: '/api/auth/profile', area: 'auth' },
  { method: 'GET', path: '/api/company', area: 'company' },
  { method: 'GET', path: '/api/calendar/latest?limit=10', area: 'calendar' },
  { method: 'GET', path: '/api/calendar/recent?limit=10', area: 'calendar' },
];

/** A media upload's API calls (the browser's PUT goes to S3 between them). */
export const MEDIA_UPLOAD: ApiCall[] = [
  { method: 'POST', path: '/api/media/upload', area: 'media' },
  { method: 'POST', path: '/api/media/complete', area: 'media' },
];

/** A post group: one create, scheduled (the publishes come from its schedules). */
export const POST_GROUP: ApiCall[] = [{ method: 'POST', path: '/api/calendar', area: 'calendar' }];
