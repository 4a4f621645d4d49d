import { messages } from '@shared/messages';
import { goalDialogSchema, overviewRequestSchema, updateIcpSchema } from '@shared/schemas/onboarding';
import { describe, expect, it } from 'vitest';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('the goal dialog', () => {
  const valid = {
    goal: 'BOTH_MAINTAIN',
    customers: 'Families nearby',
    why: 'Bread made by hand',
    current_revenue: 0,
    suggested_budget: 250,
  };

  it('accepts the four goals and non-negative whole numbers', () => {
    for (const goal of ['LAUNCHING_BUSINESS', 'CUSTOMER_INCREASE', 'MAINTAIN_BUSINESS', 'BOTH_MAINTAIN']) {
      expect(goalDialogSchema.safeParse({ ...valid, goal }).success, goal).toBe(true);
    }
  });

  it("answers every missing field with the spec's sentences", () => {
    expect(messagesOf(goalDialogSchema.safeParse({}))).toEqual({
      goal: messages.goalInvalid,
      customers: 'Customers must be at least 10 characters long.',
      why: 'Why must be at least 10 characters long.',
      current_revenue: 'Current revenue must be an integer.',
      suggested_budget: 'Suggested budget must be an integer.',
    });
  });

  it('refuses other goals, fractions, negatives and short texts', () => {
    expect(
      messagesOf(
        goalDialogSchema.safeParse({
          goal: 'GET_RICH',
          customers: 'short',
          why: 'Bread made by hand',
          current_revenue: 1.5,
          suggested_budget: -1,
        }),
      ),
    ).toEqual({
      goal: messages.goalInvalid,
      customers: 'Customers must be at least 10 characters long.',
      current_revenue: 'Current revenue must be an integer.',
      suggested_budget: 'Suggested budget must not be negative.',
    });
  });
});

describe('the overview and ICP payloads', () => {
  it('normalises the website like the company rule, and requires one', () => {
    expect(overviewRequestSchema.parse({ website: 'rosas-bakery.co.uk' })).toEqual({
      website: 'https://rosas-bakery.co.uk',
    });
    expect(messagesOf(overviewRequestSchema.safeParse({ website: '  ' }))).toEqual({ website: messages.urlInvalid });
    expect(messagesOf(overviewRequestSchema.safeParse({ website: 'mailto:rosa@example.com' }))).toEqual({
      website: messages.websiteInvalid,
    });
  });

  it('takes an id as a number or digits, a trimmed profile, and approved true, false or null', () => {
    expect(updateIcpSchema.parse({ id: '7', profile: '  # Aisha  ', approved: null })).toEqual({
      id: 7,
      profile: '# Aisha',
      approved: null,
    });
    expect(updateIcpSchema.safeParse({ id: 7, profile: '# Aisha' }).success).toBe(false);
    expect(updateIcpSchema.safeParse({ id: 0, profile: '# Aisha', approved: true }).success).toBe(false);
  });
});
