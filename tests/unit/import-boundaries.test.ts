import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layering of ARCHITECTURE.md, checked on every import: shared ← functions/core ←
 * functions/api|workers ← infra; shared ← web. The web's own layers (pages, domains, lib) are lint:
 * tests/unit/lint-web-boundaries.test.ts.
 */
const root = resolve(import.meta.dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : files(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Every import of a file, as a path relative to the repo root (aliases resolved). */
function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [
    ...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*[`'"]([^`'"$]+)/g),
  ].flatMap((m) => m[1] ?? m[2] ?? []);
  return specs
    .map((spec) => {
      if (spec.startsWith('@shared/')) return `shared/${spec.slice('@shared/'.length)}`;
      if (spec.startsWith('@/')) return `web/src/${spec.slice('@/'.length)}`;
      if (spec.startsWith('.')) return relative(root, resolve(dirname(file), spec));
      return undefined;
    })
    .filter((p): p is string => !!p);
}

function violations(dir: string, forbidden: (target: string, source: string) => boolean) {
  return files(join(root, dir)).flatMap((file) => {
    const source = relative(root, file);
    return imports(file)
      .filter((target) => forbidden(target, source))
      .map((target) => `${source} → ${target}`);
  });
}

describe('import boundaries', () => {
  it('reads imports (relative, alias and dynamic) correctly', () => {
    expect(imports(join(root, 'functions/api/auth/routes.ts'))).toContain('functions/api/auth/login');
    expect(imports(join(root, 'functions/api/metadata/get-metadata.ts'))).toContain('shared/constants');
    expect(imports(join(root, 'infra/local/http-server.ts'))).toContain('functions/api/areas');
    expect(imports(join(root, 'functions/api/areas.ts'))).toContain('functions/api/auth/routes');
  });

  it('shared imports nothing of the project but itself', () => {
    expect(violations('shared', (t) => !t.startsWith('shared/'))).toEqual([]);
  });
  it('functions/core does not import areas, workers, infra or web', () => {
    expect(violations('functions/core', (t) => /^(functions\/(api|workers)|infra|web)\//.test(t))).toEqual([]);
  });
  it('functions/api and workers do not import infra or web', () => {
    expect(violations('functions', (t) => /^(infra|web)\//.test(t))).toEqual([]);
  });
  it('web imports only web and shared', () => {
    expect(violations('web/src', (t) => !/^(web|shared)\//.test(t))).toEqual([]);
  });
});
