import { checkPost, PLATFORM_LABELS, ruleMessages } from '@shared/platform-rules';
import { describe, expect, it } from 'vitest';
import { ruleFieldErrors, ruleProblems, showRuleProblems } from '@/features/posts/rule-problems';

const rules = { check: checkPost, labels: PLATFORM_LABELS };

const words = (n: number) => 'Fresh sourdough every morning on the quay. '.repeat(Math.ceil(n / 43)).slice(0, n);

describe("the post editor's rule check: every broken rule of every platform at once", () => {
  it('names the platforms a sentence is about when it is not about all of them', () => {
    const problems = ruleProblems(['facebook', 'instagram', 'threads'], { content: words(600), files: [] }, rules);
    expect(problems).toEqual([
      { field: 'files', message: `Instagram: ${ruleMessages.instagramNeedsMedia}` },
      { field: 'content', message: `Threads: ${ruleMessages.copyTooLong(500)}` },
    ]);
    expect(ruleFieldErrors(problems)).toEqual({
      content: `Threads: ${ruleMessages.copyTooLong(500)}`,
      files: `Instagram: ${ruleMessages.instagramNeedsMedia}`,
    });
  });

  it('says a sentence once when every platform breaks it, and a blog its title too', () => {
    expect(ruleProblems(['facebook', 'linkedin'], { content: 'Too short', files: [] }, rules)).toEqual([
      { field: 'content', message: ruleMessages.copyTooShort(80) },
    ]);
    const blog = ruleProblems(['wordpress'], { content: 'Too short', files: [1, 2], subject: 'Short title' }, rules);
    expect(ruleFieldErrors(blog)).toEqual({
      content: ruleMessages.copyTooShort(80),
      files: ruleMessages.tooManyMedia(1),
      subject: ruleMessages.titleTooShort(80),
    });
  });

  it('finds nothing in a post every platform takes, and then leaves the form alone', () => {
    expect(ruleProblems(['facebook', 'instagram'], { content: words(200), files: [7] }, rules)).toEqual([]);
    const shown: unknown[] = [];
    expect(showRuleProblems(['instagram'], { content: words(200), files: [7] }, rules, (e) => shown.push(e))).toBe(
      false,
    );
    expect(showRuleProblems(['instagram'], { content: words(200), files: [] }, rules, (e) => shown.push(e))).toBe(true);
    expect(shown).toEqual([{ files: ruleMessages.instagramNeedsMedia }]);
  });
});
