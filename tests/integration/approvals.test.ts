import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvalMessages } from '@shared/schemas/approvals';
import { hashSecret } from '../../functions/core/accounts/tokens';
import { table, tableName } from '../../functions/core/table/client';
import { keys } from '../../functions/core/table/keys';
import { linkIn, signedInUser, teammate, TestClient, waitForMail } from '../support/api-client';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';
import { COPY } from './calendar-support';
import { makePaid } from '../support/billing';

beforeAll(() => {
  useSuiteRuntimeEnv();
});

interface ApiPost {
  id: number;
  status: string;
  content: string;
  version: number;
  approval?: string;
}

const later = () => new Date(Date.now() + 3 * 24 * 3600_000).toISOString();

async function draft(client: TestClient, content = `${COPY} ${Math.random().toString(36).slice(2, 8)}`) {
  const res = await client.post<ApiPost[]>('/api/calendar', { platforms: ['facebook'], content, action: 'save' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body[0]!;
}

const read = async (client: TestClient, id: number) =>
  (await client.get<{ post: ApiPost }>(`/api/calendar/${id}/with-siblings`)).body.post;

async function inReview(client: TestClient) {
  const post = await draft(client);
  const asked = await client.post<ApiPost>(`/api/approvals/posts/${post.id}/request`, {
    version: post.version,
    comment: 'Is the tone right?',
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  expect(asked.body).toMatchObject({ status: 'draft', approval: 'in-review' });
  return asked.body;
}

async function reviewLink(client: TestClient, id: number) {
  const res = await client.post<{ id: string; url: string; expiresAt: string }>(`/api/approvals/posts/${id}/link`);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const url = new URL(res.body.url);
  expect(url.pathname).toBe(`/review/${id}`);
  const token = url.searchParams.get('token') ?? '';
  expect(res.body.id).toBe(linkIdOf(token));
  return token;
}

/** The secret's half of a token, and the hash the table keys its link by. */
const secretOf = (token: string) => token.split('.')[1] ?? '';
/** What members name a link by: the start of that hash. */
const linkIdOf = (token: string) => hashSecret(secretOf(token)).slice(0, 16);

/** Someone without an account, with only the token: what they read, and what their decision gets. */
const viaLink = (id: number, token: string) => ({
  view: () => new TestClient().get(`/api/approvals/review/${id}?token=${encodeURIComponent(token)}`),
  decide: (version: number, decision = 'approved', comment = '') =>
    new TestClient().post(`/api/approvals/review/${id}`, { token, decision, comment, version }),
});

const userIdOf = async (client: TestClient) => (await client.get<{ id: number }>('/api/auth/profile')).body.id;

describe('approvals', () => {
  let owner: TestClient;
  let ownerEmail: string;
  let companyId: number;
  let member: TestClient;
  let memberEmail: string;

  beforeAll(async () => {
    ({ client: owner, email: ownerEmail, companyId } = await signedInUser('approvals-owner'));
    await makePaid(owner);
    member = (await teammate({ client: owner, companyId })).client;
    const company = (await owner.get<{ id: number; users: { email: string }[] }[]>('/api/company')).body.find(
      (c) => c.id === companyId,
    );
    memberEmail = company!.users.map((u) => u.email).find((e) => e !== ownerEmail)!;
  }, 60_000);

  it('changes nothing for a company without the setting: posts schedule as before, with no approval', async () => {
    expect((await owner.get('/api/approvals/settings')).body).toEqual({ required: false });
    const post = await draft(owner);
    const scheduled = await owner.patch<ApiPost>(`/api/calendar/${post.id}`, {
      action: 'schedule',
      scheduledAt: later(),
      version: post.version,
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.status).toBe('scheduled');
    expect('approval' in scheduled.body).toBe(false);
    const refused = await owner.post(`/api/approvals/posts/${post.id}/request`, { version: scheduled.body.version });
    expect(refused).toMatchObject({ status: 422, body: { message: approvalMessages.approvalsOff } });
    await owner.delete(`/api/calendar/${post.id}`);
  });

  describe('with the setting on', () => {
    beforeAll(async () => {
      expect((await owner.put('/api/approvals/settings', { required: true })).body).toEqual({ required: true });
    });

    it('refuses Schedule and Publish Now before approval, with the sentence', async () => {
      const created = await owner.post('/api/calendar', {
        platforms: ['facebook'],
        content: COPY,
        action: 'schedule',
        scheduledAt: later(),
      });
      expect(created).toMatchObject({ status: 422, body: { message: approvalMessages.needsApproval } });
      const post = await draft(owner);
      for (const body of [{ action: 'schedule', scheduledAt: later() }, { action: 'publish' }]) {
        const res = await owner.patch(`/api/calendar/${post.id}`, body);
        expect(res).toMatchObject({ status: 422, body: { message: approvalMessages.needsApproval } });
      }
      expect((await read(owner, post.id)).status).toBe('draft');
    });

    it('goes round: review asked, approvers mailed, the asker may not decide, another member approves, then it schedules', async () => {
      const post = await inReview(owner);
      const asked = await waitForMail(memberEmail, /waits for your approval/);
      expect(asked.text).toContain('Is the tone right?');
      expect(linkIn(asked).pathname).toBe(`/post/${post.id}`);

      const own = await owner.post(`/api/approvals/posts/${post.id}/decision`, {
        decision: 'approved',
        version: post.version,
      });
      expect(own).toMatchObject({ status: 403, body: { message: approvalMessages.ownReview } });
      expect((await owner.get(`/api/approvals/posts/${post.id}`)).body).toMatchObject({
        state: 'in-review',
        canDecide: false,
        required: true,
      });

      const noComment = await member.post(`/api/approvals/posts/${post.id}/decision`, {
        decision: 'changes-requested',
        version: post.version,
      });
      expect(noComment.status).toBe(422);
      expect(JSON.stringify(noComment.body)).toContain(approvalMessages.commentRequired);
      const changes = await member.post<ApiPost>(`/api/approvals/posts/${post.id}/decision`, {
        decision: 'changes-requested',
        comment: 'Mention the Friday opening.',
        version: post.version,
      });
      expect(changes.body.approval).toBe('changes-requested');
      expect((await waitForMail(ownerEmail, /Changes were asked/)).text).toContain('Mention the Friday opening.');

      const edited = await owner.patch<ApiPost>(`/api/calendar/${post.id}`, {
        content: `${post.content} Open Friday.`,
        version: changes.body.version,
      });
      expect(edited.body).toMatchObject({ status: 'draft', approval: 'changes-requested' });
      const again = await owner.post<ApiPost>(`/api/approvals/posts/${post.id}/request`, {
        version: edited.body.version,
      });
      const stale = await member.post(`/api/approvals/posts/${post.id}/decision`, {
        decision: 'approved',
        version: edited.body.version,
      });
      expect(stale).toMatchObject({ status: 409, body: { message: approvalMessages.changedSinceOpened } });
      const approved = await member.post<ApiPost>(`/api/approvals/posts/${post.id}/decision`, {
        decision: 'approved',
        version: again.body.version,
      });
      expect(approved.body.approval).toBe('approved');
      await waitForMail(ownerEmail, /was approved/);

      const scheduled = await owner.patch<ApiPost>(`/api/calendar/${post.id}`, {
        action: 'schedule',
        scheduledAt: later(),
        version: approved.body.version,
      });
      expect(scheduled.body).toMatchObject({ status: 'scheduled', approval: 'approved' });
      const comments = (await owner.get(`/api/approvals/posts/${post.id}`)).body.comments as { decision: string }[];
      expect(comments.map((c) => c.decision)).toEqual(['in-review', 'changes-requested', 'in-review', 'approved']);

      // Edited after approval: back in review, back to draft (nothing unapproved stays scheduled), approvers mailed.
      const changed = await owner.patch<ApiPost>(`/api/calendar/${post.id}`, {
        content: `${post.content} Now with dessert.`,
        version: scheduled.body.version,
      });
      expect(changed.body).toMatchObject({ status: 'draft', approval: 'in-review' });
      expect((await waitForMail(memberEmail, /waits for your approval/)).text).toContain(
        'edited after it was approved',
      );
    });

    it('makes whoever edits an approved post its asker: the approver who edits it cannot approve the edit, in the app or by a link', async () => {
      const post = await inReview(owner);
      const approved = await member.post<ApiPost>(`/api/approvals/posts/${post.id}/decision`, {
        decision: 'approved',
        version: post.version,
      });
      expect(approved.body.approval).toBe('approved');
      // The approver changes the words themselves: the edit is theirs, so someone else must approve it.
      const edited = await member.patch<ApiPost>(`/api/calendar/${post.id}`, {
        content: `${post.content} Edited by the approver.`,
        version: approved.body.version,
      });
      expect(edited.body).toMatchObject({ approval: 'in-review' });
      const own = await member.post(`/api/approvals/posts/${post.id}/decision`, {
        decision: 'approved',
        version: edited.body.version,
      });
      expect(own).toMatchObject({ status: 403, body: { message: approvalMessages.ownReview } });
      expect((await member.post(`/api/approvals/posts/${post.id}/link`)).status).toBe(403);
      // The first asker may now decide the approver's edit.
      const decided = await owner.post<ApiPost>(`/api/approvals/posts/${post.id}/decision`, {
        decision: 'approved',
        version: edited.body.version,
      });
      expect(decided.body.approval).toBe('approved');
    });

    it('takes a decision through a review link once, without an account', async () => {
      const post = await inReview(owner);
      const token = await reviewLink(member, post.id);
      const stranger = new TestClient();
      const view = await stranger.get(`/api/approvals/review/${post.id}?token=${encodeURIComponent(token)}`);
      expect(view.status, JSON.stringify(view.body)).toBe(200);
      expect(view.body).toMatchObject({ open: true, state: 'in-review', post: { id: post.id, content: post.content } });
      const decided = await stranger.post(`/api/approvals/review/${post.id}`, {
        token,
        decision: 'approved',
        name: 'Client Carla',
        comment: 'Lovely.',
        version: view.body.post.version,
      });
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
      expect(decided.body).toMatchObject({ state: 'approved', open: false });
      expect((await read(owner, post.id)).approval).toBe('approved');
      expect((await waitForMail(ownerEmail, /was approved/)).text).toContain('Client Carla');

      // Used: refused, for reading and for deciding again.
      const reused = await stranger.post(`/api/approvals/review/${post.id}`, {
        token,
        decision: 'changes-requested',
        comment: 'Actually no.',
        version: (view.body as { post: { version: number } }).post.version + 1,
      });
      expect(reused).toMatchObject({ status: 403, body: { message: approvalMessages.linkUsed } });
      expect(
        (await stranger.get(`/api/approvals/review/${post.id}?token=${encodeURIComponent(token)}`)).body.message,
      ).toBe(approvalMessages.linkUsed);
      expect((await read(owner, post.id)).approval).toBe('approved');
    });

    it('refuses a link that expired, one for another post, a made-up one, and two uses at once', async () => {
      const post = await inReview(owner);
      const other = await inReview(owner);
      const token = await reviewLink(member, post.id);
      const stranger = new TestClient();
      const decide = (id: number, t: string, version: number) =>
        stranger.post(`/api/approvals/review/${id}`, { token: t, decision: 'approved', version });

      expect(await decide(other.id, token, other.version)).toMatchObject({
        status: 403,
        body: { message: approvalMessages.linkOtherPost },
      });
      const forged = `${companyId}.${'A'.repeat(43)}`;
      expect(await decide(post.id, forged, post.version)).toMatchObject({
        status: 403,
        body: { message: approvalMessages.linkInvalid },
      });
      expect((await read(owner, other.id)).approval).toBe('in-review');

      // Two decisions at once through one link: one is recorded, the other refused.
      const racing = await Promise.all([decide(post.id, token, post.version), decide(post.id, token, post.version)]);
      expect(racing.map((r) => r.status).sort()).toEqual([200, 403]);

      // A week later the link is dead: its stored expiry moved into the past stands in for the wait.
      const late = await inReview(owner);
      const lateToken = await reviewLink(member, late.id);
      const secret = secretOf(lateToken);
      await table().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.approvalLink(companyId, hashSecret(secret)),
          UpdateExpression: 'SET expiresAt = :past',
          ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
        }),
      );
      expect(await decide(late.id, lateToken, late.version)).toMatchObject({
        status: 403,
        body: { message: approvalMessages.linkExpired },
      });
      expect((await read(owner, late.id)).approval).toBe('in-review');
    });

    it('gives the asker no link of their own while another member may decide; that member’s link decides', async () => {
      const post = await inReview(owner);
      // The asker: no link, said in the app before they try.
      expect((await owner.get(`/api/approvals/posts/${post.id}`)).body).toMatchObject({
        canDecide: false,
        canMakeLink: false,
        canManageLinks: true,
      });
      const own = await owner.post(`/api/approvals/posts/${post.id}/link`);
      expect(own).toMatchObject({ status: 403, body: { message: approvalMessages.ownLink } });
      expect((await owner.get(`/api/approvals/posts/${post.id}/links`)).body).toEqual([]);

      // Another member may make one, and it decides the asker's post, whoever holds it.
      expect((await member.get(`/api/approvals/posts/${post.id}`)).body).toMatchObject({
        canDecide: true,
        canMakeLink: true,
      });
      const token = await reviewLink(member, post.id);
      const listed = (await owner.get(`/api/approvals/posts/${post.id}/links`)).body;
      expect(listed).toEqual([
        { id: linkIdOf(token), madeBy: 'Test manager', createdAt: expect.any(String), expiresAt: expect.any(String) },
      ]);
      const link = viaLink(post.id, token);
      expect((await link.view()).status).toBe(200);
      const approved = await link.decide(post.version);
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      expect((await read(owner, post.id)).approval).toBe('approved');
    });

    it('takes a link from before links recorded their maker for the asker’s: refused while another member may decide', async () => {
      const post = await inReview(owner);
      const token = await reviewLink(member, post.id);
      await table().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.approvalLink(companyId, hashSecret(secretOf(token))),
          UpdateExpression: 'REMOVE createdBy, createdAt',
        }),
      );
      const link = viaLink(post.id, token);
      for (const res of [await link.view(), await link.decide(post.version)]) {
        expect(res).toMatchObject({ status: 403, body: { message: approvalMessages.linkMakerUnknown } });
      }
      expect((await read(owner, post.id)).approval).toBe('in-review');
      // Still listed, to be revoked: made a week before it expires.
      const [listed] = (await member.get(`/api/approvals/posts/${post.id}/links`)).body;
      expect(listed).toMatchObject({ id: linkIdOf(token), madeBy: null });
      expect(Date.parse(listed.expiresAt) - Date.parse(listed.createdAt)).toBe(7 * 24 * 3600_000);
    });

    it('lists the live links and revokes one: it then reads as a made-up link, for reading and deciding', async () => {
      const post = await inReview(owner);
      const first = await reviewLink(member, post.id);
      const second = await reviewLink(member, post.id);
      const ids = ((await member.get(`/api/approvals/posts/${post.id}/links`)).body as { id: string }[]).map(
        (l) => l.id,
      );
      expect(ids.sort()).toEqual([linkIdOf(first), linkIdOf(second)].sort());

      // The asker may revoke too: taking a link back opens no way round the rule.
      const revoked = await owner.delete(`/api/approvals/posts/${post.id}/links/${linkIdOf(first)}`);
      expect(revoked.status, JSON.stringify(revoked.body)).toBe(204);
      const link = viaLink(post.id, first);
      for (const res of [await link.view(), await link.decide(post.version)]) {
        expect(res).toMatchObject({ status: 403, body: { message: approvalMessages.linkInvalid } });
      }
      expect((await read(owner, post.id)).approval).toBe('in-review');
      const left = (await member.get(`/api/approvals/posts/${post.id}/links`)).body as { id: string }[];
      expect(left.map((l) => l.id)).toEqual([linkIdOf(second)]);

      // Gone is gone; a shorter id names no link; another post's path does not reach this one's link.
      const other = await inReview(owner);
      for (const path of [
        `/api/approvals/posts/${post.id}/links/${linkIdOf(first)}`,
        `/api/approvals/posts/${post.id}/links/${linkIdOf(second).slice(0, 4)}`,
        `/api/approvals/posts/${other.id}/links/${linkIdOf(second)}`,
      ]) {
        expect(await member.delete(path)).toMatchObject({
          status: 404,
          body: { message: approvalMessages.linkNotFound },
        });
      }

      // The link left still decides; then none is live.
      expect((await viaLink(post.id, second).decide(post.version)).status).toBe(200);
      expect((await member.get(`/api/approvals/posts/${post.id}/links`)).body).toEqual([]);
    });

    it('refuses a link replayed after its decision, after the review was decided in the app, and after a new round', async () => {
      const post = await inReview(owner);
      const used = await reviewLink(member, post.id);
      const spare = await reviewLink(member, post.id);
      const decided = await viaLink(post.id, used).decide(post.version, 'changes-requested', 'Shorter, please.');
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
      const version = (await read(owner, post.id)).version;
      for (const res of [await viaLink(post.id, used).view(), await viaLink(post.id, used).decide(version)]) {
        expect(res).toMatchObject({ status: 403, body: { message: approvalMessages.linkUsed } });
      }
      // An unused link of the same review: the review is decided, so it decides nothing.
      expect(await viaLink(post.id, spare).decide(version)).toMatchObject({
        status: 409,
        body: { message: approvalMessages.notInReview },
      });
      expect((await viaLink(post.id, spare).view()).body).toMatchObject({ open: false, state: 'changes-requested' });
      // Asked again: a new round, and the old round's links are refused.
      const again = await owner.post<ApiPost>(`/api/approvals/posts/${post.id}/request`, { version });
      expect(again.status).toBe(200);
      expect(await viaLink(post.id, spare).decide(again.body.version)).toMatchObject({
        status: 403,
        body: { message: approvalMessages.linkOutdated },
      });
      expect((await read(owner, post.id)).approval).toBe('in-review');
    });

    it('lets no member of another company read or decide a post', async () => {
      const post = await inReview(owner);
      const { client: outsider } = await signedInUser('approvals-outsider');
      const res = await outsider.post(`/api/approvals/posts/${post.id}/decision`, {
        decision: 'approved',
        version: post.version,
      });
      expect(res.status).toBe(404);
      expect((await outsider.get(`/api/approvals/posts/${post.id}`)).status).toBe(404);
      expect((await outsider.post(`/api/approvals/posts/${post.id}/link`)).status).toBe(404);
      // Naming the other company in the cookie does not make a member of it.
      outsider.cookies.set('COMPANY_ID', String(companyId));
      const forged = await outsider.post(`/api/approvals/posts/${post.id}/decision`, {
        decision: 'approved',
        version: post.version,
      });
      expect([403, 404]).toContain(forged.status);
      expect((await read(owner, post.id)).approval).toBe('in-review');
    });

    it('never leaves a post scheduled with copy nobody approved, however an edit and a schedule race', async () => {
      for (let round = 0; round < 5; round++) {
        const post = await inReview(owner);
        const approved = await member.post<ApiPost>(`/api/approvals/posts/${post.id}/decision`, {
          decision: 'approved',
          version: post.version,
        });
        const approvedCopy = approved.body.content;
        const [edit, schedule, publish] = await Promise.all([
          owner.patch(`/api/calendar/${post.id}`, { content: `${approvedCopy} Changed ${round}.` }),
          owner.patch(`/api/calendar/${post.id}`, { action: 'schedule', scheduledAt: later() }),
          member.patch(`/api/calendar/${post.id}`, { action: 'schedule', scheduledAt: later() }),
        ]);
        // 409: another write got in first; 422: the edit got in first and the post is back in review.
        for (const res of [edit, schedule, publish]) expect([200, 409, 422]).toContain(res.status);
        const final = await read(owner, post.id);
        if (final.status === 'scheduled') {
          expect(final.content).toBe(approvedCopy);
          expect(final.approval).toBe('approved');
        } else {
          expect(final.approval).not.toBe('approved');
        }
        // And the edit that landed last never left it scheduled unapproved.
        const later_ = await owner.patch<ApiPost>(`/api/calendar/${post.id}`, { content: `${approvedCopy} Later.` });
        expect(later_.body.status).not.toBe('scheduled');
        await owner.delete(`/api/calendar/${post.id}`);
      }
    });
  });
});

