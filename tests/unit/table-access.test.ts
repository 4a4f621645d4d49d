import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One way to the table (docs/data-model.md): stores read and write through the entity layer
 * (functions/core/table/), which parses every item it reads. A file elsewhere that sends the
 * table a raw command (an @aws-sdk/lib-dynamodb or client-dynamodb command class, or the
 * document client from table/client) fails here unless it is listed below with its reason.
 */
const root = resolve(import.meta.dirname, '../..');

/** The entity layer itself. */
const ENTITY_LAYER = 'functions/core/table/';

/** Files that must talk to the table directly, each with the reason (also written beside the code). */
const DOCUMENTED: Record<string, string> = {};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : name.endsWith('.ts') ? [path] : [];
  });
}

/** What in a file reaches the table without the entity layer. */
export function rawTableAccess(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]@aws-sdk\/(lib|client)-dynamodb['"]/g)) {
    if (m[1]) continue;
    const names = (m[2] ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith('type '));
    found.push(...names.filter((n) => /Command$|^DynamoDB(Document)?Client$/.test(n)));
  }
  if (/import\s*\{[^}]*\btable\b[^}]*\}\s*from\s*['"][./]*table\/client['"]/.test(source)) found.push('table()');
  return found;
}

const raw = files(join(root, 'functions'))
  .map((file) => relative(root, file))
  .filter((file) => !file.startsWith(ENTITY_LAYER))
  .filter((file) => rawTableAccess(readFileSync(join(root, file), 'utf8')).length > 0);

describe('the table is reached through the entity layer', () => {
  it('recognises raw access (commands, the document client) and ignores type imports', () => {
    expect(rawTableAccess("import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';")).toEqual([
      'QueryCommand',
      'UpdateCommand',
    ]);
    expect(rawTableAccess("import type { DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';")).toEqual([]);
    expect(rawTableAccess("import { isExpired, table, tableName } from '../table/client';")).toEqual(['table()']);
    expect(rawTableAccess("import { ttlIn } from '../table/client';")).toEqual([]);
  });

  it('no file outside functions/core/table sends the table a raw command, unless listed with its reason', () => {
    expect(raw.filter((file) => !(file in DOCUMENTED))).toEqual([]);
  });

  it('the allowlists only shrink: a listed file that no longer needs it goes', () => {
    expect(Object.keys(DOCUMENTED).filter((file) => !raw.includes(file))).toEqual([]);
  });
});
