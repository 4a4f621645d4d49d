import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { AREAS, areaOfPath } from '../../functions/api/areas';
import { WORKFLOWS } from '../../functions/core/workflows';
import { RECURRING_WORKERS, WORKERS } from '../../functions/workers/workers';
import { PERMISSIONS } from '../../shared/permissions';
import vitestConfig from '../../vitest.config';

/**
 * The docs' mechanical claims (lists of areas, contract files, workers, workflow states,
 * dependencies, scripts, test projects, permissions, paths and links) read from the markdown's
 * own structure and compared with the code, so a change to one fails here until the other
 * follows. Each problem is one sentence saying what to change.
 */

const parser = unified().use(remarkParse).use(remarkGfm);
type Root = ReturnType<typeof parser.parse>;
type Block = Root['children'][number];
type Table = Extract<Block, { type: 'table' }>;
type Cell = Table['children'][number]['children'][number];
type AnyNode = { type: string; value?: string; url?: string; depth?: number; children?: AnyNode[] };

/** Each page parsed once for the whole file: several checks read the same pages. */
const parsed = new Map<string, Root>();
function parse(file: string): Root {
  const root = parsed.get(file) ?? parser.parse(readFileSync(file, 'utf8'));
  parsed.set(file, root);
  return root;
}

/** Plain text of a node: its text and inline code, without the markup. */
function textOf(node: AnyNode): string {
  if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

/** Every inline code value under a node, in order. */
function codesOf(node: AnyNode): string[] {
  if (node.type === 'inlineCode') return [node.value ?? ''];
  return (node.children ?? []).flatMap(codesOf);
}

function walk(node: AnyNode, visit: (node: AnyNode) => void) {
  visit(node);
  for (const child of node.children ?? []) walk(child, visit);
}

/** The blocks under the first heading whose text satisfies `match`, up to the next heading as high. */
function section(root: Root, match: (heading: string) => boolean): Block[] {
  const start = root.children.findIndex((node) => node.type === 'heading' && match(textOf(node)));
  if (start < 0) return [];
  const depth = (root.children[start] as { depth: number }).depth;
  const rest = root.children.slice(start + 1);
  const end = rest.findIndex((node) => node.type === 'heading' && node.depth <= depth);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The rows (header first) of the first table whose header's first cell reads `firstHeader`. */
function tableWith(blocks: readonly Block[], firstHeader: string): Cell[][] | undefined {
  const table = blocks.find(
    (node): node is Table =>
      node.type === 'table' && textOf(node.children[0]?.children[0] ?? { type: 'text' }).trim() === firstHeader,
  );
  return table?.children.map((row) => row.children);
}

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

/** What `expected` has that `actual` lacks, and the reverse, each as a sentence. */
function differences(
  what: string,
  doc: string,
  documented: Iterable<string>,
  actual: Iterable<string>,
  source: string,
) {
  const inDoc = new Set(documented);
  const inCode = new Set(actual);
  return [
    ...sorted([...inCode].filter((name) => !inDoc.has(name))).map(
      (name) => `${doc} does not list the ${what} \`${name}\` (${source} has it): add it`,
    ),
    ...sorted([...inDoc].filter((name) => !inCode.has(name))).map(
      (name) => `${doc} lists the ${what} \`${name}\`, which ${source} does not have: remove or rename it`,
    ),
  ];
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}
const DOCS = ['README.md', ...markdownFiles('docs')];

describe('docs/dependencies.md', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, Record<string, string>>;
  const root = parse('docs/dependencies.md');

  /**
   * A bullet's lead, before its first colon outside parentheses and code, names its packages
   * (parenthesised notes aside); the rest is the reason.
   */
  function bullet(item: AnyNode) {
    const inlines = item.children?.[0]?.children ?? [];
    const names: string[] = [];
    let lead = '';
    let reason = '';
    let depth = 0;
    let inReason = false;
    for (const node of inlines) {
      if (inReason) {
        reason += textOf(node);
        continue;
      }
      if (node.type === 'inlineCode') {
        if (depth === 0) names.push(node.value ?? '');
        continue;
      }
      const text = textOf(node);
      for (let i = 0; i < text.length; i++) {
        const char = text.charAt(i);
        if (char === '(') depth++;
        else if (char === ')') depth--;
        else if (char === ':' && depth === 0) {
          inReason = true;
          reason += text.slice(i + 1);
          break;
        } else if (depth === 0) lead += char;
      }
    }
    return { names, lead: lead.trim(), reason: reason.trim() };
  }

  for (const [field, title] of [
    ['dependencies', 'Runtime'],
    ['devDependencies', 'Development'],
  ] as const) {
    it(`names every package of package.json's ${field}, with its reason, under its own heading`, () => {
      const blocks = section(root, (heading) => heading.startsWith(title) && heading.includes(field));
      const problems: string[] = [];
      if (blocks.length === 0)
        problems.push(`docs/dependencies.md has no heading starting "${title}" that names \`${field}\``);
      const documented: string[] = [];
      for (const list of blocks.filter((node) => node.type === 'list'))
        for (const item of (list as AnyNode).children ?? []) {
          const { names, lead, reason } = bullet(item);
          const itemText = textOf(item).slice(0, 60);
          if (names.length === 0)
            problems.push(`a bullet under "${title}" names no package before its colon: "${itemText}…"`);
          if (!/^[\s,]*((and|,)\s*)*$/.test(lead.replace(/\band\b/g, ',')))
            problems.push(
              `the bullet "${itemText}…" has words before its colon: only package names (and notes in parentheses) go there`,
            );
          if (reason.split(/\s+/).length < 3)
            problems.push(`the bullet for ${names.join(', ')} gives no reason after its colon`);
          documented.push(...names);
        }
      for (const name of sorted(documented.filter((name, i) => documented.indexOf(name) !== i)))
        problems.push(`docs/dependencies.md names \`${name}\` in two bullets under "${title}": keep one`);
      const other = field === 'dependencies' ? 'devDependencies' : 'dependencies';
      const actual = Object.keys(pkg[field] ?? {});
      problems.push(
        ...differences(
          `${field} package`,
          `docs/dependencies.md's "${title}" section`,
          documented,
          actual,
          'package.json',
        ).map((problem) => {
          const name = /`([^`]+)`/.exec(problem)?.[1] ?? '';
          return name in (pkg[other] ?? {})
            ? `${problem} (package.json has it in ${other}: move its bullet to that section)`
            : problem;
        }),
      );
      expect(problems).toEqual([]);
    });
  }
});

// Imports every contract module: seconds on a machine busy with other runs.
describe('the areas and their contract files (docs/routes.md)', { timeout: 60_000 }, () => {
  it('lists every /api area with the contract files whose routes it serves', async () => {
    const servedBy = new Map<string, Set<string>>();
    const contractDir = 'shared/contracts';
    for (const file of readdirSync(contractDir).filter((name) => name.endsWith('.ts'))) {
      const module = (await import(`../../${contractDir}/${file}`)) as Record<string, unknown>;
      const seen = new Set<unknown>();
      const visit = (value: unknown) => {
        if (!value || typeof value !== 'object' || seen.has(value)) return;
        seen.add(value);
        const { method, path } = value as { method?: unknown; path?: unknown };
        if (typeof method === 'string' && typeof path === 'string') {
          const area = areaOfPath(path);
          servedBy.set(area, (servedBy.get(area) ?? new Set()).add(file));
          return;
        }
        Object.values(value).forEach(visit);
      };
      Object.values(module).forEach(visit);
      if (![...servedBy.values()].some((files) => files.has(file)))
        servedBy.set('(none)', (servedBy.get('(none)') ?? new Set()).add(file));
    }
    const rows = tableWith(
      section(parse('docs/routes.md'), (heading) => heading === 'Contracts'),
      'area',
    );
    const problems: string[] = [];
    if (!rows) problems.push('docs/routes.md\'s "Contracts" section has no table whose first column is "area"');
    const documented = new Map<string, string[]>();
    for (const [areaCell, filesCell] of (rows ?? []).slice(1)) {
      const area = codesOf(areaCell as AnyNode)[0] ?? textOf(areaCell as AnyNode);
      documented.set(area, filesCell ? codesOf(filesCell) : []);
    }
    problems.push(
      ...differences(
        'area',
        'docs/routes.md',
        documented.keys(),
        AREAS.map((area) => area.name),
        'functions/api/areas.ts',
      ),
    );
    for (const [area, files] of documented)
      problems.push(
        ...differences(
          `contract file of area ${area}`,
          `docs/routes.md's row for ${area}`,
          files,
          servedBy.get(area) ?? [],
          `${contractDir} (a file with a route under the area's paths)`,
        ),
      );
    for (const file of servedBy.get('(none)') ?? [])
      problems.push(`${contractDir}/${file} declares no route: remove it, or say in the table where its routes are`);
    expect(problems).toEqual([]);
  });
});

describe('the workers and workflows of docs/architecture.md', () => {
  const root = parse('docs/architecture.md');
  const asl = (name: string) =>
    JSON.parse(readFileSync(`infra/workflows/${name}.asl.json`, 'utf8')) as { States: Record<string, unknown> };

  it('draws each workflow with exactly the states of its ASL file', () => {
    const problems: string[] = [];
    for (const workflow of WORKFLOWS) {
      const file = `infra/workflows/${workflow}.asl.json`;
      const index = root.children.findIndex((node) => node.type === 'paragraph' && codesOf(node).includes(file));
      const diagram = root.children
        .slice(index + 1)
        .find((node): node is Extract<Block, { type: 'code' }> => node.type === 'code');
      if (index < 0 || !diagram) {
        problems.push(
          `docs/architecture.md has no diagram of ${workflow}: a paragraph naming \`${file}\`, then a code block`,
        );
        continue;
      }
      const drawn = diagram.value.match(/\b[A-Z][A-Za-z]*\??/g) ?? [];
      problems.push(
        ...differences(
          `state of ${workflow}`,
          `docs/architecture.md's diagram of ${workflow}`,
          drawn,
          Object.keys(asl(workflow).States),
          file,
        ),
      );
    }
    expect(problems).toEqual([]);
  });

  it('lists every worker Lambda: the Task states it runs, or the rate it runs at', () => {
    const rows = tableWith(
      section(root, (heading) => heading === 'Workers'),
      'worker',
    );
    const problems: string[] = [];
    if (!rows) problems.push('docs/architecture.md\'s "Workers" section has no table whose first column is "worker"');
    const documented = new Map<string, Cell>();
    for (const [name, runs] of (rows ?? []).slice(1)) if (name && runs) documented.set(codesOf(name)[0] ?? '', runs);
    problems.push(
      ...differences(
        'worker',
        'docs/architecture.md',
        documented.keys(),
        [...WORKERS, ...RECURRING_WORKERS].map((worker) => worker.name),
        'WORKERS and RECURRING_WORKERS (functions/workers/workers.ts)',
      ),
    );
    for (const worker of WORKERS) {
      const cell = documented.get(worker.name);
      if (!cell) continue;
      const expected = WORKFLOWS.flatMap((workflow) =>
        Object.entries(asl(workflow).States)
          .filter(([, state]) => JSON.stringify(state).includes(`\${${worker.substitution}}`))
          .map(([state]) => `${workflow}: ${state}`),
      );
      let workflow = '';
      const listed = codesOf(cell as AnyNode).flatMap((code) => {
        if ((WORKFLOWS as readonly string[]).includes(code)) {
          workflow = code;
          return [];
        }
        return [`${workflow}: ${code}`];
      });
      problems.push(...differences('Task state', `the row of ${worker.name}`, listed, expected, 'the ASL files'));
    }
    for (const worker of RECURRING_WORKERS) {
      const cell = documented.get(worker.name);
      const minutes = cell && /every (\d+) min/.exec(textOf(cell))?.[1];
      if (cell && Number(minutes) !== worker.everyMinutes)
        problems.push(`the row of ${worker.name} should say "every ${worker.everyMinutes} min" (RECURRING_WORKERS)`);
    }
    for (const worker of [...WORKERS, ...RECURRING_WORKERS]) {
      const entry = `functions/workers/${worker.name}.ts`;
      if (!existsSync(entry) || !/export (const|async function|function) handler\b/.test(readFileSync(entry, 'utf8')))
        problems.push(`${entry}, the entry CDK and infra/local load for ${worker.name}, exports no handler`);
    }
    expect(problems).toEqual([]);
  });
});

describe('the permission table of docs/routes.md', () => {
  it('is shared/permissions.ts', () => {
    const rows = tableWith(
      section(parse('docs/routes.md'), (heading) => heading === 'Permissions'),
      'permission',
    );
    const problems: string[] = [];
    if (!rows) problems.push('docs/routes.md\'s "Permissions" section has no table whose first column is "permission"');
    const [header = [], ...body] = rows ?? [];
    const roles = header.slice(1, 4).map((cell) => textOf(cell as AnyNode).trim());
    const documented = new Map(body.map((row) => [codesOf(row[0] as AnyNode)[0] ?? '', row]));
    problems.push(
      ...differences(
        'permission',
        'docs/routes.md',
        documented.keys(),
        Object.keys(PERMISSIONS),
        'shared/permissions.ts',
      ),
    );
    for (const [name, { roles: allowed }] of Object.entries(PERMISSIONS)) {
      const row = documented.get(name);
      if (!row) continue;
      const ticked = roles.filter((_, i) => textOf(row[i + 1] as AnyNode).includes('✓'));
      if (ticked.join() !== [...allowed].join())
        problems.push(
          `docs/routes.md ticks ${ticked.join(', ') || 'nobody'} for \`${name}\`; shared/permissions.ts gives it to ${allowed.join(', ')}`,
        );
    }
    expect(problems).toEqual([]);
  });
});

describe('the test projects of docs/testing.md', () => {
  it('are the projects of vitest.config.ts, each with its folder', () => {
    const projects = (vitestConfig.test?.projects ?? []) as { test?: { name?: string; include?: string[] } }[];
    const actual = new Map(
      projects.map((project) => [
        project.test?.name ?? '',
        (project.test?.include?.[0] ?? '').replace(/\/\*\*.*$/, ''),
      ]),
    );
    const rows = tableWith(
      section(parse('docs/testing.md'), (heading) => heading === 'The projects'),
      'project',
    );
    const problems: string[] = [];
    if (!rows) problems.push('docs/testing.md\'s "The projects" section has no table whose first column is "project"');
    const documented = new Map(
      (rows ?? []).slice(1).map((row) => [codesOf(row[0] as AnyNode)[0] ?? '', codesOf(row[1] as AnyNode)[0] ?? '']),
    );
    problems.push(
      ...differences('test project', 'docs/testing.md', documented.keys(), actual.keys(), 'vitest.config.ts'),
    );
    for (const [name, folder] of documented)
      if (actual.has(name) && actual.get(name) !== folder)
        problems.push(
          `docs/testing.md gives the ${name} project the folder \`${folder}\`; vitest.config.ts has \`${actual.get(name)}\``,
        );
    expect(problems).toEqual([]);
  });
});

describe('the commands of README.md', () => {
  it('name every npm script, and only those', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    const root = parse('README.md');
    const documented: string[] = [];
    walk(root, (node) => {
      if (node.type !== 'table') return;
      const [header, ...rows] = (node.children ?? []).map((row) => row.children ?? []);
      if (textOf(header?.[0] ?? { type: 'text' }).trim() !== 'command') return;
      for (const row of rows) {
        const command = /^npm (?:run )?(\S+)/.exec(codesOf(row[0] ?? { type: 'text' })[0] ?? '');
        if (command?.[1]) documented.push(command[1]);
      }
    });
    for (const block of section(root, (heading) => heading === 'The two commands'))
      if (block.type === 'code')
        for (const line of block.value.split('\n')) {
          const command = /npm (start|test)\b/.exec(line);
          if (command?.[1]) documented.push(command[1]);
        }
    expect(
      differences('npm script', "README.md's commands", documented, Object.keys(pkg.scripts), 'package.json'),
    ).toEqual([]);
  });
});

