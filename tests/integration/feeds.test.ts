import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedMessages } from '@shared/schemas/feeds';
import { fetchMessages } from '../../functions/core/net';
import { feedEntries, feeds } from '../../functions/core/feeds/feed-entity';
import { reservePostIds } from '../../functions/core/posts/post-ids';
import { createHash } from 'node:crypto';
import { FEED_AI_LIMIT, pollFeed } from '../../functions/core/feeds/feed-poll';
import { hit } from '../../functions/core/accounts/rate-limit';
import { armFeedPoll, feedScheduleName } from '../../functions/core/feeds/feed-schedule';
import { sweepFeeds } from '../../functions/core/feeds/feed-sweeper';
import { companySchedulePrefix, scheduler } from '../../functions/core/scheduler/scheduler-port';
import { keys } from '../../functions/core/table/keys';
import { signedInUser, type TestClient } from '../support/api-client';
import { serveSite, type LoopbackSite } from '../support/loopback-site';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';

/**
 * Feeds as a user and as an attacker, against the suite's runtime: an RSS or Atom feed served on
 * loopback, entries that appear between polls becoming drafts once each, addresses inside our
 * network refused, another company's feeds out of reach, the poll's chain of schedules.
 */
interface Entry {
  guid: string;
  title: string;
  link: string;
  summary: string;
}

let site: LoopbackSite;
const rss: Entry[] = [];
const atom: Entry[] = [];
/** A feed that gives its entries new ids on every read (a CMS that stamps them as it renders). */
const renaming: Entry[] = [];
let renamingReads = 0;

const rssXml = () => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Harbour Bakery Journal</title><link>${site.origin}/</link>
${rss
  .map(
    (e) => `<item><guid isPermaLink="false">${e.guid}</guid><title>${e.title}</title><link>${e.link}</link>
<description><![CDATA[<p>${e.summary}</p>]]></description><pubDate>Mon, 02 Nov 2026 09:00:00 GMT</pubDate></item>`,
  )
  .reverse()
  .join('\n')}
</channel></rss>`;

const atomXml = () => `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Harbour Notes</title><id>urn:harbour</id>
${atom
  .map(
    (e) => `<entry><id>${e.guid}</id><title>${e.title}</title><link href="${e.link}"/>
<summary>${e.summary}</summary><updated>2026-11-02T09:00:00Z</updated></entry>`,
  )
  .reverse()
  .join('\n')}
</feed>`;

beforeAll(async () => {
  useSuiteRuntimeEnv();
  site = await serveSite((req, res) => {
    if (req.url === '/feed.xml') res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rssXml());
    else if (req.url === '/atom.xml') res.writeHead(200, { 'content-type': 'application/atom+xml' }).end(atomXml());
    else if (req.url === '/renaming.xml') {
      renamingReads++;
      const items = renaming
        .map(
          (e) =>
            `<item><guid isPermaLink="false">${e.guid}-read-${renamingReads}</guid><title>${e.title}</title><link>${e.link}</link><description>${e.summary}</description></item>`,
        )
        .reverse()
        .join('');
      res
        .writeHead(200, { 'content-type': 'application/rss+xml' })
        .end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Renaming</title>${items}</channel></rss>`);
    } else if (req.url === '/slow.xml')
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rssXml()), 600);
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Home</title><p>Hello</p>');
  });
});
afterAll(() => site.close());

