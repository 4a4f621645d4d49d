/**
 * Best times over a company's 10,000 published LinkedIn posts (their figure rows written to the
 * table as the daily collection writes them): GET /api/reports/best-times through the whole stack
 * (HTTP, session, membership and the paid-plan check, one Query of the rows, the weekday × hour
 * pass in the zone, the answer checked against its contract) beside the raw Query of the same rows
 * with the document client. Goal: p50 at most 2x.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { RuntimeProcess } from '../support/runtime';
import { signedInCookie } from './bench-account';
import { benchDocumentClient, queryAllPages } from './raw-query';
import { timeLoop } from './timing';

const POSTS = 10_000;
const ZONE = 'Europe/Berlin';
const HOUR_MS = 3_600_000;

/** The company on the paid plan, through the simulated checkout as the browser pays (best times are behind it). */
async function makePaid(url: string, cookie: string) {
  const headers = { cookie, origin: url, 'content-type': 'application/json' };
  const upgrade = await fetch(`${url}/api/billing/upgrade`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ plan: 'organic', interval: 'month' }),
  });
  const { redirectUrl } = (await upgrade.json()) as { redirectUrl: string };
  const sessionId = new URL(redirectUrl).searchParams.get('session_id');
  await fetch(`${url}/api/billing/simulation/checkout`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ sessionId }),
  });
  for (let i = 0; i < 200; i++) {
    const sub = (await (await fetch(`${url}/api/billing/subscription`, { headers })).json()) as { isPaid: boolean };
    if (sub.isPaid) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the subscription never became paid');
}

export async function runBestTimesBench(runtime: RuntimeProcess) {
  Object.assign(process.env, {
    RUNTIME: 'local',
    TABLE_NAME: runtime.tableName,
    DYNAMODB_ENDPOINT: runtime.dynamoEndpoint,
    LOG_LEVEL: 'silent',
  });
  const { postFigures } = await import('../../functions/core/reports/post-figures-entity');
  const { cookie, companyId } = await signedInCookie(runtime.url, 'best-times');
  await makePaid(runtime.url, cookie);
  const doc = benchDocumentClient(runtime.dynamoEndpoint);
  // One post every 3 hours and 7 minutes going back (so every weekday and hour has some), frozen.
  const now = Date.now();
  const items = Array.from({ length: POSTS }, (_, n) => {
    const publishedAt = new Date(now - 40 * 24 * HOUR_MS - n * (3 * HOUR_MS + 7 * 60_000)).toISOString();
    return postFigures.toItem({
      companyId,
      postId: 500_000_000 + n,
      platform: 'linkedin',
      publishedAt,
      excerpt: `Post ${n}: the bakery's news of the day, as its first words`,
      permalink: `https://www.linkedin.com/feed/update/urn:li:share:${n}`,
      likes: 10 + (n % 37),
      comments: n % 11,
      shares: n % 5,
      impressions: 400 + (n % 300),
      reach: 300 + (n % 200),
      day: 29,
      frozen: true,
    });
  });
  for (let i = 0; i < items.length; i += 25) {
    await doc.send(
      new BatchWriteCommand({
        RequestItems: { [runtime.tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
      }),
    );
  }

  const api = () =>
    fetch(`${runtime.url}/api/reports/best-times?platforms=linkedin&zone=${encodeURIComponent(ZONE)}`, {
      headers: { cookie },
    }).then(async (r) => {
      if (r.status !== 200) throw new Error(`best-times answered ${r.status}`);
      return (await r.json()) as { linkedin: { posts: number; source: string } };
    });
  const raw = () =>
    queryAllPages(doc, {
      TableName: runtime.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `COMPANY#${companyId}`, ':prefix': 'POSTFIG#linkedin#' },
    });

  const answer = await api();
  const queried = (await raw()).length;
  if (answer.linkedin.posts !== POSTS || queried !== POSTS || answer.linkedin.source !== 'own') {
    throw new Error(
      `best times rest on ${answer.linkedin.posts} posts (${answer.linkedin.source}), the Query found ${queried}`,
    );
  }
  for (let i = 0; i < 5; i++) await Promise.all([api(), raw()]);
  const apiSerial = await timeLoop(30, api);
  const rawSerial = await timeLoop(30, raw);
  return {
    posts: POSTS,
    timings: [
      { what: `GET /api/reports/best-times, ${POSTS} LinkedIn posts (HTTP, serial)`, ...apiSerial },
      { what: 'raw Query of the same rows (document client, serial)', ...rawSerial },
    ],
    apiOverRawP50: apiSerial.p50 / rawSerial.p50,
    apiOverRawP99: apiSerial.p99 / rawSerial.p99,
  };
}
