/**
 * The site-audit benchmark (`npm run bench` runs it after the API numbers): a generated site of
 * BENCH_AUDIT_PAGES pages (default 10,000, about 44 KB and 30 links each) served by a process of
 * its own, crawled at concurrency 32 by our audit with every check on (page data streamed to an
 * S3 server in this process), by a bare undici + htmlparser2 loop (links only: the ceiling) and
 * by linkinator 7.6.1 (stopped after BENCH_LINKINATOR_SECONDS, default 30: it would take minutes).
 * Each crawler runs in its own process, so each peak RSS is its own; ours and the bare loop under
 * the heap cap the crawl worker's Lambda gets.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../infra/local/free-port';
import { nodeOptionsFor, SIZING } from '../../infra/aws/constructs/app-function';
import { startS3 } from '../../infra/local/s3';

export interface CrawlerResult {
  which: string;
  pages: number;
  seconds: number;
  peakRssMb: number;
  partial?: boolean;
  stateMb?: number;
  urlsKept?: number;
}

const here = import.meta.dirname;

function child(script: string, args: string[], env: Record<string, string> = {}) {
  // BENCH_PROFILE=<dir> writes a V8 CPU profile of each process there (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : [];
  return spawn(process.execPath, [...profile, '--import', 'tsx', join(here, script), ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/** Runs one crawler to its end, or stops it after `stopAfterS` and reads its last progress line. */
async function runCrawler(
  which: string,
  args: string[],
  env: Record<string, string>,
  stopAfterS?: number,
): Promise<CrawlerResult> {
  const proc = child('audit-crawlers.ts', [which, ...args], env);
  let out = '';
  proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const timer = stopAfterS ? setTimeout(() => proc.kill('SIGKILL'), stopAfterS * 1000) : undefined;
  await new Promise((resolve) => proc.once('exit', resolve));
  clearTimeout(timer);
  const lines = out.split('\n').reverse();
  const result = lines.find((l) => l.startsWith('{'));
  if (result) {
    console.log(result);
    return JSON.parse(result) as CrawlerResult;
  }
  const progress = lines.find((l) => l.startsWith('progress '));
  if (!progress) throw new Error(`${which} printed no result:\n${out}`);
  const [, pagesDone = '0', seconds = '1', rss = '0'] = progress.split(' ');
  return {
    which,
    pages: Number(pagesDone),
    seconds: Number(seconds),
    peakRssMb: Math.round(Number(rss) / 2 ** 20),
    partial: true,
  };
}

/** The bench site in a process of its own, and a local S3 server for the page data; `close` ends both. */
async function benchSite(pages: number) {
  const port = await freePort();
  const site = child('audit-site.ts', [String(port), String(pages)]);
  await new Promise<void>((resolve, reject) => {
    site.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    site.once('exit', (code) => reject(new Error(`the bench site exited with ${code}`)));
  });
  const s3Dir = mkdtempSync(join(tmpdir(), 'audit-bench-s3-'));
  const s3 = await startS3(s3Dir, 0, 'bench-media', ['http://localhost']).catch((error: unknown) => {
    site.kill();
    throw error;
  });
  const origin = `http://127.0.0.1:${port}`;
  const close = async () => {
    site.kill();
    await s3.stop();
    rmSync(s3Dir, { recursive: true, force: true });
  };
  const env = {
    FETCH_ALLOW: `127.0.0.1:${port}`,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    MEDIA_BUCKET: 'bench-media',
    AWS_REGION: 'us-east-1',
  };
  return { origin, env, close };
}

export async function runAuditBench() {
  const pages = Number(process.env.BENCH_AUDIT_PAGES ?? 10_000);
  const linkinatorSeconds = Number(process.env.BENCH_LINKINATOR_SECONDS ?? 30);
  const { origin, env, close } = await benchSite(pages);
  try {
    // Ours and the ceiling under the crawl worker's heap cap, as the crawl runs on Lambda.
    const capped = { ...env, NODE_OPTIONS: nodeOptionsFor(SIZING.worker.memorySize) };
    const audit = await runCrawler('audit', [origin, String(pages)], capped);
    const bare = await runCrawler('bare', [origin, String(pages)], capped);
    const linkinator = await runCrawler('linkinator', [origin, String(pages)], env, linkinatorSeconds);
    const rate = (r: CrawlerResult) => r.pages / r.seconds;
    const rows = [audit, bare, linkinator].map((r) => ({
      crawler:
        { audit: 'our audit (every check)', bare: 'bare undici + htmlparser2', linkinator: 'linkinator 7.6.1' }[
          r.which
        ] ?? r.which,
      'pages/s': Math.round(rate(r)),
      'vs audit': Number((rate(r) / rate(audit)).toFixed(2)),
      'peak RSS MB': r.peakRssMb,
      'recall %': r.partial ? null : Number(((100 * r.pages) / pages).toFixed(2)),
      seconds: Number(r.seconds.toFixed(1)),
    }));
    console.table(rows);
    return { pages, concurrency: 32, rows };
  } finally {
    await close();
  }
}

/**
 * The audit at its largest: maxPages 100,000 (the settings' ceiling) on a generated site ten
 * times that size, so the crawl meets a million URLs and must keep only what it fetches. The
 * saved state and the peak RSS are the figures, against the goals (20 MB, 400 MB).
 */
export async function runAuditScaleBench() {
  const maxPages = Number(process.env.BENCH_AUDIT_SCALE_PAGES ?? 100_000);
  const { origin, env, close } = await benchSite(maxPages * 10);
  try {
    const result = await runCrawler('audit', [origin, String(maxPages * 10), '1800'], {
      ...env,
      BENCH_MAX_PAGES: String(maxPages),
      // The crawl worker's Lambda: its memory, and the heap cap CDK gives it.
      NODE_OPTIONS: nodeOptionsFor(SIZING.worker.memorySize),
    });
    const row = {
      maxPages,
      'site pages': maxPages * 10,
      'pages crawled': result.pages,
      'URLs kept': result.urlsKept,
      'saved state MB': result.stateMb,
      'state goal MB': 20,
      'peak RSS MB': result.peakRssMb,
      'RSS goal MB': 400,
      seconds: Number(result.seconds.toFixed(1)),
    };
    console.table([row]);
    return row;
  } finally {
    await close();
  }
}

if (process.argv[1] === import.meta.filename) await runAuditBench();
