import { safeParse } from 'zod/v4/core';
import type { Schema } from '@shared/contract';
import type { Reply, RouteDef } from './route';

/** A handler answered outside its contract: a bug, answered as a bare 500 and logged. */
class ResponseContractError extends Error {
  constructor(
    route: RouteDef,
    status: number,
    readonly issues: string,
  ) {
    super(`${route.method} ${route.path} answered ${status} outside its contract: ${issues}`);
    this.name = 'ResponseContractError';
  }
}

/**
 * Every answer is parsed with its contract's schema for that status before it leaves, in
 * both runtimes: a drifting handler fails a test rather than a user, and what is sent is the
 * schema's output, so a field the contract does not name (a password hash) cannot leak.
 */
export function checkReply(route: RouteDef, reply: Reply): Reply {
  const responses: Partial<Record<number, Schema | null>> = route.contract.responses;
  if (!(reply.status in responses)) {
    throw new ResponseContractError(route, reply.status, `status ${reply.status} is not declared`);
  }
  const schema = responses[reply.status];
  if (!schema) {
    if (reply.body !== undefined) throw new ResponseContractError(route, reply.status, 'a body where none is declared');
    return reply;
  }
  const parsed = safeParse(schema, reply.body);
  if (!parsed.success) throw new ResponseContractError(route, reply.status, parsed.error.message);
  return { ...reply, body: parsed.data };
}
