import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CORE_LAYERS, domainOf, FILE_DOMAINS, mayImport, NOT_A_DOMAIN } from '../../functions/core/layers';

/**
 * The import graph of functions/core against its layer map (functions/core/layers.ts): every
 * import of every file, resolved by the TypeScript compiler as tsc resolves it (relative paths,
 * `index` files, the `@shared` alias, `import()` and `import type` alike), folded into domains.
 */
const root = resolve(import.meta.dirname, '../..');
const core = join(root, 'functions/core');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const options: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  baseUrl: root,
  paths: { '@shared/*': ['./shared/*'] },
  resolveJsonModule: true,
};
const host = ts.createCompilerHost(options);

/** Domain → domain, with the file imports that make each edge. */
function domainGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of files(core)) {
    const from = relative(core, file).split(sep).join('/');
    if (NOT_A_DOMAIN.includes(from)) continue;
    for (const imported of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      const target = ts.resolveModuleName(imported.fileName, file, options, host).resolvedModule;
      if (!target || target.isExternalLibraryImport || !target.resolvedFileName.startsWith(core + sep)) continue;
      const to = relative(core, target.resolvedFileName).split(sep).join('/');
      const [a, b] = [domainOf(from), domainOf(to)];
      if (a === b) continue;
      const edges = graph.get(a) ?? new Map<string, string[]>();
      graph.set(a, edges);
      edges.set(b, [...(edges.get(b) ?? []), `${from} → ${to}`]);
    }
  }
  return graph;
}

const graph = domainGraph();
const imports = (a: string, b: string) => graph.get(a)?.has(b) ?? false;

/** Pairs of domains that import each other, each as 'a ↔ b' with a before b. */
function mutualPairs(): string[] {
  return [...graph]
    .flatMap(([a, edges]) => [...edges.keys()].filter((b) => a < b && imports(b, a)).map((b) => `${a} ↔ ${b}`))
    .sort();
}

/** The cycles of the graph as strongly connected components of two or more domains (Tarjan). */
function cycles(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('functions/core domains depend one way (the layer map)', () => {
  it('names every domain of the tree in exactly one layer, and no domain the tree lacks', () => {
    const tree = readdirSync(core)
      .filter((name) => !NOT_A_DOMAIN.includes(name))
      .map((name) => domainOf(name))
      .sort();
    const mapped = CORE_LAYERS.flatMap((layer) => layer.domains);
    expect([...mapped].sort()).toEqual(tree);
    expect(new Set(mapped).size).toBe(mapped.length);
    const fileDomains = readdirSync(core).filter((name) => /\.ts$/.test(name) && !NOT_A_DOMAIN.includes(name));
    expect([...FILE_DOMAINS].sort()).toEqual(fileDomains.map((name) => domainOf(name)).sort());
  });

  it('no domain imports one of a layer above its own', () => {
    const upward = [...graph].flatMap(([from, edges]) =>
      [...edges].filter(([to]) => !mayImport(from, to)).flatMap(([, why]) => why),
    );
    expect(upward).toEqual([]);
  });

  it('no two domains import each other', () => {
    expect(mutualPairs()).toEqual([]);
  });

  it('no cycle between domains, however long', () => {
    expect(cycles()).toEqual([]);
  });

  it('publishing imports posts, and posts never imports publishing', () => {
    expect(imports('publishing', 'posts')).toBe(true);
    expect(imports('posts', 'publishing')).toBe(false);
  });

  it('only the composition root may import every domain, and nothing imports it', () => {
    const top = CORE_LAYERS.at(-1)!;
    expect(top.domains).toEqual(['composition-root']);
    expect([...graph].filter(([, edges]) => edges.has('composition-root')).map(([from]) => from)).toEqual([]);
  });
});
