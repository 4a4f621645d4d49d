import { fetchMessages } from '../../functions/core/net/fetch-errors';
import { messages } from '@shared/messages';
import { onboardingMessages } from '@shared/schemas/onboarding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleSiteAnswer } from '../../functions/core/demo/sample-site';
import { signedInUser, type TestClient } from '../support/api-client';
import { makePaid } from '../support/billing';
import { BAKERY_HOME, serveSite, type LoopbackSite } from '../support/loopback-site';

/**
 * The onboarding calls over HTTP against the suite's runtime, its jobs run by the embedded
 * workflow engine with the offline AI, reading a website this test serves on loopback.
 */
let site: LoopbackSite;
let unavailableHits = 0;

beforeAll(async () => {
  site = await serveSite((req, res) => {
    if (req.url === '/')
      return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BAKERY_HOME);
    if (req.url === '/slow') {
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(BAKERY_HOME), 1500);
      return;
    }
    if (req.url === '/gone') return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    if (req.url === '/logo.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(64));
    if (req.url === '/to-private') return void res.writeHead(302, { location: 'http://10.0.0.7/admin' }).end();
    if (req.url === '/unavailable') {
      unavailableHits += 1;
      return void res
        .writeHead(503, { 'content-type': 'text/html', 'retry-after': '1' })
        .end('<h1>Down for maintenance</h1>');
    }
    res.writeHead(404).end();
  });
});

afterAll(async () => {
  await site.close();
});

