import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchMessages } from '../../functions/core/net';
import { calendarMessages } from '@shared/schemas/calendar';
import { IMPORT_TEMPLATE, importMessages } from '@shared/schemas/post-import';
import { ruleMessages } from '@shared/platform-rules';
import { signedInUser, type TestClient } from '../support/api-client';
import { serveSite, type LoopbackSite } from '../support/loopback-site';
import { COPY } from './calendar-support';
import { makePaid } from '../support/billing';

/**
 * The posts' CSV import as a user and as an attacker, over HTTP against the suite's runtime:
 * every row checked before anything exists, all or nothing, media through the safe fetcher.
 */
const ZONE = 'Europe/Lisbon';
const HEADER = 'platforms,copy,title,media_urls,date,time';

/** A local day `n` days from now, in the import's zone. */
const dayAhead = (n: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + n * 86_400_000),
  );

const csvOf = (rows: string[]) => [HEADER, ...rows].join('\r\n');
const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;
/** A row with distinct copy, so no row repeats another. */
const goodRow = (i: number, platforms = 'facebook;linkedin') =>
  `${platforms},${quoted(`${COPY} Offer ${i}: ask for table ${i}.`)},,,${dayAhead(2 + (i % 20))},${String(8 + (i % 10)).padStart(2, '0')}:15`;

