import robotsParser from 'robots-parser';
import { FetchRefusedError, safeFetch, type SafeAgent } from '../../net';

type Robot = ReturnType<typeof robotsParser>;

/** robots.txt is small; anything past 500 KB is ignored, as Google does. */
const ROBOTS_MAX_BYTES = 500 * 1024;

/**
 * robots.txt of one origin: its text, or null when the site has none (or it could not be
 * read: a 4xx means "no rules"; we treat a failure the same rather than stopping the audit).
 */
export async function fetchRobotsTxt(
  origin: string,
  options: { dispatcher: SafeAgent; userAgent: string; timeoutMs: number; headers?: Record<string, string> },
): Promise<string | null> {
  try {
    const response = await safeFetch(`${origin}/robots.txt`, {
      dispatcher: options.dispatcher,
      headers: { 'user-agent': options.userAgent, ...options.headers },
      maxBytes: ROBOTS_MAX_BYTES,
      timeoutMs: options.timeoutMs,
      maxRedirects: 3,
    });
    if (response.status !== 200) {
      await response.cancel();
      return null;
    }
    return await response.text();
  } catch (error) {
    if (error instanceof FetchRefusedError) return null;
    throw error;
  }
}

/** The rules of every origin the crawl has met, parsed once per batch from their saved text. */
export class RobotsRules {
  private readonly parsed = new Map<string, Robot | null>();

  constructor(
    private readonly texts: Record<string, string | null>,
    /** The product token robots.txt groups are matched on (crawl-policy.ts robotsToken). */
    private readonly userAgent: string,
  ) {}

  known(origin: string): boolean {
    return origin in this.texts;
  }

  private robot(origin: string): Robot | null {
    let robot = this.parsed.get(origin);
    if (robot === undefined) {
      const text = this.texts[origin];
      robot = text == null ? null : robotsParser(`${origin}/robots.txt`, text);
      this.parsed.set(origin, robot);
    }
    return robot;
  }

  allowed(url: string, origin: string): boolean {
    return this.robot(origin)?.isAllowed(url, this.userAgent) ?? true;
  }

  /** Seconds between requests the site asks for, if any. */
  crawlDelay(origin: string): number | undefined {
    return this.robot(origin)?.getCrawlDelay(this.userAgent);
  }

  sitemaps(origin: string): string[] {
    return this.robot(origin)?.getSitemaps() ?? [];
  }
}