/** Polls GET /api/lrp/{uuid} as the web does (faster), until the job answers anything but 202. */
async function settle(client: TestClient, uuid: string, timeoutMs = 50_000) {
  const steps = new Set<string>();
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get(`/api/lrp/${uuid}`);
    if (res.status !== 202) return { ...res, steps: [...steps] };
    if (res.body.step) steps.add(res.body.step);
    if (Date.now() > until) throw new Error(`job ${uuid} still running after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function runJob(client: TestClient, path: string, body?: unknown) {
  const started = await client.post(path, body);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect(started.body).toEqual({ status: 'running', uuid: expect.any(String) });
  return settle(client, started.body.uuid as string);
}

const OVERVIEW = {
  name: "Rosa's Sourdough Bakery",
  description:
    'Rosa’s Sourdough Bakery bakes slow-fermented sourdough loaves, cardamom buns and celebration cakes every morning in Bristol.',
  tone: 'Warm, welcoming and personal',
  voice: 'First person plural ("we"), speaking directly to the customer ("you").',
  locations: ['Bristol', 'Bath'],
};

describe('POST /api/company/overview', () => {
  it('reads the website and answers the drafted overview as the job result, saving nothing', async () => {
    const { client } = await signedInUser('overview');
    // A slow site, so the poll surely sees the step the job is on.
    const done = await runJob(client, '/api/company/overview', { website: `${site.origin}/slow` });
    expect(done.status).toBe(200);
    expect(done.steps).toContain('Reading your website');
    expect(done.body).toEqual({
      name: "Rosa's Sourdough Bakery",
      description: expect.stringContaining('sourdough'),
      locations: expect.arrayContaining(['Bristol', 'Bath']),
      tone: expect.any(String),
      voice: expect.any(String),
    });
    expect(done.body.description.length).toBeGreaterThanOrEqual(80);
    expect(site.hits).toContain('/slow');
    // The wizard saves the (edited) draft itself: the company is unchanged until then.
    const [company] = (await client.get('/api/company')).body;
    expect(company).toMatchObject({ name: '', description: '', locations: [] });
  });

  it('refuses a private address at once with the fetcher sentence on the website field', async () => {
    const { client } = await signedInUser('overview-private');
    for (const website of ['http://10.1.2.3', '192.168.0.10', 'http://169.254.169.254/latest/meta-data']) {
      const res = await client.post('/api/company/overview', { website });
      expect(res.status, website).toBe(422);
      expect(res.body.errors).toEqual([{ path: 'website', message: fetchMessages.privateAddress }]);
    }
  });

  it('refuses a redirect to a private address inside the job with the same sentence', async () => {
    const { client } = await signedInUser('overview-redirect');
    const done = await runJob(client, '/api/company/overview', { website: `${site.origin}/to-private` });
    expect(done.status).toBe(422);
    expect(done.body).toMatchObject({ message: fetchMessages.privateAddress, code: 'FETCH_PRIVATE_ADDRESS' });
  });

  it("answers the site's own errors as sentences the user can act on", async () => {
    const { client } = await signedInUser('overview-errors');
    const gone = await runJob(client, '/api/company/overview', { website: `${site.origin}/gone` });
    expect(gone.status).toBe(422);
    expect(gone.body.message).toBe(onboardingMessages.siteError(new URL(site.origin).host, 404));
    const image = await runJob(client, '/api/company/overview', { website: `${site.origin}/logo.png` });
    expect(image.status).toBe(422);
    expect(image.body.message).toBe(onboardingMessages.notAWebPage);
  });

  it('validates the website with the spec sentences', async () => {
    const { client } = await signedInUser('overview-invalid');
    const cases: [unknown, string][] = [
      [{}, messages.urlInvalid],
      [{ website: '' }, messages.urlInvalid],
      [{ website: 'ftp://files.example.com' }, messages.websiteInvalid],
      [{ website: 'not a site' }, messages.urlInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/api/company/overview', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors, JSON.stringify(body)).toEqual([{ path: 'website', message }]);
    }
  });

  it('a site that stays down is retried as the ASL declares (3 retries), then ends with the spec sentence', async () => {
    const { client } = await signedInUser('overview-down');
    unavailableHits = 0;
    const done = await runJob(client, '/api/company/overview', { website: `${site.origin}/unavailable` });
    expect(done.status).toBe(500);
    expect(done.body.message).toBe(messages.jobFailed);
    // run-job.asl.json: TransientError, MaxAttempts 3 → the first try and three retries.
    expect(unavailableHits).toBe(4);
  });
});

describe('ideal customers and the plan', () => {
  it('walks the onboarding: ICPs from the saved overview, decisions, goal, plan, onboarded', async () => {
    const { client, companyId } = await signedInUser('onboard');

    // Before the overview is saved there is nothing to write profiles from.
    const early = await runJob(client, '/api/company/ideal-customer');
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(onboardingMessages.overviewMissing);

    expect((await client.patch('/api/company/company', { ...OVERVIEW, website: site.origin })).status).toBe(200);
    const generated = await runJob(client, '/api/company/ideal-customer');
    expect(generated.status).toBe(200);
    expect(generated.body.profiles).toHaveLength(2);
    const [first, second] = generated.body.icps as {
      id: number;
      profile: string;
      approved: null;
      company_id: number;
    }[];
    expect(first).toMatchObject({ company_id: companyId, approved: null, profile: generated.body.profiles[0] });
    expect(first!.profile).toMatch(/^#/m);

    let [company] = (await client.get('/api/company')).body;
    expect(company.icps.map((i: { id: number }) => i.id)).toEqual([first!.id, second!.id]);

    // No plan yet: GET answers 400, and generating needs a goal and an approved profile.
    const none = await client.get('/api/plan');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(onboardingMessages.planMissing);
    expect((await runJob(client, '/api/plan')).body.message).toBe(onboardingMessages.goalMissing);
    expect(
      (
        await client.patch('/api/company/company', {
          goal: 'CUSTOMER_INCREASE',
          customers: 'Families and offices in Bristol',
          why: 'Slow bread made by hand',
          current_revenue: 180000,
          suggested_budget: 600,
        })
      ).status,
    ).toBe(200);
    const unapproved = await runJob(client, '/api/plan');
    expect(unapproved.status).toBe(400);
    expect(unapproved.body.message).toBe(onboardingMessages.approvedIcpMissing);

    // Edit a pending one, approve it, remove the other, then take the removal back and remove again.
    const edited = `${first!.profile}\n\n## Notes\nLoves our cardamom buns.`;
    const saved = await client.post('/api/company/update/icp', { id: first!.id, profile: edited, approved: null });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: first!.id, profile: edited, approved: null });
    expect(
      (await client.post('/api/company/update/icp', { id: first!.id, profile: edited, approved: true })).body.approved,
    ).toBe(true);
    expect(
      (await client.post('/api/company/update/icp', { id: second!.id, profile: second!.profile, approved: false })).body
        .approved,
    ).toBe(false);
    expect(
      (await client.post('/api/company/update/icp', { id: second!.id, profile: second!.profile, approved: null })).body
        .approved,
    ).toBeNull();
    expect(
      (await client.post('/api/company/update/icp', { id: second!.id, profile: second!.profile, approved: false })).body
        .approved,
    ).toBe(false);

    const planned = await runJob(client, '/api/plan');
    expect(planned.status).toBe(200);
    expect(planned.body).toEqual({ plan: expect.stringMatching(/^#/), updatedAt: expect.any(String) });
    const plan = await client.get('/api/plan');
    expect(plan.status).toBe(200);
    expect(plan.body).toEqual(planned.body);
    expect(plan.body.plan).toContain("Rosa's Sourdough Bakery");
    expect(
      (
        plan.body.plan.match(
          /^#{2,4} .*(Month \d+|January|February|March|April|May|June|July|August|September|October|November|December)/gim,
        ) ?? []
      ).length,
    ).toBeGreaterThanOrEqual(12);

    [company] = (await client.get('/api/company')).body;
    expect(company.onboarded).toBe(true);
    expect(company.icps.map((i: { approved: boolean | null }) => i.approved)).toEqual([true, false]);

    // A new generation replaces what was not approved and keeps what was.
    const again = await runJob(client, '/api/company/ideal-customer');
    expect(again.status).toBe(200);
    [company] = (await client.get('/api/company')).body;
    expect(company.icps).toHaveLength(3);
    expect(company.icps[0]).toMatchObject({ id: first!.id, approved: true, profile: edited });
    expect(company.icps.slice(1).every((i: { approved: boolean | null }) => i.approved === null)).toBe(true);
  });

  it('keeps the ICP transitions of the spec, with sentences for the others', async () => {
    const { client } = await signedInUser('icp-rules');
    await client.patch('/api/company/company', OVERVIEW);
    const { body } = await runJob(client, '/api/company/ideal-customer');
    const icp = body.icps[0] as { id: number; profile: string };
    await client.post('/api/company/update/icp', { id: icp.id, profile: icp.profile, approved: true });

    const editApproved = await client.post('/api/company/update/icp', {
      id: icp.id,
      profile: 'Changed after approval',
      approved: true,
    });
    expect(editApproved.status).toBe(409);
    expect(editApproved.body.message).toBe(onboardingMessages.icpEditOnlyPending);
    const flip = await client.post('/api/company/update/icp', { id: icp.id, profile: icp.profile, approved: false });
    expect(flip.status).toBe(409);
    expect(flip.body.message).toBe(onboardingMessages.icpDecideFromPending);

    const missing = await client.post('/api/company/update/icp', { id: 99_999_999, profile: 'x', approved: true });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(onboardingMessages.icpNotFound);

    const invalid = await client.post('/api/company/update/icp', { id: icp.id, profile: '   ', approved: 'yes' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'profile', message: onboardingMessages.icpProfileRequired },
        { path: 'approved', message: onboardingMessages.icpApprovedInvalid },
      ]),
    );
    const tooLong = await client.post('/api/company/update/icp', {
      id: icp.id,
      profile: 'x'.repeat(20_001),
      approved: null,
    });
    expect(tooLong.body.errors).toEqual([{ path: 'profile', message: onboardingMessages.icpProfileTooLong }]);
  });

  it("another company's member cannot read its jobs or touch its profiles", async () => {
    const a = await signedInUser('icp-owner');
    const b = await signedInUser('icp-stranger');
    await a.client.patch('/api/company/company', OVERVIEW);
    const started = await a.client.post('/api/company/ideal-customer');
    const { body } = await settle(a.client, started.body.uuid);
    const icp = body.icps[0] as { id: number; profile: string };

    // The job is as unknown to B as one that never existed, while it runs and after.
    const poll = await b.client.get(`/api/lrp/${started.body.uuid}`);
    expect(poll.status).toBe(404);
    // B's own company has no ICP with that id: the id alone reaches nothing.
    const hijack = await b.client.post('/api/company/update/icp', { id: icp.id, profile: 'Hijacked', approved: true });
    expect(hijack.status).toBe(404);
    // Pointing the company cookie at A's company is refused by the membership check.
    b.client.cookies.set('COMPANY_ID', String(a.companyId));
    expect([403, 404]).toContain(
      (await b.client.post('/api/company/update/icp', { id: icp.id, profile: 'Hijacked', approved: true })).status,
    );
    expect([403, 404]).toContain((await b.client.get('/api/plan')).status);

    const [company] = (await a.client.get('/api/company')).body;
    expect(company.icps.find((i: { id: number }) => i.id === icp.id)).toMatchObject({
      profile: icp.profile,
      approved: null,
    });
  });

  it('two members deciding the same profile at once: one wins, the other is told, nothing is half-written', async () => {
    const { client } = await signedInUser('icp-race');
    await client.patch('/api/company/company', OVERVIEW);
    const { body } = await runJob(client, '/api/company/ideal-customer');
    const icp = body.icps[0] as { id: number; profile: string };
    const answers = await Promise.all([
      client.post('/api/company/update/icp', { id: icp.id, profile: icp.profile, approved: true }),
      client.post('/api/company/update/icp', { id: icp.id, profile: icp.profile, approved: false }),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.approved;
    const [company] = (await client.get('/api/company')).body;
    expect(company.icps.find((i: { id: number }) => i.id === icp.id).approved).toBe(winner);
  });
});

