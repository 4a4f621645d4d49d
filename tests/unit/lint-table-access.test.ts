import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * One way to the table (docs/data-model.md): `project/no-raw-table-access` in eslint.config.js
 * fails a file outside functions/core/table that takes the document client or a DynamoDB command.
 * The fixtures are linted with the project's own config as if they sat where such code would.
 */
const root = resolve(import.meta.dirname, '../..');
const fixtures = join(import.meta.dirname, 'fixtures/lint');
const RULE = 'project/no-raw-table-access';

/** Only this rule, without type information (which the rule does not need and a virtual file lacks). */
function linter(extra: Linter.Config = {}) {
  return new ESLint({
    cwd: root,
    overrideConfig: [{ languageOptions: { parserOptions: { projectService: false } } }, extra],
    ruleFilter: ({ ruleId }) => ruleId === RULE,
  });
}
const eslint = linter();

/** The rule's findings on a fixture's text linted at `as` (a path from the repo root). */
async function lint(fixture: string, as: string, with_ = eslint) {
  const text = readFileSync(join(fixtures, fixture), 'utf8');
  const [result] = await with_.lintText(text, { filePath: join(root, as) });
  return result!.messages.map((m) => `${m.line}: ${m.ruleId ?? ''} ${m.message}`);
}

describe('no DynamoDB command or document client outside the entity layer (lint)', () => {
  // Loading the config and its plugins takes seconds on a loaded machine; each lint after it, milliseconds.
  beforeAll(() => eslint.calculateConfigForFile(join(root, 'functions/api/calendar/lint-fixture.ts')), 120_000);

  it('fails a namespace import of the commands and of the table client', async () => {
    const found = await lint('table-namespace.ts', 'functions/api/calendar/lint-fixture.ts');
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^2: project\/no-raw-table-access 'ddb' \(all of '@aws-sdk\/lib-dynamodb'\)/);
    expect(found[1]).toMatch(/^3: project\/no-raw-table-access 'client' \(all of '..\/..\/core\/table\/client'\)/);
  });

  it('fails the client and a command by name, whatever relative path reaches the module', async () => {
    expect(await lint('table-relative.ts', 'functions/api/calendar/lint-fixture.ts')).toEqual([
      expect.stringMatching(/^3: .*'QueryCommand' from '@aws-sdk\/lib-dynamodb'/),
      expect.stringMatching(/^4: .*'table' from '..\/..\/core\/table\/client'/),
      expect.stringMatching(/^5: .*'table' from '.\/..\/..\/core\/posts\/..\/table\/client.ts'/),
    ]);
  });

  it('fails the client reached through a path alias', async () => {
    const aliased = linter({
      settings: {
        'import-x/resolver-next': [createTypeScriptImportResolver({ project: join(fixtures, 'tsconfig.alias.json') })],
      },
    });
    expect(await lint('table-alias.ts', 'functions/api/calendar/lint-fixture.ts', aliased)).toEqual([
      expect.stringMatching(/^2: .*'table' from '@core\/table\/client'/),
    ]);
  });

  it('fails re-exports and dynamic imports of the client or the SDK', async () => {
    expect(await lint('table-reexport.ts', 'functions/api/calendar/lint-fixture.ts')).toEqual([
      expect.stringMatching(/^2: .*re-export of 'table'/),
      expect.stringMatching(/^3: .*re-export of '@aws-sdk\/client-dynamodb'/),
      expect.stringMatching(/^4: .*re-export of 'UpdateCommand'/),
    ]);
    expect(await lint('table-dynamic.ts', 'functions/api/calendar/lint-fixture.ts')).toEqual([
      expect.stringMatching(/^3: .*import\(\) of '..\/..\/core\/table\/client'/),
      expect.stringMatching(/^4: .*import\(\) of '@aws-sdk\/lib-dynamodb'/),
    ]);
  });

  it("passes types and the client module's helpers anywhere, and anything inside functions/core/table", async () => {
    expect(await lint('table-allowed.ts', 'functions/core/posts/lint-fixture.ts')).toEqual([]);
    expect(await lint('table-relative.ts', 'functions/core/table/nested/lint-fixture.ts')).toEqual([]);
  });

  it('each file exempted by name still needs it: linted as a file beside it, it fails', async () => {
    const configUrl = pathToFileURL(join(root, 'eslint.config.js')).href;
    const { default: config } = (await import(configUrl)) as { default: Linter.Config[] };
    const block = config.find((c) => c.rules && RULE in c.rules);
    const named = (block?.ignores ?? []).filter((pattern) => !pattern.includes('*'));
    expect(named.length).toBeGreaterThan(0);
    for (const file of named) {
      const [result] = await eslint.lintText(readFileSync(join(root, file), 'utf8'), {
        filePath: join(root, file.replace(/\.ts$/, '-lint-copy.ts')),
      });
      expect(
        result!.messages.filter((m) => m.ruleId === RULE),
        file,
      ).not.toEqual([]);
    }
  });
});
