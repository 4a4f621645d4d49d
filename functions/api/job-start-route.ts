import type { z } from 'zod';
import type { BodyOut, Contract, Schema, ParamsOut, QueryOut } from '@shared/contract';
import type { jobStartedSchema } from '@shared/schemas/lrp';
import type { JobKind } from '../core/jobs/job-kind';
import { startJob } from '../core/jobs/job-store';
import { accepted, defineRoute, type RouteContext, type RouteDef } from '../core/http/route';

type StartContract = Contract<
  Schema | undefined,
  Schema | undefined,
  Schema | undefined,
  { 202: typeof jobStartedSchema }
>;

/**
 * A start route for a job kind: checks what must hold before starting (in `input`, which may
 * throw a domain error such as "Website not registered"), starts the job for the selected
 * company and answers 202 with the job's uuid for GET /api/lrp/{uuid}.
 */
export function jobStartRoute<C extends StartContract, I extends z.ZodType>(
  contract: C,
  kind: JobKind<I>,
  input: (ctx: RouteContext<'company', BodyOut<C>, QueryOut<C>, ParamsOut<C>>) => Promise<z.input<I>>,
): RouteDef {
  const start: StartContract = contract;
  return defineRoute(start, {
    access: 'company',
    handle: async (ctx) => {
      const jobInput = await input(ctx as RouteContext<'company', BodyOut<C>, QueryOut<C>, ParamsOut<C>>);
      return accepted(await startJob(kind, jobInput, { companyId: ctx.companyId, userId: ctx.user.id }));
    },
  });
}