async function settle(client: TestClient, uuid: string) {
  const until = Date.now() + 60_000;
  for (;;) {
    const res = await client.get(`/api/lrp/${uuid}`);
    if (res.status !== 202) return res;
    if (Date.now() > until) throw new Error(`job ${uuid} still running`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function poll(client: TestClient, feedId: string) {
  const started = await client.post(`/api/feeds/${feedId}/poll`);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return settle(client, started.body.uuid as string);
}

const posts = async (client: TestClient) =>
  (await client.get('/api/calendar/list')).body as { id: number; platform: string; status: string; content: string }[];

const entry = (list: Entry[], n: number, name: string) =>
  list.push({
    guid: `${name}-${n}`,
    title: `Sourdough notes ${n}: why our loaves rest for two days`,
    link: `${site.origin}/${name}/${n}`,
    summary: `A long ferment makes a loaf that keeps: number ${n} in our series on slow baking.`,
  });

describe('feeds', () => {
  it('an RSS entry becomes drafts once across two polls; entries already there when it was added do not', async () => {
    const owner = await signedInUser('feed-rss');
    entry(rss, 1, 'rss');
    const added = await owner.client.post('/api/feeds', {
      url: `${site.origin}/feed.xml`,
      platforms: ['facebook', 'linkedin'],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({
      title: 'Harbour Bakery Journal',
      lastStatus: 'ok',
      platforms: ['facebook', 'linkedin'],
    });
    const inAnHour = Date.parse(added.body.nextPollAt as string) - Date.now();
    expect(inAnHour).toBeGreaterThan(55 * 60_000);
    const feedId = added.body.id as string;

    expect((await poll(owner.client, feedId)).body).toEqual({ newItems: 0, postIds: [] });
    expect(await posts(owner.client)).toEqual([]);

    entry(rss, 2, 'rss');
    const first = await poll(owner.client, feedId);
    expect(first.status).toBe(200);
    expect(first.body.newItems).toBe(1);
    expect(first.body.postIds).toHaveLength(2);
    const drafts = await posts(owner.client);
    expect(drafts.map((p) => [p.platform, p.status]).sort()).toEqual([
      ['facebook', 'draft'],
      ['linkedin', 'draft'],
    ]);
    for (const draft of drafts) {
      expect(draft.content).toContain('Sourdough notes 2: why our loaves rest for two days');
      expect(draft.content).toContain(`${site.origin}/rss/2`);
    }

    const second = await poll(owner.client, feedId);
    expect(second.body).toEqual({ newItems: 0, postIds: [] });
    expect(await posts(owner.client)).toHaveLength(2);

    const [listed] = (await owner.client.get('/api/feeds')).body as { lastPolledAt: string; lastNewItems: number }[];
    expect(listed).toMatchObject({ lastNewItems: 0, lastStatus: 'ok' });
  });

  it('an Atom feed works the same; the same entry under a new link is still the same entry (by its id)', async () => {
    const owner = await signedInUser('feed-atom');
    const added = await owner.client.post('/api/feeds', { url: `${site.origin}/atom.xml`, platforms: ['threads'] });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    entry(atom, 1, 'atom');
    expect((await poll(owner.client, added.body.id as string)).body.newItems).toBe(1);
    (atom[0] as Entry).link = `${site.origin}/atom/1?utm=moved`;
    expect((await poll(owner.client, added.body.id as string)).body.newItems).toBe(0);
    const drafts = await posts(owner.client);
    expect(drafts.map((p) => p.platform)).toEqual(['threads']);
  });

  it('a feed address inside our network, or a page that is not a feed, is refused', async () => {
    const owner = await signedInUser('feed-ssrf');
    const add = (url: string) => owner.client.post('/api/feeds', { url, platforms: ['facebook'] });
    const metadata = await add('http://169.254.169.254/latest/meta-data/');
    expect(metadata.status).toBe(422);
    expect(metadata.body.message).toBe(fetchMessages.privateAddress);
    const privateNet = await add('http://192.168.1.1/feed.xml');
    expect(privateNet.body.message).toBe(fetchMessages.privateAddress);
    // A name that resolves to loopback on a port FETCH_ALLOW does not open.
    const loopbackName = await add('http://localhost:6399/feed.xml');
    expect(loopbackName.status).toBe(422);
    expect(loopbackName.body.message).toBe(fetchMessages.privateAddress);
    const notFeed = await add(`${site.origin}/about`);
    expect(notFeed.status).toBe(422);
    expect(notFeed.body.message).toBe(feedMessages.notAFeed);
    expect((await owner.client.get('/api/feeds')).body).toEqual([]);
  });

  it('another company cannot see, poll or remove a company’s feed', async () => {
    const owner = await signedInUser('feed-owner');
    const stranger = await signedInUser('feed-stranger');
    const added = await owner.client.post('/api/feeds', { url: `${site.origin}/feed.xml`, platforms: ['facebook'] });
    const id = added.body.id as string;
    expect((await stranger.client.get('/api/feeds')).body).toEqual([]);
    expect((await stranger.client.delete(`/api/feeds/${id}`)).status).toBe(404);
    expect((await stranger.client.post(`/api/feeds/${id}/poll`)).status).toBe(404);
    stranger.client.cookies.set('COMPANY_ID', String(owner.companyId));
    expect((await stranger.client.delete(`/api/feeds/${id}`)).status).toBe(403);
    expect((await stranger.client.get('/api/feeds')).status).toBe(403);
    expect((await owner.client.get('/api/feeds')).body).toHaveLength(1);
  });

  it('each poll arms the next; removing the feed ends the chain; the sweeper re-arms a chain that died', async () => {
    const owner = await signedInUser('feed-chain');
    const added = await owner.client.post('/api/feeds', { url: `${site.origin}/feed.xml`, platforms: ['facebook'] });
    const feedId = added.body.id as string;
    const name = feedScheduleName(owner.companyId, feedId);
    expect(await scheduler().namesWithPrefix(companySchedulePrefix(owner.companyId))).toEqual([name]);

    const before = await feeds.get(keys.feed(owner.companyId, feedId), { consistent: true });
    const step = async () => {};
    await pollFeed(
      owner.companyId,
      feedId,
      true,
      { step, signal: new AbortController().signal },
      new Date(Date.now() + 3600_000),
    );
    const after = await feeds.get(keys.feed(owner.companyId, feedId), { consistent: true });
    expect(Date.parse(after?.runAt ?? '')).toBeGreaterThan(Date.parse(before?.runAt ?? ''));

    // A chain that died: its watch is past and nothing ran. The sweeper arms a poll a minute away.
    const now = new Date(Date.parse(after?.watchAt ?? '') + 60_000);
    await sweepFeeds(now);
    const rearmed = await feeds.get(keys.feed(owner.companyId, feedId), { consistent: true });
    expect(rearmed?.runAt).toBe(new Date(now.getTime() + 60_000).toISOString());

    expect((await owner.client.delete(`/api/feeds/${feedId}`)).status).toBe(204);
    expect(await scheduler().namesWithPrefix(companySchedulePrefix(owner.companyId))).toEqual([]);
    // A poll that fires after the feed is gone does nothing and arms nothing.
    expect(await pollFeed(owner.companyId, feedId, true, { step, signal: new AbortController().signal })).toEqual({
      newItems: 0,
      postIds: [],
    });
    expect(await scheduler().namesWithPrefix(companySchedulePrefix(owner.companyId))).toEqual([]);
    await armFeedPoll(owner.companyId, feedId, new Date());
    expect(await scheduler().namesWithPrefix(companySchedulePrefix(owner.companyId))).toEqual([]);
  });

  it('a poll that died after claiming an entry is finished by the next, under the ids it reserved', async () => {
    const owner = await signedInUser('feed-crash');
    const added = await owner.client.post('/api/feeds', {
      url: `${site.origin}/feed.xml`,
      platforms: ['facebook', 'threads'],
    });
    const feedId = added.body.id as string;
    entry(rss, 90, 'crash');
    const guid = 'crash-90';
    // What a poll leaves when it dies between the claim and the drafts: the marker, unfinished, with its ids.
    const ids = await reservePostIds(2);
    await feedEntries.put({
      companyId: owner.companyId,
      feedId,
      hash: createHash('sha256').update(guid).digest('hex').slice(0, 40),
      key: guid,
      title: 'claimed',
      link: null,
      postIds: ids,
      done: false,
      seenAt: new Date().toISOString(),
    });
    const next = await poll(owner.client, feedId);
    expect(next.body.postIds).toEqual(ids);
    const drafts = await posts(owner.client);
    expect(drafts.map((p) => p.id).sort((a, b) => a - b)).toEqual(ids);
    expect((await poll(owner.client, feedId)).body).toEqual({ newItems: 0, postIds: [] });
    expect(await posts(owner.client)).toHaveLength(2);
  });

  it("past the company's hourly feed limit on model calls, an entry is drafted from its own words", async () => {
    const owner = await signedInUser('feed-limit');
    const added = await owner.client.post('/api/feeds', { url: `${site.origin}/atom.xml`, platforms: ['linkedin'] });
    for (let i = 0; i < FEED_AI_LIMIT.max; i++) await hit(FEED_AI_LIMIT, String(owner.companyId));
    entry(atom, 77, 'limit');
    expect((await poll(owner.client, added.body.id as string)).body.newItems).toBe(1);
    const [draft] = await posts(owner.client);
    expect(draft?.content).toBe(
      `Sourdough notes 77: why our loaves rest for two days\n\nA long ferment makes a loaf that keeps: number 77 in our series on slow baking.\n\n${site.origin}/limit/77`,
    );
  });

  it('six Check now at once: one poll reads, the others answer its result; no job crashes, no draft twice', async () => {
    const owner = await signedInUser('feed-parallel');
    const added = await owner.client.post('/api/feeds', { url: `${site.origin}/slow.xml`, platforms: ['facebook'] });
    const feedId = added.body.id as string;
    entry(rss, 60, 'parallel');
    entry(rss, 61, 'parallel');
    const started = await Promise.all(Array.from({ length: 6 }, () => owner.client.post(`/api/feeds/${feedId}/poll`)));
    expect(started.map((s) => s.status)).toEqual(started.map(() => 202));
    const ended = await Promise.all(started.map((s) => settle(owner.client, s.body.uuid as string)));
    expect(ended.map((e) => e.status)).toEqual(ended.map(() => 200));
    const drafts = (await posts(owner.client)).filter((p) => p.content.includes('/parallel/'));
    expect(drafts).toHaveLength(2);
    // The polls that lost answered the winner's result: the drafts it made.
    const answered = new Set(ended.flatMap((e) => e.body.postIds as number[]));
    expect([...answered].sort((a, b) => a - b)).toEqual(drafts.map((d) => d.id).sort((a, b) => a - b));
  });

  it('a feed that renames its ids on every read makes no new drafts after the first poll', async () => {
    const owner = await signedInUser('feed-renaming');
    entry(renaming, 1, 'renamed');
    const added = await owner.client.post('/api/feeds', { url: `${site.origin}/renaming.xml`, platforms: ['threads'] });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const feedId = added.body.id as string;
    // The entry there when it was added, under a new id: still the entry already seen.
    expect((await poll(owner.client, feedId)).body.newItems).toBe(0);
    entry(renaming, 2, 'renamed');
    expect((await poll(owner.client, feedId)).body.newItems).toBe(1);
    expect((await poll(owner.client, feedId)).body.newItems).toBe(0);
    expect((await poll(owner.client, feedId)).body.newItems).toBe(0);
    expect(await posts(owner.client)).toHaveLength(1);
  });
});
