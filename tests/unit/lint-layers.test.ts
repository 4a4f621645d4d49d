import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { CORE_LAYERS, layerZones } from '../../functions/core/layers';

/**
 * The layer map of functions/core as lint (functions/core/layers.ts, docs/architecture.md):
 * eslint.config.js gives import-x/no-restricted-paths one zone per domain, so an import of a domain
 * of a higher layer fails `npm run lint`. The fixtures are linted with the project's own config as
 * if they sat in the domain named.
 */
const root = resolve(import.meta.dirname, '../..');
const fixtures = join(import.meta.dirname, 'fixtures/lint');
const RULE = 'import-x/no-restricted-paths';

/** Only this rule, without type information (which the rule does not need and a virtual file lacks). */
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [{ languageOptions: { parserOptions: { projectService: false } } }],
  ruleFilter: ({ ruleId }) => ruleId === RULE,
});

/** The rule's findings on a fixture's text linted at `as` (a path from the repo root): line and imported path. */
async function lint(fixture: string, as: string) {
  const text = readFileSync(join(fixtures, fixture), 'utf8');
  const [result] = await eslint.lintText(text, { filePath: join(root, as) });
  return result!.messages.map((m) => `${m.line}: ${m.ruleId ?? ''} ${m.message}`);
}

describe('the layer map of functions/core (lint)', () => {
  // The config, its plugins and the TypeScript resolver load on the first lint, once for the file.
  beforeAll(() => lint('layers-downward.ts', 'functions/core/media/lint-fixture.ts'), 120_000);

  it('fails media importing publishing, the composition root, imports and the audit, by any import form', async () => {
    const found = await lint('layers-upward.ts', 'functions/core/media/lint-fixture.ts');
    expect(found).toEqual([
      expect.stringMatching(/^3: import-x\/no-restricted-paths .*"\.\.\/publishing\/publish-steps".*layer 'resources'/),
      expect.stringMatching(/^4: .*"\.\/\.\.\/calendar\/\.\.\/composition-root\/company-registry"/),
      expect.stringMatching(/^5: .*"\.\.\/imports\/import-entity"/),
      expect.stringMatching(/^6: .*"\.\.\/publishing\/post-sweeper"/),
      expect.stringMatching(/^8: .*"\.\.\/audit\/audit-run"/),
    ]);
  });

  it('fails a foundation importing a domain', async () => {
    expect(await lint('layers-foundation.ts', 'functions/core/table/lint-fixture.ts')).toEqual([
      expect.stringMatching(/^2: .*"\.\.\/media\/media-store".*layer 'foundations'/),
    ]);
  });

  it('passes imports of the same layer and the layers below', async () => {
    expect(await lint('layers-downward.ts', 'functions/core/media/lint-fixture.ts')).toEqual([]);
    // The composition root may import every domain.
    expect(await lint('layers-upward.ts', 'functions/core/composition-root/lint-fixture.ts')).toEqual([]);
  });

  it('has one zone per domain that has a layer above it, each barring every domain above', () => {
    const zones = layerZones();
    const below = CORE_LAYERS.slice(0, -1).flatMap((layer) => layer.domains);
    expect(zones.map((zone) => zone.target.replace(/^functions\/core\/|\.ts$/g, ''))).toEqual(below);
    const media = zones.find((zone) => zone.target === 'functions/core/media')!;
    expect(media.from).toContain('functions/core/publishing');
    expect(media.from).not.toContain('functions/core/companies');
    zones.forEach((zone, n) => {
      const layer = CORE_LAYERS.findIndex((l) => l.domains.includes(below[n]!));
      const above = CORE_LAYERS.slice(layer + 1).flatMap((l) => l.domains);
      expect(zone.from.map((path) => path.replace(/^functions\/core\/|\.ts$/g, ''))).toEqual(above);
    });
  });
});