// Every page of docs/ is parsed here: on a machine busy with other runs that takes seconds.
describe('paths and links in the docs', { timeout: 60_000 }, () => {
  /** A repository path in inline code: a top-level folder, then no placeholders or globs. */
  const REPO_PATH = /^(functions|shared|web|infra|tests|docs|\.ci)\/[\w.\-/]*$/;
  /** Built or written at run time, so absent from a checkout. */
  const GENERATED = /^(web\/dist|tests\/.*\.screens)/;

  it('name files and folders that exist', () => {
    const problems: string[] = [];
    for (const doc of DOCS)
      walk(parse(doc), (node) => {
        const value = node.type === 'inlineCode' ? (node.value ?? '') : '';
        if (REPO_PATH.test(value) && !GENERATED.test(value) && !existsSync(value))
          problems.push(`${doc} names \`${value}\`, which does not exist: give its path now, or drop it`);
      });
    expect(sorted(problems)).toEqual([]);
  });

  /** GitHub's anchor of a heading. */
  const slug = (heading: string) =>
    heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');

  it('link to files and headings that exist', () => {
    const anchors = new Map<string, Set<string>>();
    const anchorsOf = (file: string) => {
      if (!anchors.has(file)) {
        const found = new Set<string>();
        const counts = new Map<string, number>();
        walk(parse(file), (node) => {
          if (node.type !== 'heading') return;
          const base = slug(textOf(node));
          const n = counts.get(base) ?? 0;
          counts.set(base, n + 1);
          found.add(n ? `${base}-${n}` : base);
        });
        anchors.set(file, found);
      }
      return anchors.get(file) ?? new Set();
    };
    const problems: string[] = [];
    for (const doc of DOCS)
      walk(parse(doc), (node) => {
        if (node.type !== 'link' || !node.url || /^[a-z]+:/i.test(node.url) || node.url.startsWith('/')) return;
        const [path = '', anchor] = node.url.split('#');
        const target = path ? relative('.', join(dirname(doc), decodeURIComponent(path))) : doc;
        if (!existsSync(target)) problems.push(`${doc} links to ${node.url}, and ${target} does not exist`);
        else if (anchor && target.endsWith('.md') && !anchorsOf(target).has(anchor))
          problems.push(`${doc} links to ${node.url}, and ${target} has no heading with that anchor`);
      });
    expect(problems).toEqual([]);
  });
});