describe('review links in a company of one', () => {
  it('decide through the asker’s own link while nobody else may; not once a member joins; again once they leave', async () => {
    const solo = await signedInUser('approvals-solo');
    expect((await solo.client.put('/api/approvals/settings', { required: true })).status).toBe(200);

    // Alone: an outside reviewer is the only second pair of eyes, so the asker's link decides.
    const alone = await inReview(solo.client);
    expect((await solo.client.get(`/api/approvals/posts/${alone.id}`)).body).toMatchObject({ canMakeLink: true });
    const aloneLink = await reviewLink(solo.client, alone.id);
    expect((await viaLink(alone.id, aloneLink).decide(alone.version)).status).toBe(200);
    expect((await read(solo.client, alone.id)).approval).toBe('approved');

    // A link made alone, then a member who may decide joins: the asker's link no longer decides.
    const post = await inReview(solo.client);
    const own = await reviewLink(solo.client, post.id);
    const joiner = (await teammate(solo)).client;
    const link = viaLink(post.id, own);
    for (const res of [await link.view(), await link.decide(post.version)]) {
      expect(res).toMatchObject({ status: 403, body: { message: approvalMessages.linkByAsker } });
    }
    expect((await read(solo.client, post.id)).approval).toBe('in-review');
    expect((await solo.client.get(`/api/approvals/posts/${post.id}`)).body).toMatchObject({ canMakeLink: false });

    // The member's own link, then the member leaves: their link goes with them, the asker's decides again.
    const joinersLink = await reviewLink(joiner, post.id);
    const removed = await solo.client.delete(`/api/company/${solo.companyId}/users/${await userIdOf(joiner)}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(204);
    expect(await viaLink(post.id, joinersLink).view()).toMatchObject({
      status: 403,
      body: { message: approvalMessages.linkInvalid },
    });
    expect(
      ((await solo.client.get(`/api/approvals/posts/${post.id}/links`)).body as { id: string }[]).map((l) => l.id),
    ).toEqual([linkIdOf(own)]);
    const decided = await link.decide(post.version);
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect((await read(solo.client, post.id)).approval).toBe('approved');
  }, 60_000);
});
