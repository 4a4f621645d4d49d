/**
 * The calendar's month range with 10,000 posts in one company: GET /api/calendar/list/range
 * through the whole stack (HTTP, session and membership checks, the GSI2 Query, parsing every
 * item, the platform rules for the red dot, the reply checked against its contract) beside the
 * raw Query of the same items with the document client. Goal: the API within 2x the raw Query.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import autocannon from 'autocannon';
import type { RuntimeProcess } from '../support/runtime';
import { signedInCookie } from './bench-account';
import { benchDocumentClient, queryAllPages } from './raw-query';
import { timeLoop } from './timing';

const POSTS = 10_000;
const ZONE = 'Europe/Lisbon';
const PLATFORMS = ['facebook', 'instagram', 'threads', 'linkedin'] as const;
const STATUSES = ['draft', 'scheduled', 'published'] as const;

export async function runCalendarBench(runtime: RuntimeProcess, durationSeconds: number) {
  Object.assign(process.env, {
    RUNTIME: 'local',
    TABLE_NAME: runtime.tableName,
    DYNAMODB_ENDPOINT: runtime.dynamoEndpoint,
    LOG_LEVEL: 'silent',
  });
  const { posts } = await import('../../functions/core/posts/post-entity');
  const { dayRange } = await import('../../shared/calendar-time');
  const { companyCollection } = await import('../../functions/core/table/keys');
  const { cookie, companyId } = await signedInCookie(runtime.url);

  const doc = benchDocumentClient(runtime.dynamoEndpoint);
  // 10,000 posts over 12 months from January 2026 (about 830 a month), written straight to the table.
  const start = Date.UTC(2026, 0, 1);
  const span = Date.UTC(2027, 0, 1) - start;
  const items = Array.from({ length: POSTS }, (_, i) => {
    const date = new Date(start + Math.floor((i / POSTS) * span)).toISOString();
    const status = STATUSES[i % STATUSES.length] ?? 'draft';
    return posts.toItem({
      id: 1_000_000 + i,
      companyId,
      groupId: 1_000_000 + i,
      siblingIds: [1_000_000 + i],
      subject: null,
      content: `Post ${i}: our spring menu is here, with asparagus, wild garlic and rhubarb tart. Book a table for Friday evening.`,
      platform: PLATFORMS[i % PLATFORMS.length] ?? 'facebook',
      status,
      scheduledAt: status === 'scheduled' ? date : null,
      publishedAt: status === 'published' ? date : null,
      createdAt: date,
      updatedAt: date,
      date,
      files: [],
      publish: false,
      failure: null,
      externalId: null,
      permalink: null,
      leaseUntil: null,
      approval: null,
      firstComment: null,
      version: 1,
    });
  });
  for (let i = 0; i < items.length; i += 25) {
    await doc.send(
      new BatchWriteCommand({
        RequestItems: { [runtime.tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
      }),
    );
  }

  const month = { from: '2026-03-01', to: '2026-03-31' };
  const path = `/api/calendar/list/range?zone=${encodeURIComponent(ZONE)}&from=${month.from}&to=${month.to}`;
  const api = () =>
    fetch(`${runtime.url}${path}`, { headers: { cookie } }).then(async (r) => {
      if (r.status !== 200) throw new Error(`range answered ${r.status}`);
      return (await r.json()) as unknown[];
    });
  const { start: from, end: to } = dayRange(month.from, month.to, ZONE);
  const raw = () =>
    queryAllPages(doc, {
      TableName: runtime.tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': companyCollection(companyId, 'POST'),
        ':from': from.toISOString(),
        ':to': to.toISOString(),
      },
    });

  const answered = (await api()).length;
  const queried = (await raw()).length;
  if (answered !== queried) throw new Error(`the API answered ${answered} posts, the Query found ${queried}`);
  for (let i = 0; i < 20; i++) await Promise.all([api(), raw()]);

  const apiSerial = await timeLoop(100, api);
  const rawSerial = await timeLoop(100, raw);
  const loaded = await autocannon({
    url: `${runtime.url}${path}`,
    headers: { cookie },
    connections: 4,
    duration: durationSeconds,
  });
  return {
    posts: POSTS,
    monthPosts: answered,
    rows: [
      { what: `GET month range, ${answered} of ${POSTS} posts (HTTP, serial)`, ...apiSerial },
      { what: 'raw GSI2 Query, same items (document client, serial)', ...rawSerial },
      {
        what: 'GET month range (HTTP, 4 connections)',
        ops: loaded.requests.average,
        p50: loaded.latency.p50,
        p99: loaded.latency.p99,
      },
    ],
    apiOverRawP50: apiSerial.p50 / rawSerial.p50,
    errors: loaded.errors,
    non2xx: loaded.non2xx,
  };
}
