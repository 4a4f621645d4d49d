import { decodeTime } from 'ulid';
import { z } from 'zod';
import { defineEntity } from '../../table/entity';
import { keys } from '../../table/keys';
import { audits } from '../audit-entity';
import { auditHostOf } from './host-lease';

/** An id this old is an audit that died while waiting (no audit runs this long): it holds no place. */
const FORGOTTEN_MS = 24 * 3600_000;

/**
 * AUDITHOST#<host> / QUEUE: the audits waiting for a host another audit is crawling. The ids are
 * ULIDs, so they sort in the order the audits started: that order is the queue the report shows
 * (spec 02 §4 "in queue (place in queue)"), whoever takes the lease next.
 */
const auditHostQueues = defineEntity({
  type: 'audit-host-queue',
  schema: z.object({ host: z.string(), waiting: z.set(z.string()).optional() }),
  key: (q) => keys.auditHostQueue(q.host),
});

const running = { expression: '#status = :running', names: { '#status': 'status' }, values: { ':running': 'running' } };

/** The audit waits for its host: it joins the queue and its place (1 = next) goes on the audit. */
export async function waitInHostQueue(companyId: number, auditId: string, website: string, now = Date.now()) {
  const host = auditHostOf(website);
  await auditHostQueues.change(keys.auditHostQueue(host), { set: { host }, add: { waiting: new Set([auditId]) } });
  const queue = await auditHostQueues.get(keys.auditHostQueue(host), { consistent: true });
  const ahead = [...(queue?.waiting ?? [])].filter((id) => id < auditId && now - decodeTime(id) < FORGOTTEN_MS);
  await audits.change(keys.audit(companyId, auditId), { set: { queuePlace: ahead.length + 1 }, when: running });
}

/** The audit has its host (or has ended): out of the queue, and its place off the audit. */
export async function leaveHostQueue(companyId: number, auditId: string, website: string) {
  await auditHostQueues.change(keys.auditHostQueue(auditHostOf(website)), {
    delete: { waiting: new Set([auditId]) },
    ifExists: true,
  });
  await audits.change(keys.audit(companyId, auditId), { remove: ['queuePlace'], ifExists: true });
}