async function settle(client: TestClient, uuid: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get(`/api/lrp/${uuid}`);
    if (res.status !== 202) return res;
    if (Date.now() > until) throw new Error(`job ${uuid} still running after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const allPosts = async (client: TestClient) =>
  (await client.get('/api/calendar/list')).body as { id: number; status: string }[];

let site: LoopbackSite;
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c53' } })
    .png()
    .toBuffer();
  site = await serveSite((req, res) => {
    if (req.url?.startsWith('/photo')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(png);
    } else {
      res.writeHead(404).end();
    }
  });
});
afterAll(() => site.close());

describe('CSV import: checked whole before anything is created', () => {
  it('a file of 50 rows with 3 bad rows is refused with the three reasons, and nothing is created', async () => {
    const owner = await signedInUser('import-50');
    await makePaid(owner.client);
    const rows = Array.from({ length: 50 }, (_, i) => goodRow(i + 1));
    rows[9] = `facebook,${quoted('Too short to post.')},,,${dayAhead(3)},10:00`;
    rows[24] = `myspace,${quoted(`${COPY} Row 25.`)},,,${dayAhead(3)},10:00`;
    rows[41] = `linkedin,${quoted(`${COPY} Row 42.`)},,,2020-01-01,10:00`;
    const body = { csv: csvOf(rows), zone: ZONE, action: 'schedule' };

    const check = await owner.client.post('/api/imports/check', body);
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.valid).toBe(false);
    expect(check.body.rows).toHaveLength(50);
    const bad = (check.body.rows as { row: number; errors: string[] }[]).filter((r) => r.errors.length);
    expect(bad.map((r) => r.row)).toEqual([10, 25, 42]);
    expect(bad[0]?.errors).toEqual([`Facebook: ${ruleMessages.copyTooShort(80)}`]);
    expect(bad[1]?.errors).toEqual([importMessages.unknownPlatform('myspace')]);
    expect(bad[2]?.errors).toEqual([calendarMessages.scheduleInPast]);

    const start = await owner.client.post('/api/imports', body);
    expect(start.status).toBe(422);
    expect(start.body.message).toBe(importMessages.rowsInvalid(3));
    expect(start.body.errors).toEqual([
      { path: 'rows.10', message: `Row 10: Facebook: ${ruleMessages.copyTooShort(80)}` },
      { path: 'rows.25', message: `Row 25: ${importMessages.unknownPlatform('myspace')}` },
      { path: 'rows.42', message: `Row 42: ${calendarMessages.scheduleInPast}` },
    ]);
    expect(await allPosts(owner.client)).toEqual([]);
    expect((await owner.client.get('/api/imports')).body).toEqual([]);
  });

  it('47 good rows (one with two photos fetched from its URLs) import as 93 scheduled posts; the file again is refused; undo removes them', async () => {
    const owner = await signedInUser('import-ok');
    await makePaid(owner.client);
    const rows = Array.from({ length: 47 }, (_, i) => goodRow(i + 1));
    rows[0] = `instagram,${quoted(`${COPY} With a photo.`)},,${site.origin}/photo-1.png ${site.origin}/photo-2.png,${dayAhead(4)},09:30`;
    const body = { csv: csvOf(rows), zone: ZONE, action: 'schedule' };
    const start = await owner.client.post('/api/imports', body);
    expect(start.status, JSON.stringify(start.body)).toBe(202);
    const done = await settle(owner.client, start.body.uuid as string);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.posts).toBe(93);

    const posts = (await allPosts(owner.client)) as {
      id: number;
      status: string;
      platform: string;
      files: number[];
      scheduledAt: string;
    }[];
    expect(posts).toHaveLength(93);
    expect(posts.every((p) => p.status === 'scheduled')).toBe(true);
    const withPhotos = posts.find((p) => p.platform === 'instagram');
    expect(withPhotos?.files).toHaveLength(2);
    // 09:30 in Lisbon on that day, whatever the offset then.
    expect(new Date(withPhotos?.scheduledAt ?? '').toLocaleTimeString('en-GB', { timeZone: ZONE })).toBe('09:30:00');
    const library = (await owner.client.get('/api/content/files')).body as { id: number; isUsed: boolean }[];
    expect(library.filter((f) => f.isUsed)).toHaveLength(2);

    const again = await owner.client.post('/api/imports', body);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(importMessages.alreadyImported);

    const [summary] = (await owner.client.get('/api/imports')).body as { id: string; status: string; posts: number }[];
    expect(summary).toMatchObject({ status: 'imported', posts: 93 });
    const undo = await owner.client.delete(`/api/imports/${summary?.id}`);
    expect(undo.status).toBe(200);
    expect(undo.body).toEqual({ deleted: 93, kept: 0 });
    expect(await allPosts(owner.client)).toEqual([]);
  });

  it('drafts need no paid plan; scheduling does (402)', async () => {
    const owner = await signedInUser('import-free');
    const csv = csvOf([goodRow(1)]);
    const scheduled = await owner.client.post('/api/imports/check', { csv, zone: ZONE, action: 'schedule' });
    expect(scheduled.status).toBe(402);
    const drafts = await owner.client.post('/api/imports', { csv, zone: ZONE, action: 'save' });
    expect(drafts.status).toBe(202);
    expect((await settle(owner.client, drafts.body.uuid as string)).status).toBe(200);
    const posts = await allPosts(owner.client);
    expect(posts.map((p) => p.status)).toEqual(['draft', 'draft']);
  });

  it('a title on a social row is left out, with a warning', async () => {
    const owner = await signedInUser('import-title');
    const check = await owner.client.post('/api/imports/check', {
      csv: csvOf([`threads,${quoted(COPY)},A title nobody will see,,${dayAhead(3)},10:00`]),
      zone: ZONE,
      action: 'save',
    });
    expect(check.body.rows[0]).toMatchObject({ errors: [], warnings: [importMessages.titleIgnored] });
  });

  it('the downloadable template is a valid file', async () => {
    const owner = await signedInUser('import-template');
    const check = await owner.client.post('/api/imports/check', { csv: IMPORT_TEMPLATE, zone: ZONE, action: 'save' });
    expect(check.status).toBe(200);
    expect(check.body.rows.map((r: { errors: string[] }) => r.errors)).toEqual([[], []]);
  });

  it('a file that is not a posts CSV is refused as a whole', async () => {
    const owner = await signedInUser('import-file');
    const post = (csv: string) => owner.client.post('/api/imports/check', { csv, zone: ZONE, action: 'save' });
    expect((await post('name,email\r\nAnn,ann@example.com')).body.message).toBe(importMessages.columns);
    expect((await post(HEADER)).body.message).toBe(importMessages.empty);
    const open = await post(`${HEADER}\r\nfacebook,"never closed,,,,`);
    expect(open.status).toBe(422);
    expect(open.body.message).toMatch(/could not be read as CSV/);
    const tooBig = await post('x'.repeat(200_001));
    expect(tooBig.status).toBe(422);
  });
});

