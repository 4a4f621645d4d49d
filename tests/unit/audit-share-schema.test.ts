import { describe, expect, it } from 'vitest';
import { createAuditShareSchema } from '@shared/schemas/audit-share';

describe('a guest link mailed to an address (spec 02 §5, the audit email field)', () => {
  it("says 'Please check your email' for an address that is not one", () => {
    const parsed = createAuditShareSchema.safeParse({ modules: ['overview'], email: 'rosa@' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['Please check your email']);
  });

  it('takes a real address, lower-cased, and no address at all', () => {
    expect(createAuditShareSchema.parse({ modules: ['overview'], email: 'Rosa@Example.com' }).email).toBe(
      'rosa@example.com',
    );
    expect(createAuditShareSchema.parse({ modules: ['overview'] }).email).toBeUndefined();
  });
});
