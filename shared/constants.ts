/** Business constants and limits from spec 01 §9 and 02 §9. */
export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MIN_LENGTH = 2;
export const RESET_REQUEST_MIN_DELAY_MS = 5000;
export const PAYMENT_SIMULATION_REDIRECT_MS = 5000;
export const TOAST_DURATION_MS = 5000;
export const COMPANY_SELECTOR_MIN_COMPANIES = 2;
export const LRP_POLL_INTERVAL_MS = 3000;
export const QUERY_STALE_TIME_MS = 1000;
export const DEFAULT_LIST_LIMIT = 10;
export const GENERATE_MAX_AHEAD_DAYS = 45;
export const ASYNC_CHUNK_TIMEOUT_MS = 120_000;

/** Cookie names shared by the API and the SPA. */
export const COMPANY_COOKIE = 'COMPANY_ID';
export const SESSION_COOKIE = 'sid';

/** Feature flag names served by GET /api/metadata. */
export const FEATURE_FLAGS = ['GoogleMyBusinessIntegration', 'GoogleSearchConsole', 'LocalBusinessListing'] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
