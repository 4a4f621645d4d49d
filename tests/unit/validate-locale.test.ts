import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import '../../functions/core/http/middleware/validate';

describe('request validation messages', () => {
  it("answers a check without a spec sentence in zod's English, though shared schemas are zod/mini", () => {
    const result = z.object({ inviteToken: z.string().check(z.maxLength(3)) }).safeParse({ inviteToken: 'abcd' });
    expect(result.error?.issues[0]?.message).toBe('Too big: expected string to have <=3 characters');
  });
});
