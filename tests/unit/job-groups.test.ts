import type { Context } from 'aws-lambda';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeGrants } from '../../functions/core/grants';
import type { JobKind } from '../../functions/core/jobs/job-kind';
import { JOB_GROUPS, JOB_KINDS } from '../../functions/workers/jobs/job-kinds';
import { JOB_WORKERS } from '../../functions/workers/workers';
import { paths, repoRoot } from '../../infra/aws/paths';

/**
 * Every job kind runs in exactly one job worker, and the workflow sends it there: found by
 * reading the code for every `defineJobKind(` (a kind defined but grouped nowhere would start
 * jobs no worker runs), checked against the groups and run-job.asl.json's Route.
 */
const functionsDir = join(repoRoot, 'functions');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const isJobKind = (value: unknown): value is JobKind =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as JobKind).name === 'string' &&
  typeof (value as JobKind).run === 'function' &&
  'input' in value &&
  'result' in value;

/** Every job kind the code defines, by the module that exports it. */
async function definedKinds(): Promise<Map<JobKind, string>> {
  const found = new Map<JobKind, string>();
  const definers = sourceFiles(functionsDir).filter(
    (file) => !file.endsWith('job-kind.ts') && readFileSync(file, 'utf8').includes('defineJobKind('),
  );
  for (const file of definers) {
    const mod = (await import(file)) as Record<string, unknown>;
    for (const value of Object.values(mod)) if (isJobKind(value)) found.set(value, relative(repoRoot, file));
  }
  return found;
}

interface RunJobAsl {
  StartAt: string;
  States: Record<
    string,
    {
      Type: string;
      Resource?: string;
      Choices?: { Variable: string; StringEquals: string; Next: string }[];
      Default?: string;
    }
  >;
}
const runJob = JSON.parse(readFileSync(paths.workflowAsl('run-job'), 'utf8')) as RunJobAsl;
const route = runJob.States[runJob.StartAt]!;

const groupOf = (kind: string) =>
  Object.entries(JOB_GROUPS).flatMap(([worker, kinds]) => (kinds.some((k) => k.name === kind) ? [worker] : []));

describe('job kinds and their workers', () => {
  it('every kind the code defines is in exactly one worker group, and the groups hold nothing else', async () => {
    const defined = await definedKinds();
    expect(defined.size).toBeGreaterThanOrEqual(14);
    for (const [kind, file] of defined) expect(groupOf(kind.name), `${kind.name} (${file})`).toHaveLength(1);
    expect(JOB_KINDS.filter((kind) => !defined.has(kind)).map((kind) => kind.name)).toEqual([]);
    expect(new Set(JOB_KINDS.map((kind) => kind.name)).size).toBe(JOB_KINDS.length);
  });

  it('has one group per job worker, none empty', () => {
    expect(Object.keys(JOB_GROUPS).sort()).toEqual(JOB_WORKERS.map((worker) => worker.name).sort());
    for (const [worker, kinds] of Object.entries(JOB_GROUPS)) expect(kinds.length, worker).toBeGreaterThan(0);
  });

  it("run-job's Route sends each kind to its own worker's task, names no other kind, and refuses the rest", () => {
    expect(route.Type).toBe('Choice');
    const choices = route.Choices ?? [];
    for (const choice of choices) expect(choice.Variable).toBe('$.kind');
    expect(choices.map((c) => c.StringEquals).sort()).toEqual(JOB_KINDS.map((kind) => kind.name).sort());
    for (const worker of JOB_WORKERS) {
      for (const kind of JOB_GROUPS[worker.name]) {
        const next = choices.find((c) => c.StringEquals === kind.name)?.Next;
        expect(next && runJob.States[next]?.Resource, kind.name).toBe(`\${${worker.substitution}}`);
      }
    }
    const fallback = runJob.States[route.Default ?? '']!;
    expect(fallback.Type).toBe('Pass');
    expect(JSON.stringify(fallback)).toContain('RecordFailure');
  });

  it('a job worker refuses a kind of another group before running anything', async () => {
    const { handler } = await import('../../functions/workers/job-deliveries');
    const context = { getRemainingTimeInMillis: () => 60_000 } as Context;
    const job = { uuid: 'u', kind: 'calendar-generate', input: {}, companyId: 1, userId: 1 };
    await expect(handler(job, context)).rejects.toMatchObject({
      name: 'UnknownJobError',
      message: 'The job-deliveries worker does not run jobs of kind calendar-generate',
    });
  });
});

describe("a job worker's grants: the union of its kinds'", () => {
  it('each resource any kind names, with the actions any kind names on it', () => {
    expect(
      mergeGrants([
        { table: ['GetItem', 'Query'], media: { read: true, prefix: 'companies/' }, secrets: ['openai'] },
        { table: ['Query', 'PutItem'], media: { write: true, prefix: 'companies/' }, schedules: true },
        { workflows: ['site-audit'] },
      ]),
    ).toEqual({
      table: ['GetItem', 'Query', 'PutItem'],
      media: { read: true, write: true, prefix: 'companies/' },
      secrets: ['openai'],
      schedules: true,
      workflows: ['site-audit'],
    });
  });

  it('keeps one media grant per prefix', () => {
    expect(
      mergeGrants([{ media: { read: true, prefix: 'companies/' } }, { media: { delete: true, prefix: 'staging/' } }])
        .media,
    ).toEqual([
      { read: true, prefix: 'companies/' },
      { delete: true, prefix: 'staging/' },
    ]);
  });

  it('keeps the token key narrowed to sealed ciphertexts only while every kind using it is narrowed', () => {
    const webhook = { tokenKey: ['decrypt'], sealed: ['webhook-secrets'] } as const;
    const tokens = { tokenKey: ['encrypt', 'decrypt'], sealed: ['platform-tokens'] } as const;
    expect(mergeGrants([webhook, tokens, { table: ['Query'] }])).toEqual({
      table: ['Query'],
      tokenKey: ['decrypt', 'encrypt'],
      sealed: ['webhook-secrets', 'platform-tokens'],
    });
    expect(mergeGrants([webhook, { tokenKey: ['decrypt'] }])).toEqual({ tokenKey: ['decrypt'] });
  });

  it('is nothing for kinds that touch nothing', () => {
    expect(mergeGrants([{}, {}])).toEqual({});
  });
});
