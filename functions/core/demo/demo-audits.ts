import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import { duplexPair } from 'node:stream';
import { encodeTime } from 'ulid';
import { audits } from '../audit/audit-entity';
import { bucketPageSink, saveCrawlState } from '../audit/audit-objects';
import { finishAudit } from '../audit/audit-run';
import { getAuditSettings } from '../audit/audit-settings-store';
import { getAudit } from '../audit/audit-store';
import { crawlBatch } from '../audit/crawl/crawler';
import { CrawlState } from '../audit/crawl/crawl-state';
import type { SafeAgentOptions } from '../net';
import { keys } from '../table/keys';
import { sampleSiteAnswer, type SampleSiteVersion } from './sample-site';

/**
 * A demo's two site audits, a week apart, so its SEO report opens on a finished audit with one
 * to compare: the real crawler, checks and comparison, run over the sample website answered
 * from memory. The crawl's connections are dialled into an HTTP server that listens on no port
 * (the safe agent's `dial`), and its name resolves to a fixed public address (its `lookup`):
 * nothing reaches the network, on AWS as on the embedded runtime, and the address policy runs
 * as for any site.
 */
const DAY_MS = 86_400_000;
/** A public address for the name; never dialled. */
const SAMPLE_ADDRESS = '93.184.215.14';
/** Long enough for the sample site's dozen pages and files at any machine's pace. */
const CRAWL_BUDGET_MS = 60_000;

/** Where a demo's sample audits sit in time, from the demo's creation: a week before, and an hour before. */
const VERSIONS: { version: SampleSiteVersion; before: number; tag: string }[] = [
  { version: 'earlier', before: 7 * DAY_MS, tag: '00000001' },
  { version: 'current', before: 3600_000, tag: '00000002' },
];

/** A ULID of the audit's time whose random part names the sample: the same audit every run. */
const sampleAuditId = (at: number, tag: string) => `${encodeTime(at, 10)}DEM0SAMP${tag}`;

/** Safe-agent options that answer every connection with the sample site, as it was at `version`. */
function sampleSiteAgent(origin: string, version: SampleSiteVersion): SafeAgentOptions {
  const server = createServer((req, res) => {
    const answer = sampleSiteAnswer((req.url ?? '/').split('?')[0] ?? '/', origin, version);
    res.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body);
  });
  return {
    lookup: async () => [{ address: SAMPLE_ADDRESS, family: 4 }],
    dial: (_options, callback) => {
      const [client, side] = duplexPair();
      server.emit('connection', side);
      callback(null, client as unknown as Socket);
    },
  };
}

/**
 * The two audits, each skipped when already finished (a retry after a crash, or a second
 * Refresh), or run again from the start when a crash left it half done.
 */
export async function writeDemoAudits(
  company: { id: number; createdAt: string },
  userId: number,
  website: string,
): Promise<number> {
  let written = 0;
  const settings = await getAuditSettings(company.id);
  for (const { version, before, tag } of VERSIONS) {
    const startedAt = Date.parse(company.createdAt) - before;
    const id = sampleAuditId(startedAt, tag);
    if ((await getAudit(company.id, id))?.status === 'finished') continue;
    await audits.put({
      id,
      companyId: company.id,
      userId,
      website,
      settings,
      status: 'running',
      startedAt: new Date(startedAt).toISOString(),
      progress: { pages: 0, urls: 0, errors: 0, warnings: 0, notices: 0, batches: 0 },
      free: false,
    });
    const state = new CrawlState();
    const agent = sampleSiteAgent(new URL(website).origin, version);
    const deadline = performance.now() + CRAWL_BUDGET_MS;
    for (;;) {
      const outcome = await crawlBatch(state, {
        startUrl: website,
        // Answered from memory: no site to be polite to.
        settings: { ...settings, requestsPerSecond: 0 },
        sink: bucketPageSink(company.id, id, state.counters.chunks),
        deadline,
        agent,
      });
      if (outcome.done || performance.now() > deadline) break;
    }
    await saveCrawlState(company.id, id, JSON.stringify(state));
    await finishAudit(company.id, id, { notify: false });
    // The run took a moment now; the audit it stands for took it then.
    await audits.update(keys.audit(company.id, id), { finishedAt: new Date(startedAt + 90_000).toISOString() });
    written++;
  }
  return written;
}
