import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { authContracts } from '@shared/contracts/auth';
import { companyContracts } from '@shared/contracts/company';
import { messages } from '@shared/messages';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  call,
  ContractMismatchError,
  errorMessage,
  isUpgradeRequired,
  send,
  setApiBaseUrl,
  setForbiddenHandler,
  setUnauthorizedHandler,
  setUpgradeRequiredHandler,
} from '@/lib/api-client';
import { JobFailedError, pollJob } from '@/lib/poll-job';

/**
 * The SPA's API client against a loopback server that answers as the API documents: JSON
 * bodies, the spec's error shape, 204 without a body, and GET /api/lrp/{uuid} with 202, the
 * result, a job's own error status or a crash.
 */
type Handler = (req: IncomingMessage, body: string) => { status: number; body?: unknown; raw?: string };
let handler: Handler = () => ({ status: 500 });
const seen: { method: string; url: string; body: string; contentType?: string }[] = [];
let server: Server;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body, contentType: req.headers['content-type'] });
      const answer = handler(req, body);
      res.statusCode = answer.status;
      if (answer.raw !== undefined) return res.end(answer.raw);
      if (answer.body === undefined) return res.end();
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  setApiBaseUrl(`http://127.0.0.1:${address.port}`);
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  seen.length = 0;
  setUnauthorizedHandler(() => undefined);
  setForbiddenHandler(() => undefined);
  setUpgradeRequiredHandler(() => undefined);
  vi.restoreAllMocks();
});

const profile = { id: 7, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', subscribed: false };

describe('call(contract)', () => {
  it('fills the path, sends the body as JSON and parses the answer with the contract', async () => {
    handler = () => ({ status: 201, body: { id: 3, email: 'new@example.com' } });
    const invite = await call(companyContracts.invite, { params: { id: 42 }, body: { email: 'new@example.com' } });
    expect(invite).toEqual({ id: 3, email: 'new@example.com' });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/company/42/invite',
      body: '{"email":"new@example.com"}',
      contentType: 'application/json',
    });
  });

  it('puts the query in the address, leaving out empty values', async () => {
    handler = () => ({ status: 200, body: { companyName: 'Bakery', companyID: 5, email: 'a@b.co' } });
    await call(authContracts.invitation, { query: { token: 'a b&c' } });
    expect(seen[0]?.url).toBe('/api/auth/invitation?token=a+b%26c');
  });

  it('answers undefined for a 204', async () => {
    handler = () => ({ status: 204 });
    await expect(call(companyContracts.remove, { params: { id: 9 } })).resolves.toBeUndefined();
    expect(seen[0]).toMatchObject({ method: 'DELETE', url: '/api/company/9' });
  });

  it('throws a ContractMismatchError naming the route and the field when the body breaks the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    handler = () => ({ status: 200, body: { ...profile, id: 'seven' } });
    const failure = call(authContracts.profile);
    await expect(failure).rejects.toBeInstanceOf(ContractMismatchError);
    await expect(failure).rejects.toThrow(/GET \/api\/auth\/profile answered 200 .*id:/);
    // The user is not shown the technical detail.
    expect(errorMessage(await failure.catch((e: unknown) => e))).toBe(messages.unknownError);
  });

  it('refuses a success status the contract does not declare', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    handler = () => ({ status: 200, body: profile });
    await expect(
      call(authContracts.register, {
        body: { firstName: 'A', lastName: 'B', email: 'a@b.co', password: 'x'.repeat(8), accept_terms: true },
      }),
    ).rejects.toThrow(/status 200 is not declared/);
  });

  it('turns an error answer into an ApiError with the message and field errors of either 422 shape', async () => {
    handler = () => ({
      status: 422,
      body: { message: 'Some fields are not valid.', errors: [{ path: 'email', message: 'Email is not valid.' }] },
    });
    const list = await call(authContracts.resendVerify, { body: { email: 'x' } }).catch((e: unknown) => e);
    expect(list).toBeInstanceOf(ApiError);
    expect(list).toMatchObject({
      status: 422,
      message: 'Some fields are not valid.',
      fieldErrors: { email: 'Email is not valid.' },
    });

    handler = () => ({
      status: 422,
      body: { message: 'Invalid', errors: { name: ['Name must be at least 3 characters long.'] } },
    });
    const map = await call(companyContracts.create, { body: { name: 'x' } }).catch((e: unknown) => e);
    expect(map).toMatchObject({ fieldErrors: { name: 'Name must be at least 3 characters long.' } });
  });

  it('uses the generic sentence when an error has no readable body', async () => {
    handler = () => ({ status: 502, raw: '<html>Bad gateway</html>' });
    const error = await call(authContracts.profile).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: messages.unknownError });
  });

  it('reports 401 as signed out and 403 as forbidden, and a 402 upgrade as neither', async () => {
    const reported: string[] = [];
    setUnauthorizedHandler(() => reported.push('unauthorized'));
    setForbiddenHandler(() => reported.push('forbidden'));
    setUpgradeRequiredHandler(() => reported.push('upgrade'));

    handler = () => ({ status: 401, body: { message: 'You need to sign in to continue.' } });
    await call(authContracts.profile).catch(() => undefined);
    handler = () => ({ status: 403, body: { message: 'You do not have access to this.' } });
    await call(companyContracts.list).catch(() => undefined);
    handler = () => ({ status: 402, body: { message: messages.upgradeRequired, code: 'UPGRADE_REQUIRED' } });
    const upgrade = await call(companyContracts.list).catch((e: unknown) => e);

    expect(reported).toEqual(['unauthorized', 'forbidden', 'upgrade']);
    expect(isUpgradeRequired(upgrade)).toBe(true);
    expect(errorMessage(upgrade)).toBe(messages.upgradeRequired);
    expect(isUpgradeRequired(new ApiError(403, 'x', { message: 'x' }))).toBe(false);
  });

  it('gives the status with the body through send()', async () => {
    handler = () => ({ status: 200, body: { id: 1, email: 'renewed@example.com' } });
    await expect(
      send(companyContracts.invite, { params: { id: 1 }, body: { email: 'renewed@example.com' } }),
    ).resolves.toEqual({
      status: 200,
      body: { id: 1, email: 'renewed@example.com' },
    });
  });
});

