import { beforeAll, describe, expect, it } from 'vitest';
import { suggestionMessages, type Suggestion, type SuggestionList } from '@shared/schemas/calendar-suggestions';
import type { Post } from '@shared/schemas/calendar';
import { reservePostIds } from '../../functions/core/posts/post-ids';
import { suggestionDrafts } from '../../functions/core/calendar/suggestion-draft-entity';
import { signedInUser, type TestClient } from '../support/api-client';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';

/**
 * Audit to content: a demo company's two audits of the sample site (the real crawler and checks,
 * see functions/core/demo/demo-audits.ts) give the calendar its ideas: the pages the latest audit
 * found thin, the page it found without a meta description, and the saved keywords no crawled
 * page targets. One click makes one draft, however often and however concurrently it is asked;
 * another company's member neither sees the ideas nor makes a draft of them.
 */

beforeAll(() => {
  // A request cut off after its claim is staged in-process, on the suite's table.
  useSuiteRuntimeEnv();
});

interface Issue {
  total: number;
  items: { url: string }[];
}

async function demoWithAudits(): Promise<{ client: TestClient; companyId: number; auditId: string }> {
  const { client } = await signedInUser('ideas');
  const res = await client.post('/api/company', { name: 'Ideas Demo', demo: true });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const companyId = res.body.id as number;
  client.cookies.set('COMPANY_ID', String(companyId));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const audits = (await client.get('/api/seo/audits')).body as { id: string; status: string }[];
    const keywords = (await client.get('/api/seo/keywords')).body as unknown[];
    const finished = Array.isArray(audits) ? audits.filter((a) => a.status === 'finished') : [];
    if (finished.length === 2 && Array.isArray(keywords) && keywords.length)
      return { client, companyId, auditId: finished[0]!.id };
    if (Date.now() > deadline) throw new Error('The demo audits did not finish within a minute');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const ideas = async (client: TestClient) => {
  const res = await client.get<SuggestionList>('/api/calendar/suggestions');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const ofKind = (list: SuggestionList, kind: Suggestion['kind']) => list.suggestions.filter((s) => s.kind === kind);
const issueUrls = async (client: TestClient, auditId: string, check: string) =>
  (await client.get<Issue>(`/api/seo/audits/${auditId}/issues/${check}?limit=100`)).body.items.map((i) => i.url);
const draft = (client: TestClient, id: string) => client.post(`/api/calendar/suggestions/${id}/draft`);
const postOf = async (client: TestClient, id: number) =>
  (await client.get<{ post: Post }>(`/api/calendar/${id}/with-siblings`)).body.post;

describe('ideas from the latest website audit', () => {
  it('a company without a finished audit gets an empty list that says to run one, and no draft', async () => {
    const { client } = await signedInUser('ideas-none');
    const list = await ideas(client);
    expect(list).toEqual({ auditId: null, finishedAt: null, suggestions: [], reason: suggestionMessages.noAudit });
    const res = await draft(client, 'thin-page-0123456789abcdef');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(suggestionMessages.notFound);
  });

  it('thin pages, pages without a description and untargeted keywords; one click is one draft', async () => {
    const { client, companyId, auditId } = await demoWithAudits();
    const list = await ideas(client);
    expect(list.auditId).toBe(auditId);
    expect(list.reason).toBeNull();
    expect(list.suggestions.length).toBeGreaterThan(0);
    expect(list.suggestions.length).toBeLessThanOrEqual(12);
    expect(new Set(list.suggestions.map((s) => s.id)).size).toBe(list.suggestions.length);
    expect(list.suggestions.every((s) => s.postId === null)).toBe(true);
    // Ordered by value: keyword gaps, then thin pages, then missing descriptions.
    const order = ['keyword-gap', 'thin-page', 'missing-description'];
    const ranks = list.suggestions.map((s) => order.indexOf(s.kind));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

    // Thin pages: the audit's own low-word-count list, with the count it measured.
    const thinFlagged = await issueUrls(client, auditId, 'low-word-count');
    const thin = ofKind(list, 'thin-page');
    expect(thin.length).toBeGreaterThan(0);
    const pages = (
      await client.get<{ rows: { url: string; words?: number }[] }>(`/api/seo/audits/${auditId}/pages?limit=100`)
    ).body.rows;
    for (const idea of thin) {
      expect(thinFlagged).toContain(idea.url);
      const path = new URL(idea.url!).pathname;
      expect(idea.title).toBe(`Expand your thin page ${path}`);
      const words = pages.find((p) => p.url === idea.url)?.words;
      expect(words).toBeLessThan(250);
      expect(idea.why).toContain(`${words} word`);
      expect(idea.format).toBe('blog');
    }

    // The sample site's page without a meta description (sample-pages.ts plants /visit/).
    const undescribed = ofKind(list, 'missing-description');
    expect(undescribed.map((s) => s.url).sort()).toEqual(
      (await issueUrls(client, auditId, 'description-missing')).sort(),
    );
    expect(undescribed.map((s) => new URL(s.url!).pathname)).toContain('/visit/');
    expect(undescribed.every((s) => s.format === 'social')).toBe(true);

    // Saved keywords: the home page's title holds "sourdough bakery bristol"; no page says "wholesale".
    const gaps = ofKind(list, 'keyword-gap').map((s) => s.keyword);
    expect(gaps).toContain('wholesale bread supplier bristol');
    expect(gaps).not.toContain('sourdough bakery bristol');
    const saved = ((await client.get('/api/seo/keywords')).body as { keyword: string; isSelected: boolean }[])
      .filter((k) => k.isSelected)
      .map((k) => k.keyword);
    for (const keyword of gaps) expect(saved).toContain(keyword);

    // One click: a draft with a title and an outline naming the page.
    const page = thin[0]!;
    const first = await draft(client, page.id);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ suggestionId: page.id, platform: 'wordpress' });
    const post = await postOf(client, first.body.postId);
    expect(post).toMatchObject({ status: 'draft', platform: 'wordpress', error: null });
    expect(post.subject?.length).toBeGreaterThanOrEqual(80);
    expect(post.content).toContain(new URL(page.url!).pathname);
    expect(post.content).toContain('## ');

    // Twice: the same draft.
    const again = await draft(client, page.id);
    expect(again.status).toBe(200);
    expect(again.body.postId).toBe(first.body.postId);

    // Three at once: one draft, made by one of them.
    const gap = ofKind(list, 'keyword-gap')[0]!;
    const racing = await Promise.all([1, 2, 3].map(() => draft(client, gap.id)));
    expect(racing.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(racing.map((r) => r.body.postId)).size).toBe(1);
    const gapPost = await postOf(client, racing[0]!.body.postId);
    expect(gapPost.content).toContain(`“${gap.keyword}”`);
    const all = (await client.get<Post[]>('/api/calendar/list')).body;
    expect(all.filter((p) => p.subject === gapPost.subject)).toHaveLength(1);

    // A page without a description becomes a social post sharing it.
    const share = await draft(client, undescribed[0]!.id);
    expect(share.status).toBe(201);
    expect(share.body.platform).toBe('facebook');
    expect((await postOf(client, share.body.postId)).content).toContain(undescribed[0]!.url);

    // The list names each draft.
    const listed = await ideas(client);
    const postIdOf = (id: string) => listed.suggestions.find((s) => s.id === id)?.postId;
    expect(postIdOf(page.id)).toBe(first.body.postId);
    expect(postIdOf(gap.id)).toBe(racing[0]!.body.postId);

    // A deleted draft may be made again, as a new post.
    expect((await client.delete(`/api/calendar/${first.body.postId}`)).status).toBeLessThan(300);
    expect((await ideas(client)).suggestions.find((s) => s.id === page.id)?.postId).toBeNull();
    const remade = await draft(client, page.id);
    expect(remade.status).toBe(201);
    expect(remade.body.postId).not.toBe(first.body.postId);

    // A request cut off after claiming (a power cut before the post was written): the next click
    // writes the claimed post under the claimed id, once, and the idea is not stuck.
    const cut = thin[2]!;
    const [claimedId] = await reservePostIds(1);
    await suggestionDrafts.put({
      companyId,
      suggestionId: cut.id,
      postId: claimedId!,
      done: false,
      claimedAt: new Date().toISOString(),
    });
    expect((await ideas(client)).suggestions.find((s) => s.id === cut.id)?.postId).toBeNull();
    const resumed = await draft(client, cut.id);
    expect(resumed.status).toBe(200);
    expect(resumed.body.postId).toBe(claimedId);
    expect((await postOf(client, claimedId!)).content).toContain(new URL(cut.url!).pathname);
    expect((await draft(client, cut.id)).body.postId).toBe(claimedId);

    // A made-up idea is a 404; an id past any idea's length is refused as one.
    const made = await draft(client, 'thin-page-0123456789abcdef');
    expect(made.status).toBe(404);
    expect(made.body.message).toBe(suggestionMessages.notFound);
    expect((await draft(client, 'x'.repeat(80))).status).toBe(422);

    // Another company's member: not through the victim's company, not through their own.
    const { client: outsider } = await signedInUser('ideas-outsider');
    const own = await ideas(outsider);
    expect(own.suggestions).toEqual([]);
    const theirs = await draft(outsider, gap.id);
    expect(theirs.status).toBe(404);
    outsider.cookies.set('COMPANY_ID', String(companyId));
    for (const res of [await outsider.get('/api/calendar/suggestions'), await draft(outsider, thin[1]?.id ?? gap.id)])
      expect([403, 404]).toContain(res.status);
    // Nothing was made for the victim by the attempts.
    const after = await ideas(client);
    const untouched = thin[1] ? after.suggestions.find((s) => s.id === thin[1]!.id) : undefined;
    if (untouched) expect(untouched.postId).toBeNull();
  });
});
