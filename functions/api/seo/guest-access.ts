import { auditShareMessages, type AuditModule } from '@shared/schemas/audit-share';
import type { IssueSummary } from '@shared/schemas/seo-audit';
import { openShare } from '../../core/audit/shares/audit-shares';
import { notFound } from '../../core/errors';
import type { Access, Reply, RouteContext, RouteDef } from '../../core/http/route';

type GuestContext = RouteContext<'public', unknown, unknown, { token: string }>;

/** What a guest never sees of an issue: that it is ignored or turned off, and which checks the settings turn off. */
export function withoutTurnedOff(body: unknown): unknown {
  const strip = ({ off: _, ...issue }: IssueSummary) => issue;
  const value = body as { issues?: IssueSummary[]; issue?: IssueSummary; disabledChecks?: string[] };
  return {
    ...value,
    ...(value.issues ? { issues: value.issues.map(strip) } : {}),
    ...(value.issue ? { issue: strip(value.issue) } : {}),
    ...(value.disabledChecks ? { disabledChecks: [] } : {}),
  };
}

/**
 * A guest route's handler: the token must name a live link that grants `module`, and then the
 * member route answers for the link's company, exactly as it would for a member of it. The audit
 * id is looked up in that company only, so another company's audit is a 404 like any unknown
 * one. The Turned off tab does not exist for a guest.
 */
export function asGuest(module: AuditModule, memberRoute: RouteDef, shape: (body: unknown) => unknown = (b) => b) {
  return async (ctx: GuestContext): Promise<never> => {
    const share = await openShare(ctx.params.token, module);
    if ((ctx.query as { tab?: string } | undefined)?.tab === 'off') throw notFound(auditShareMessages.notFound);
    const reply: Reply = await memberRoute.handle({
      ...(ctx as RouteContext<Access, unknown, unknown, unknown>),
      companyId: share.companyId,
      user: undefined,
      // A guest acts as no member: no role, so nothing gated by one.
      role: undefined,
      memberId: undefined,
    });
    return { ...reply, body: shape(reply.body) } as never;
  };
}
