import type { IncomingHttpHeaders } from 'node:http';
import type { SocialPlatform } from '@shared/schemas/integrations';
import { platformError, type PlatformError } from './platform-error';
import { retryAfterSeconds, type PlatformFailureAnswer } from './platform-http';

/**
 * Meta's Graph error shape, shared by Facebook, Instagram and Threads:
 * `{error: {message, type, code, error_subcode, fbtrace_id}}`. Code 190 (and the session
 * subcodes) is a dead token; 4, 17, 32 and 613 are rate limits, as is subcode 2207042 (the
 * Instagram publishing limit); 10 and 200-299 are missing permissions.
 */
interface GraphErrorBody {
  error?: { message?: string; type?: string; code?: number; error_subcode?: number };
}

const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80001, 80002, 80004, 80005, 80006, 80008]);
const EXPIRED_SUBCODES = new Set([458, 459, 460, 463, 464, 467, 492]);

/** Minutes until access returns, from X-Business-Use-Case-Usage when Meta sends it. */
function usageWaitSeconds(headers: IncomingHttpHeaders): number | undefined {
  const raw = headers['x-business-use-case-usage'];
  if (typeof raw !== 'string') return undefined;
  try {
    const usage = JSON.parse(raw) as Record<string, { estimated_time_to_regain_access?: number }[]>;
    const minutes = Object.values(usage)
      .flat()
      .map((u) => u.estimated_time_to_regain_access ?? 0);
    const most = Math.max(0, ...minutes);
    return most > 0 ? most * 60 : undefined;
  } catch {
    return undefined;
  }
}

export function classifyGraphError(platform: SocialPlatform, answer: PlatformFailureAnswer): PlatformError {
  const error = (answer.body as GraphErrorBody | undefined)?.error;
  const code = error?.code;
  const subcode = error?.error_subcode;
  const detail = `HTTP ${answer.status} ${error?.type ?? ''} ${code ?? ''}/${subcode ?? ''}: ${error?.message ?? ''}`;
  if (code === 190 || (subcode !== undefined && EXPIRED_SUBCODES.has(subcode)) || code === 102) {
    return platformError.expired(platform, detail);
  }
  if (answer.status === 429 || (code !== undefined && RATE_LIMIT_CODES.has(code)) || subcode === 2207042) {
    const fallback = code === 4 || subcode === 2207042 ? 3600 : 600;
    return platformError.rateLimited(
      platform,
      usageWaitSeconds(answer.headers) ?? retryAfterSeconds(answer.headers, fallback),
      detail,
    );
  }
  if (code === 10 || (code !== undefined && code >= 200 && code <= 299)) {
    const named = /\b([a-z]+(?:_[a-z]+)+)\b/.exec(error?.message ?? '')?.[1];
    return platformError.permission(platform, named ?? 'needed', detail);
  }
  if (answer.status >= 500 || code === 1 || code === 2) return platformError.unavailable(platform, detail);
  return platformError.rejected(platform, detail);
}

/** A Graph list page: `data` and, when there is more, `paging.next` (an absolute URL). */
export interface GraphPage<T> {
  data: T[];
  paging?: { next?: string };
}
