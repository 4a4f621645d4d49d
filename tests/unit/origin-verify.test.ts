import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpEvent } from '../../functions/core/http/event';
import { behindCloudFront, originVerify, originVerifyValues } from '../../functions/core/http/middleware/origin-verify';

/**
 * The origin-verify check as it runs in AWS: the expected value is the Secrets Manager secret
 * CloudFront's header is made from, read at run time and cached; during a rotation the previous
 * value is accepted too. (The real SDK read against moto's Secrets Manager is in
 * tests/integration/port-contracts-moto.test.ts.)
 */
const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:OriginVerify-abc123';

function secretStore(current: string, previous?: string) {
  const store = { current, previous, reads: 0, failNext: false };
  const read = async (_id: string, stage: 'AWSCURRENT' | 'AWSPREVIOUS') => {
    store.reads += 1;
    if (store.failNext) {
      store.failNext = false;
      throw new Error('throttled');
    }
    return stage === 'AWSCURRENT' ? store.current : store.previous;
  };
  return { store, read };
}

const request = (value?: string) =>
  ({
    event: { headers: value === undefined ? {} : { 'x-origin-verify': value } } as unknown as HttpEvent,
    context: {} as Context,
  }) as never;

afterEach(() => {
  delete process.env.ORIGIN_VERIFY_SECRET_ARN;
  delete process.env.ORIGIN_VERIFY_SECRET;
});

describe('origin-verify from Secrets Manager', () => {
  it('accepts the current value, refuses a missing or wrong one, and trusts CloudFront headers only when configured', async () => {
    expect(behindCloudFront()).toBe(false);
    process.env.ORIGIN_VERIFY_SECRET_ARN = ARN;
    expect(behindCloudFront()).toBe(true);
    const { read } = secretStore('current-value');
    const check = originVerify(originVerifyValues(read)).before!;
    await expect(check(request('current-value'))).resolves.toBeUndefined();
    await expect(check(request())).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(check(request('guess'))).rejects.toMatchObject({ kind: 'forbidden' });
  });

  it('reads the secret once per five minutes, not once per request', async () => {
    process.env.ORIGIN_VERIFY_SECRET_ARN = ARN;
    let now = 1_000_000;
    const { store, read } = secretStore('v1');
    const check = originVerify(originVerifyValues(read, () => now)).before!;
    for (let i = 0; i < 5; i++) await check(request('v1'));
    expect(store.reads).toBe(2); // AWSCURRENT and AWSPREVIOUS, once
    now += 5 * 60_000;
    await check(request('v1'));
    expect(store.reads).toBe(4);
  });

  it('during a rotation accepts both values, and picks up a new value at a mismatch (at most every 30 s)', async () => {
    process.env.ORIGIN_VERIFY_SECRET_ARN = ARN;
    let now = 1_000_000;
    const { store, read } = secretStore('old');
    const check = originVerify(originVerifyValues(read, () => now)).before!;
    await check(request('old'));
    // The operator rotates: the old value becomes AWSPREVIOUS, CloudFront still sends it for a while.
    store.current = 'new';
    store.previous = 'old';
    await expect(check(request('new'))).rejects.toMatchObject({ kind: 'forbidden' }); // read 10 ms ago: not re-read
    now += 31_000;
    await expect(check(request('new'))).resolves.toBeUndefined();
    await expect(check(request('old'))).resolves.toBeUndefined();
    const reads = store.reads;
    await expect(check(request('forged'))).rejects.toMatchObject({ kind: 'forbidden' });
    expect(store.reads).toBe(reads); // a flood of wrong values does not become a flood of reads
  });

  it('does not cache a failed read, and lets no request through while it fails', async () => {
    process.env.ORIGIN_VERIFY_SECRET_ARN = ARN;
    const { store, read } = secretStore('v1');
    const check = originVerify(originVerifyValues(read)).before!;
    store.failNext = true;
    await expect(check(request('v1'))).rejects.toThrow('throttled');
    await expect(check(request('v1'))).resolves.toBeUndefined();
  });

  it('uses a literal ORIGIN_VERIFY_SECRET where there is no Secrets Manager', async () => {
    process.env.ORIGIN_VERIFY_SECRET = 'literal';
    const { store, read } = secretStore('unused');
    const check = originVerify(originVerifyValues(read)).before!;
    await expect(check(request('literal'))).resolves.toBeUndefined();
    await expect(check(request('unused'))).rejects.toMatchObject({ kind: 'forbidden' });
    expect(store.reads).toBe(0);
  });
});
