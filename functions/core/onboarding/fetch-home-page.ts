import { onboardingMessages } from '@shared/schemas/onboarding';
import { TransientError } from '../errors';
import { JobUserError } from '../jobs/job-kind';
import { FetchRefusedError, safeFetch } from '../net';

/** Pages over 3 MB are a problem of their own (spec 02 §9); a home page that large is not read. */
const MAX_PAGE_BYTES = 3 * 1024 * 1024;
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/**
 * The company's home page as HTML, through the safe fetcher. What the user can fix (an address
 * we refuse, a site that is not found, not a page) is a JobUserError with the fetcher's or our
 * sentence; a site that is down or busy for now (5xx, 429) is a TransientError, which the job
 * workflow retries before it gives up with the spec's generic sentence.
 */
export async function fetchHomePage(website: string): Promise<{ url: string; html: string }> {
  try {
    const response = await safeFetch(website, {
      maxBytes: MAX_PAGE_BYTES,
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
    });
    const host = new URL(response.url).host;
    if (response.status === 429 || response.status >= 500) {
      await response.cancel();
      throw new TransientError(`${host} answered ${response.status}`);
    }
    if (response.status >= 400) {
      await response.cancel();
      throw new JobUserError(onboardingMessages.siteError(host, response.status), 'invalid');
    }
    if (response.contentType && !HTML_TYPES.has(response.contentType)) {
      await response.cancel();
      throw new JobUserError(onboardingMessages.notAWebPage, 'invalid');
    }
    return { url: response.url, html: await response.text() };
  } catch (error) {
    if (error instanceof FetchRefusedError) throw new JobUserError(error.message, 'invalid', error.code);
    throw error;
  }
}
