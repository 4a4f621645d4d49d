import type { AuditSettings } from '@shared/schemas/audit-settings';
import { memoryPageSink } from '../../functions/core/audit/audit-objects';
import { CrawlState } from '../../functions/core/audit/crawl/crawl-state';
import { crawlBatch } from '../../functions/core/audit/crawl/crawler';
import { analyseCrawl, type AuditAnalysis } from '../../functions/core/audit/report/audit-analysis';
import type { TestSite } from './test-site';

/** One audit of the test site from its home page, pages kept in memory: what it found and the crawl's state. */
export async function auditInMemory(
  site: TestSite,
  settings: AuditSettings,
): Promise<{ analysis: AuditAnalysis; state: CrawlState }> {
  const state = new CrawlState();
  const sink = memoryPageSink();
  await crawlBatch(state, {
    startUrl: site.url('/'),
    settings,
    sink,
    deadline: performance.now() + 60_000,
    agent: { tls: { ca: site.ca } },
  });
  async function* records() {
    yield* sink.records;
  }
  const analysis = await analyseCrawl(state, records(), { startUrl: site.url('/'), maxRedirects: 5 });
  return { analysis, state };
}