describe('CSV import: media addresses go through the safe fetcher', () => {
  it('a media URL inside our network is refused in the report (cloud metadata, private and loopback literals)', async () => {
    const owner = await signedInUser('import-ssrf');
    const urls = [
      'http://169.254.169.254/latest/meta-data/iam/',
      'http://10.0.0.5/a.png',
      'http://[::ffff:127.0.0.1]:9/x',
    ];
    const check = await owner.client.post('/api/imports/check', {
      csv: csvOf([`facebook,${quoted(COPY)},,${urls.join(' ')},${dayAhead(3)},10:00`]),
      zone: ZONE,
      action: 'save',
    });
    expect(check.status).toBe(200);
    const [row] = check.body.rows as { errors: string[] }[];
    expect(row?.errors).toEqual([
      importMessages.mediaUrl(urls[0] ?? '', fetchMessages.privateAddress),
      importMessages.mediaUrl(urls[1] ?? '', fetchMessages.privateAddress),
      importMessages.mediaUrl(urls[2] ?? '', fetchMessages.port),
    ]);
  });

  it('a name that resolves inside our network is refused when fetched: nothing created, earlier files removed', async () => {
    const owner = await signedInUser('import-ssrf-dns');
    const csv = csvOf([
      `facebook,${quoted(`${COPY} One.`)},,${site.origin}/photo-a.png,${dayAhead(3)},10:00`,
      // localhost on a port FETCH_ALLOW does not list: the name passes the first check, its address does not.
      `facebook,${quoted(`${COPY} Two.`)},,http://localhost:6399/admin.png,${dayAhead(3)},11:00`,
    ]);
    const start = await owner.client.post('/api/imports', { csv, zone: ZONE, action: 'save' });
    expect(start.status, JSON.stringify(start.body)).toBe(202);
    const done = await settle(owner.client, start.body.uuid as string);
    expect(done.status).toBe(422);
    expect(done.body.message).toBe(`Row 2: http://localhost:6399/admin.png: ${fetchMessages.privateAddress}`);
    expect(await allPosts(owner.client)).toEqual([]);
    expect((await owner.client.get('/api/content/files')).body).toEqual([]);
    const [summary] = (await owner.client.get('/api/imports')).body as { status: string; failure: string }[];
    expect(summary).toMatchObject({ status: 'failed', failure: done.body.message });
  });
});

describe('CSV import: duplicates are flagged, never refused', () => {
  it('copy matching a scheduled post of the same platform within a week, or an earlier row', async () => {
    const owner = await signedInUser('import-dupes');
    await makePaid(owner.client);
    const at = new Date(`${dayAhead(5)}T12:00:00Z`).toISOString();
    const made = await owner.client.post('/api/calendar', {
      platforms: ['facebook'],
      content: COPY,
      files: [],
      scheduledAt: at,
      action: 'schedule',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const existingId = made.body[0].id as number;
    // Other case and spacing: the same copy. Two days later: within the week.
    const shouty = `  ${COPY.toUpperCase().replace(/ /g, '   ')}\n`;
    const check = await owner.client.post('/api/imports/check', {
      csv: csvOf([
        `facebook;linkedin,${quoted(shouty)},,,${dayAhead(7)},09:00`,
        `linkedin,${quoted(COPY)},,,${dayAhead(8)},09:00`,
        `facebook,${quoted(COPY)},,,${dayAhead(20)},09:00`,
      ]),
      zone: ZONE,
      action: 'schedule',
    });
    expect(check.status).toBe(200);
    expect(check.body.valid).toBe(true);
    const [first, second, third] = check.body.rows as { warnings: string[] }[];
    expect(first?.warnings).toEqual([importMessages.duplicateScheduled('Facebook', existingId)]);
    expect(second?.warnings).toEqual([importMessages.duplicateRow('LinkedIn', 1)]);
    expect(third?.warnings).toEqual([]);

    // Imported anyway, and the calendar flags the new Facebook post.
    const start = await owner.client.post('/api/imports', {
      csv: csvOf([`facebook,${quoted(shouty)},,,${dayAhead(7)},09:00`]),
      zone: ZONE,
      action: 'schedule',
    });
    expect((await settle(owner.client, start.body.uuid as string)).status).toBe(200);
    const flags = await owner.client.get(
      `/api/calendar/duplicates?zone=${encodeURIComponent(ZONE)}&from=${dayAhead(0)}&to=${dayAhead(30)}`,
    );
    expect(flags.status).toBe(200);
    const imported = ((await allPosts(owner.client)) as { id: number }[]).find((p) => p.id !== existingId);
    expect(flags.body).toEqual(
      expect.arrayContaining([{ id: imported?.id, platform: 'facebook', duplicateOf: existingId }]),
    );
  });
});

describe('CSV import: another company', () => {
  it('cannot list, undo or poll a company’s import', async () => {
    const owner = await signedInUser('import-owner');
    const stranger = await signedInUser('import-stranger');
    const start = await owner.client.post('/api/imports', { csv: csvOf([goodRow(1)]), zone: ZONE, action: 'save' });
    expect((await settle(owner.client, start.body.uuid as string)).status).toBe(200);
    const [summary] = (await owner.client.get('/api/imports')).body as { id: string }[];
    expect((await stranger.client.get('/api/imports')).body).toEqual([]);
    expect((await stranger.client.get(`/api/lrp/${start.body.uuid as string}`)).status).toBe(404);
    const undo = await stranger.client.delete(`/api/imports/${summary?.id}`);
    expect(undo.status).toBe(404);
    expect(await allPosts(owner.client)).toHaveLength(2);
    stranger.client.cookies.set('COMPANY_ID', String(owner.companyId));
    expect((await stranger.client.delete(`/api/imports/${summary?.id}`)).status).toBe(403);
  });
});
