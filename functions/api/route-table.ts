import { z } from 'zod';
import type { Schema } from '@shared/contract';
import type { RouteDef } from '../core/http/route';
import { ALL_ROUTES } from './all-routes';

/** The fields of an object schema, `?` marking optional ones: `email, password, inviteToken?`. */
function fieldsOf(schema: Schema | undefined | null): string {
  if (!schema) return '';
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    title?: string;
    type?: string;
    properties?: Record<string, unknown>;
    required?: string[];
    items?: { title?: string; properties?: Record<string, unknown> };
  };
  // Named schemas (`.meta({ title })`) are shown by name; docs/routes.md says what they hold.
  if (json.title) return json.title;
  if (json.type === 'array' && json.items?.title) return `[${json.items.title}]`;
  if (json.type === 'array')
    return `[${json.items?.properties ? `{${Object.keys(json.items.properties).join(', ')}}` : '…'}]`;
  if (!json.properties) return json.type ?? 'any';
  const required = new Set(json.required ?? []);
  return Object.keys(json.properties)
    .map((name) => (required.has(name) ? name : `${name}?`))
    .join(', ');
}

function request(route: RouteDef): string {
  const { body, query } = route.contract;
  const parts = [];
  if (query) parts.push(`query: ${fieldsOf(query)}`);
  if (body) parts.push(`body: ${fieldsOf(body)}`);
  return parts.join('; ') || '—';
}

function responses(route: RouteDef): string {
  return Object.entries(route.contract.responses as Record<string, Schema | null>)
    .map(([status, schema]) => (schema ? `${status} ${fieldsOf(schema)}` : status))
    .join('; ');
}

/**
 * The route table of docs/routes.md, made from the contracts themselves so it cannot drift: a unit
 * test fails when docs/routes.md's copy differs (`npm run docs:routes` rewrites it).
 */
export function routeTable(): string {
  const rows = Object.values(ALL_ROUTES)
    .flat()
    .map(
      (r) =>
        `| ${r.method} | \`${r.path}\` | ${r.access}${r.contract.permission ? ` · ${r.contract.permission}` : ''}${r.localOnly ? ' (local only)' : ''} | ${request(r)} | ${responses(r)} | ${r.contract.summary} |`,
    );
  return [
    '| method | path | access · permission | request | success answers | what it does |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
