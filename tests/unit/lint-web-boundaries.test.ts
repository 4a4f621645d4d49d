import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The web's import boundaries (eslint.config.js, import-x/no-restricted-paths): pages compose any
 * data domain's api/ but never another page's internals; api/ and lib/ import no page, no UI and
 * nothing above them. Each fixture (tests/unit/lint-web-boundaries/*.fixture, not linted by
 * `npm run lint`) is linted with the repository's own config as if it stood at a path in web/src,
 * so the rule is tried on a real violation, through the alias and a relative path alike.
 */
const root = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
  // The fixture is no file of a tsconfig, and the one rule tried needs no types.
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

async function violations(fixture: string, asPath: string) {
  const text = readFileSync(join(import.meta.dirname, 'lint-web-boundaries', `${fixture}.fixture`), 'utf8');
  const [result] = await eslint.lintText(text, { filePath: join(root, asPath) });
  expect(result?.messages.filter((m) => m.fatal)).toEqual([]);
  // "Unexpected path "…" imported in restricted zone. <the zone's message>": the line and the zone's message.
  return (result?.messages ?? []).map((m) => `${String(m.line)}: ${m.message.replace(/^.* restricted zone\. /, '')}`);
}

describe('web import boundaries, as lint', { timeout: 120_000 }, () => {
  it("fails a page that imports another page's internals, by alias or relative path", async () => {
    expect(await violations('page-imports-another-page', 'web/src/features/calendar/lint-fixture.tsx')).toEqual([
      "2: A page imports another page's internals: share it through web/src/api or components.",
      "3: A page imports another page's internals: share it through web/src/api or components.",
    ]);
  });

  it('lets a page compose any domain api, shared UI, lib and its own folder', async () => {
    expect(await violations('page-composes-domains', 'web/src/features/calendar/lint-fixture.tsx')).toEqual([]);
  });

  it('fails a data domain that imports a page or UI', async () => {
    expect(await violations('domain-imports-page', 'web/src/api/posts/lint-fixture.ts')).toEqual([
      '2: Shared code does not import a page.',
      '3: Data and infrastructure do not import UI.',
    ]);
  });

  it('fails infrastructure that imports a data domain or the app shell', async () => {
    expect(await violations('lib-imports-domain', 'web/src/lib/lint-fixture.ts')).toEqual([
      '2: Infrastructure does not import a data domain.',
      '3: Only the app shell imports the app shell.',
    ]);
  });
});
