import type { checkPost, Platform, PostDraft, RuleProblem } from '@shared/platform-rules';

/** The rules and names the editor already has: handed in, so this chunk imports nothing (an import puts a preload list into the editor's first load). */
export interface Rules {
  check: typeof checkPost;
  labels: Record<Platform, string>;
}

/**
 * Every rule a post breaks on every platform it is for, at once (the server stops at the first
 * platform, and a form field shows one message): one entry per field and sentence, the sentence
 * led by the platforms it is about when it is not about all of them.
 */
export function ruleProblems(
  platforms: readonly Platform[],
  draft: Omit<PostDraft, 'platform'>,
  rules: Rules,
): RuleProblem[] {
  const found = new Map<string, { problem: RuleProblem; platforms: Platform[] }>();
  for (const platform of platforms) {
    for (const problem of rules.check({ ...draft, platform }).problems) {
      const key = `${problem.field}\n${problem.message}`;
      const entry = found.get(key) ?? { problem, platforms: [] };
      entry.platforms.push(platform);
      found.set(key, entry);
    }
  }
  return [...found.values()].map(({ problem, platforms: about }) => ({
    field: problem.field,
    message:
      about.length === platforms.length
        ? problem.message
        : `${about.map((p) => rules.labels[p]).join(', ')}: ${problem.message}`,
  }));
}

/** The problems as the form's fields show them: all of a field's sentences under it. */
export function ruleFieldErrors(problems: readonly RuleProblem[]): Partial<Record<RuleProblem['field'], string>> {
  const errors: Partial<Record<RuleProblem['field'], string>> = {};
  for (const { field, message } of problems) errors[field] = errors[field] ? `${errors[field]} ${message}` : message;
  return errors;
}

/**
 * The editor's Schedule and Publish Now: puts every problem on the form's fields and says whether
 * there was one (fetched then, not with the editor: its first-load budget).
 */
export function showRuleProblems(
  platforms: readonly Platform[],
  draft: Omit<PostDraft, 'platform'>,
  rules: Rules,
  setErrors: (errors: Partial<Record<RuleProblem['field'], string>>) => void,
): boolean {
  const problems = ruleProblems(platforms, draft, rules);
  if (problems.length) setErrors(ruleFieldErrors(problems));
  return problems.length > 0;
}
