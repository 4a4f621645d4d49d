import { auditHostLeases } from '../audit-entity';
import { keys } from '../../table/keys';
import { config } from '../../config';

/**
 * One audit crawls a host at a time, whichever company asked: three companies naming the same
 * website get one crawl's worth of requests, in turn, never three at once. The lease is taken
 * (or renewed) at the start of each crawl batch and lasts that batch plus a margin, so a batch
 * that dies leaves the host free again within minutes; the audit gives it back when it ends.
 */
const LEASE_MARGIN_MS = 120_000;

/** How long an audit waiting for a host waits before asking again (the workflow's Wait state). */
export const HOST_WAIT_SECONDS = 5;

/** The host an audit crawls, as the lease names it: no www., with the port when it has one. */
export function auditHostOf(website: string): string {
  const url = new URL(website);
  return url.host.replace(/^www\./, '').toLowerCase();
}

/**
 * Takes the host for this audit's next batch: the lease as now held (with when the previous
 * audit gave the host back), or undefined while another audit holds it.
 */
export function takeHostLease(website: string, companyId: number, auditId: string, now = Date.now()) {
  const host = auditHostOf(website);
  return auditHostLeases.patch(keys.auditHost(host), {
    set: { host, companyId, auditId, until: now + config.auditBatchMs + LEASE_MARGIN_MS },
    when: {
      expression: 'attribute_not_exists(#until) OR auditId = :me OR #until < :now',
      names: { '#until': 'until' },
      values: { ':me': auditId, ':now': now },
    },
  });
}

/**
 * Gives the host back, if this audit still holds it. The lease stays, expired, with the time it
 * was given back: the next audit of the host, whichever company's, asks no sooner than its
 * interval after, so a hand-over is not a burst.
 */
export async function releaseHostLease(website: string, auditId: string, now = Date.now()): Promise<void> {
  await auditHostLeases.change(keys.auditHost(auditHostOf(website)), {
    set: { until: 0, releasedAt: now },
    when: { expression: 'auditId = :me', values: { ':me': auditId } },
    ifExists: true,
  });
}