describe('pollJob (spec 01 §4 long-running operations)', () => {
  const planSchema = z.object({ plan: z.string() });

  /** Answers GET /api/lrp/{uuid} from a script, one answer per poll. */
  function script(answers: { status: number; body?: unknown }[]) {
    handler = (req) => {
      const next = answers.shift();
      if (!next || !req.url?.startsWith('/api/lrp/')) return { status: 599, body: { message: 'polled too often' } };
      return next;
    };
  }

  it('polls while the job answers 202 and parses the result with the job kind schema', async () => {
    script([
      { status: 202, body: { status: 'running', uuid: 'job-1' } },
      { status: 202, body: { status: 'running', uuid: 'job-1', step: 'draft' } },
      { status: 200, body: { plan: '# Plan' } },
    ]);
    await expect(pollJob('job-1', planSchema, { intervalMs: 5 })).resolves.toEqual({ plan: '# Plan' });
    expect(seen.map((s) => s.url)).toEqual(['/api/lrp/job-1', '/api/lrp/job-1', '/api/lrp/job-1']);
  });

  it('a job that is gone (404) fails with the spec sentence', async () => {
    script([
      { status: 202, body: { status: 'running', uuid: 'job-2' } },
      { status: 404, body: { message: 'Not Found' } },
    ]);
    const failure = pollJob('job-2', planSchema, { intervalMs: 5 });
    await expect(failure).rejects.toBeInstanceOf(JobFailedError);
    await expect(failure).rejects.toThrow(messages.jobFailed);
  });

  it('a crashed job (500) fails with the spec sentence, not the crash', async () => {
    script([{ status: 500, body: { message: 'Internal Server Error' } }]);
    const error = await pollJob('job-3', planSchema, { intervalMs: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobFailedError);
    expect(errorMessage(error)).toBe(messages.jobFailed);
  });

  it("a job's user error reaches the user with its own status and message", async () => {
    script([
      { status: 202, body: { status: 'running', uuid: 'job-4' } },
      { status: 422, body: { message: messages.websiteNotRegistered } },
    ]);
    const error = await pollJob('job-4', planSchema, { intervalMs: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422 });
    expect(errorMessage(error)).toBe(messages.websiteNotRegistered);
  });

  it('a result that breaks the job kind schema is a contract mismatch', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    script([{ status: 200, body: { plan: 42 } }]);
    await expect(pollJob('job-5', planSchema, { intervalMs: 5 })).rejects.toBeInstanceOf(ContractMismatchError);
  });

  it('gives up when aborted while waiting', async () => {
    script([
      { status: 202, body: { status: 'running', uuid: 'job-6' } },
      { status: 202, body: { status: 'running', uuid: 'job-6' } },
    ]);
    const controller = new AbortController();
    const polling = pollJob('job-6', planSchema, { intervalMs: 60_000, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('left the page')), 50);
    await expect(polling).rejects.toThrow('left the page');
  });
});