describe('onboarding from the sample website', () => {
  let sample: LoopbackSite;
  beforeAll(async () => {
    sample = await serveSite((req, res) => {
      const answer = sampleSiteAnswer((req.url ?? '/').split('?')[0] ?? '/', sample.origin);
      res.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body);
    });
  });
  afterAll(async () => {
    await sample.close();
  });

  /** What a heading glued to the paragraph under it made of the sample's "…on the quay in Bristol" + "We bake…". */
  const GLUED = /Bristol(?: |\n)?We\b|#BristolWe/i;
  /** Every string inside a value (the overview's fields, each profile, each keyword). */
  const strings = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : Array.isArray(value)
        ? value.flatMap(strings)
        : value && typeof value === 'object'
          ? Object.values(value).flatMap(strings)
          : [];
  const ADDRESS = /127\.0\.0\.1|\blocalhost\b|\b[a-z][\w-]*(?:\.[\w-]+)*:\d{2,5}\b/i;

  it('no "BristolWe" in the overview, the profiles, the plan, the keywords or the hashtags; the instructions in every post', async () => {
    const { client } = await signedInUser('sample-site');
    const overview = await runJob(client, '/api/company/overview', { website: sample.origin });
    expect(overview.status, JSON.stringify(overview.body)).toBe(200);
    expect(overview.body.name).toBe('Harbourside Sourdough');
    expect(overview.body.locations).toEqual(['Bristol']);

    const saved = await client.patch('/api/company/company', {
      ...overview.body,
      website: sample.origin,
      goal: 'CUSTOMER_INCREASE',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const icps = await runJob(client, '/api/company/ideal-customer');
    expect(icps.status).toBe(200);
    const first = (icps.body.icps as { id: number; profile: string }[])[0]!;
    await client.post('/api/company/update/icp', { id: first.id, profile: first.profile, approved: true });
    const plan = await runJob(client, '/api/plan');
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);

    await makePaid(client);
    const keywords = await runJob(client, '/api/seo/keywords/generate');
    expect(keywords.status, JSON.stringify(keywords.body)).toBe(200);
    const phrases = (keywords.body as { keyword: string }[]).map((k) => k.keyword);
    expect(phrases.length).toBeGreaterThanOrEqual(18);
    expect(phrases).toEqual(expect.arrayContaining(['bakery bristol', 'harbourside sourdough']));

    const zone = 'Europe/London';
    const day = (offset: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(Date.now() + offset * 86_400_000));
    const generated = await runJob(client, '/api/calendar/generate', {
      platform: ['instagram', 'threads'],
      specialInstructions: 'Mention that we are now open on Mondays from 8am.',
      exclusions: null,
      from: day(1),
      to: day(7),
      zone,
    });
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    const posts = await client.get(`/api/calendar/list/range?zone=${zone}&from=${day(1)}&to=${day(7)}`);
    const copy = (posts.body as { content: string }[]).map((p) => p.content);
    expect(copy.length).toBeGreaterThanOrEqual(14);
    for (const content of copy) {
      expect(content).toMatch(/open on Mondays from 8am/);
      expect(content).not.toMatch(/mention that/i);
      expect(content).not.toMatch(ADDRESS);
    }
    const hashtags = copy.flatMap((c) => c.match(/#\w+/g) ?? []);
    expect(hashtags).toContain('#Bristol');

    const [company] = (await client.get('/api/company')).body;
    const everything = {
      overview: overview.body,
      profiles: company.icps.map((i: { profile: string }) => i.profile),
      plan: plan.body.plan,
      keywords: phrases,
      hashtags,
      posts: copy,
    };
    for (const [part, value] of Object.entries(everything)) {
      for (const text of strings(value)) expect(text, part).not.toMatch(GLUED);
    }
    expect(JSON.stringify(everything.profiles)).toMatch(/Bristol/);
  });
});
