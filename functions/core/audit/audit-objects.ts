import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { config } from '../config';
import { companyObjectPrefix } from '../storage/company-objects';
import { isMissingObject, s3 } from '../storage/s3';
import type { IssueHistory } from './checks/audit-history';
import type { PageRecord, PageSink } from './crawl/page-record';

/**
 * An audit's objects in the media bucket, under the company's prefix (so the company cascade
 * removes them): `audits/<id>/state.json` (the crawl cursor between batches),
 * `pages/NNNNNN.ndjson` (page data, streamed in chunks) and `issues/<check>.json` (the URLs
 * each check flagged, for the report's page lists and the next audit's comparison).
 */
export const auditPrefix = (companyId: number, auditId: string) =>
  `${companyObjectPrefix(companyId)}audits/${auditId}/`;

const chunkName = (n: number) => `pages/${String(n).padStart(6, '0')}.ndjson`;

async function put(key: string, body: string, contentType: string) {
  await s3().send(new PutObjectCommand({ Bucket: config.mediaBucket, Key: key, Body: body, ContentType: contentType }));
}

async function get(key: string): Promise<string | undefined> {
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: config.mediaBucket, Key: key }));
    return await out.Body?.transformToString('utf8');
  } catch (error) {
    if (isMissingObject(error)) return undefined;
    throw error;
  }
}

export const saveCrawlState = (companyId: number, auditId: string, json: string) =>
  put(`${auditPrefix(companyId, auditId)}state.json`, json, 'application/json');
export const loadCrawlState = (companyId: number, auditId: string) =>
  get(`${auditPrefix(companyId, auditId)}state.json`);

/** One check's issues in an audit: the URLs with what is behind each (new ones marked), and the URLs fixed. */
export const saveIssues = (companyId: number, auditId: string, check: string, issues: IssueHistory) =>
  put(`${auditPrefix(companyId, auditId)}issues/${check}.json`, JSON.stringify(issues), 'application/json');

/** An audit's issues of one check (a list of URLs, as audits stored them before, reads as entries). */
export async function loadIssues(companyId: number, auditId: string, check: string): Promise<IssueHistory> {
  const text = await get(`${auditPrefix(companyId, auditId)}issues/${check}.json`);
  if (!text) return { entries: [], fixed: [] };
  const stored = JSON.parse(text) as IssueHistory | string[];
  return Array.isArray(stored) ? { entries: stored.map((url) => ({ url })), fixed: [] } : stored;
}

export async function loadIssueUrls(companyId: number, auditId: string, check: string): Promise<string[]> {
  return (await loadIssues(companyId, auditId, check)).entries.map((entry) => entry.url);
}

export type AuditViewName = 'pages' | 'links' | 'resources';
export interface AuditView<Row> {
  rows: Row[];
  truncated: boolean;
}

/** One list of the audit's views (audit-views.ts), written once when it finishes. */
export const saveAuditView = <Row>(companyId: number, auditId: string, name: AuditViewName, view: AuditView<Row>) =>
  put(`${auditPrefix(companyId, auditId)}views/${name}.json`, JSON.stringify(view), 'application/json');

/** A list of the audit's views; an audit that finished before they were written has empty ones. */
export async function loadAuditView<Row>(
  companyId: number,
  auditId: string,
  name: AuditViewName,
): Promise<AuditView<Row>> {
  const text = await get(`${auditPrefix(companyId, auditId)}views/${name}.json`);
  return text ? (JSON.parse(text) as AuditView<Row>) : { rows: [], truncated: false };
}

/** A stored object's lines as they arrive, never the whole object as one string (nothing when missing). */
async function* objectLines(key: string): AsyncGenerator<string> {
  let body: AsyncIterable<Uint8Array>;
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: config.mediaBucket, Key: key }));
    if (!out.Body) return;
    body = out.Body as AsyncIterable<Uint8Array>;
  } catch (error) {
    if (isMissingObject(error)) return;
    throw error;
  }
  const decoder = new TextDecoder();
  let rest = '';
  for await (const bytes of body) {
    const lines = (rest + decoder.decode(bytes, { stream: true })).split('\n');
    rest = lines.pop() ?? '';
    yield* lines;
  }
  rest += decoder.decode();
  if (rest) yield rest;
}

/** The page records of an audit, line by line as each chunk streams in. */
export async function* readPageRecords(companyId: number, auditId: string, chunks: number): AsyncGenerator<PageRecord> {
  for (let n = 0; n < chunks; n++) {
    for await (const line of objectLines(`${auditPrefix(companyId, auditId)}${chunkName(n)}`))
      if (line) yield JSON.parse(line) as PageRecord;
  }
}

/** Chunks of this many bytes of NDJSON: few enough PUTs, small enough to read back one at a time. */
const CHUNK_BYTES = 1024 * 1024;
/** At most this many chunk uploads in flight; the crawl waits for a slot, so memory stays bounded. */
const MAX_UPLOADS = 2;

/**
 * Streams page records to the bucket in NDJSON chunks, uploading in the background while the
 * crawl goes on. Chunk numbers continue from the previous batch's.
 */
export function bucketPageSink(companyId: number, auditId: string, firstChunk: number): PageSink {
  let lines: string[] = [];
  let bytes = 0;
  let next = firstChunk;
  const uploads = new Set<Promise<void>>();
  let failure: unknown;

  const upload = () => {
    if (!lines.length) return;
    const body = lines.join('\n') + '\n';
    const key = `${auditPrefix(companyId, auditId)}${chunkName(next++)}`;
    lines = [];
    bytes = 0;
    const done: Promise<void> = put(key, body, 'application/x-ndjson')
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => uploads.delete(done));
    uploads.add(done);
  };

  return {
    add(record) {
      const line = JSON.stringify(record);
      lines.push(line);
      bytes += line.length + 1;
      if (bytes < CHUNK_BYTES) return;
      if (uploads.size < MAX_UPLOADS) {
        upload();
        return;
      }
      // Backpressure: the caller waits for an upload slot, so unsent pages never pile up.
      return Promise.race([...uploads]).then(() => upload());
    },
    async flush() {
      upload();
      while (uploads.size) await Promise.all([...uploads]);
      if (failure) throw failure instanceof Error ? failure : new Error('A page chunk upload failed.');
      return next;
    },
  };
}

/** A sink that keeps records in memory: tests read what the crawler wrote. */
export function memoryPageSink(): PageSink & { records: PageRecord[] } {
  const records: PageRecord[] = [];
  return {
    records,
    add: (record) => {
      records.push(record);
    },
    flush: () => Promise.resolve(records.length ? 1 : 0),
  };
}
