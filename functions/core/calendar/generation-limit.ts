import { hit, type Limit } from '../accounts/rate-limit';

/**
 * Each generation may write 180 drafts and pay a model for them: starts are counted per company,
 * generous for a marketer trying instructions, tight for a script (429 with the spec's sentence).
 */
export const GENERATION_LIMIT: Limit = { scope: 'calendar-generate-company', max: 10, windowSeconds: 3600 };

export const countGenerationStart = (companyId: number) => hit(GENERATION_LIMIT, String(companyId));
