import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_ROUTES } from '../../functions/api/all-routes';
import type { RouteDef } from '../../functions/core/http/route';
import { PASSWORD, TestClient, signedInUser } from '../support/api-client';
import { runtimeLogOf } from '../support/runtime-log';

/**
 * Every registered route (read from ALL_ROUTES, so a route added later is fuzzed without an
 * edit here) gets malformed, mistyped, oversized and multi-byte input, as a signed-in member
 * of a company sends it: nothing may answer 5xx. What each input should be is read from the
 * route's own contract schemas (their JSON Schema), so wrong types are wrong for that field.
 */

const KB100_3BYTE = '€'.repeat(34_000); // 102 kB of UTF-8
const KB100_4BYTE = '😀'.repeat(25_600); // 102 kB of UTF-8, surrogate pairs in JS
const DEEP_ARRAY = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;

/** Path parameter forms a router, a parser or a key template may choke on. */
const WEIRD_SEGMENTS = [
  '-1',
  '0',
  '1.5',
  '1e309',
  '9'.repeat(1_000),
  // Beyond API Gateway's and Node's request-line limits: refused before the app, with a 4xx.
  '9'.repeat(10_000),
  '%00',
  '%ZZ',
  '%E2%82%AC',
  '%F0%9F%98%80',
  '..%2F..%2Fetc',
  '%20',
  'null',
];

interface Probe {
  label: string;
  method: string;
  path: string;
  rawBody?: string;
  contentType?: string;
}

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; anyOf?: JsonSchema[] };

function jsonSchemaOf(schema: unknown): JsonSchema {
  if (!schema) return {};
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

const typesOf = (s: JsonSchema): string[] => [s.type ?? [], ...(s.anyOf ?? []).map((a) => a.type ?? [])].flat();

/** A value of the wrong type for a field, as raw JSON (so 1e309 stays what a client can send). */
function wrongTypes(field: JsonSchema): string[] {
  const types = typesOf(field);
  const wrong = ['null', '{}', '[[[]]]'];
  if (!types.includes('string')) wrong.push('"not the type"', `"${KB100_3BYTE}"`);
  if (!types.some((t) => t === 'number' || t === 'integer')) wrong.push('123');
  if (types.some((t) => t === 'number' || t === 'integer')) wrong.push('1e309', '-1', '1.5', '9007199254740993', '-0');
  if (!types.includes('boolean')) wrong.push('true');
  return wrong;
}

const objectOf = (entries: [string, string][]) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;

/** Valid-looking values for path parameters, so body and query probes get past routing. */
function fillPath(path: string, companyId: number, override?: { name: string; value: string }) {
  return path.replace(/\{(\w+)\+?\}/g, (_, name: string) => {
    if (override?.name === name) return override.value;
    if (name === 'id') return String(companyId);
    if (name === 'provider') return 'google';
    if (name === 'uuid') return '00000000-0000-0000-0000-000000000000';
    return '1';
  });
}

function probesFor(route: RouteDef, companyId: number): Probe[] {
  const { method, path } = route;
  const name = `${method} ${path}`;
  const at = fillPath(path, companyId);
  const probes: Probe[] = [];
  const withBody = method !== 'GET';

  if (withBody) {
    const raw = (label: string, rawBody: string | undefined, contentType = 'application/json') =>
      probes.push({ label: `${name} body ${label}`, method, path: at, rawBody, contentType });
    raw('absent', undefined);
    raw('empty', '');
    raw('malformed JSON', '{"a":');
    for (const junk of ['null', '[]', '"text"', '123', 'true', '[{}]']) raw(junk, junk);
    raw('deeply nested array', DEEP_ARRAY);
    raw('deeply nested object', DEEP_OBJECT);
    raw('invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]).toString('latin1'));
    raw('lone surrogate', '{"a":"\\ud800"}');
    raw('form encoded', 'a=1&b=2', 'application/x-www-form-urlencoded');
    raw('text/plain JSON', '{}', 'text/plain');

    const fields = Object.entries(jsonSchemaOf(route.contract.body).properties ?? {});
    if (fields.length) {
      for (const big of [KB100_3BYTE, KB100_4BYTE]) {
        raw(
          `every field ${big === KB100_3BYTE ? '3' : '4'}-byte 100 kB`,
          objectOf(fields.map(([k]) => [k, JSON.stringify(big)])),
        );
      }
      for (const value of ['null', '[]', '{}', '1e309', '"💥\\u0000<script>"']) {
        raw(`every field ${value}`, objectOf(fields.map(([k]) => [k, value])));
      }
      for (const [field, schema] of fields) {
        for (const value of wrongTypes(schema)) raw(`${field}=${value.slice(0, 20)}`, objectOf([[field, value]]));
      }
    }
  }

  const query = Object.keys(jsonSchemaOf(route.contract.query).properties ?? {});
  const queryProbe = (label: string, search: string) =>
    probes.push({
      label: `${name} query ${label}`,
      method,
      path: `${at}?${search}`,
      rawBody: withBody ? '{}' : undefined,
    });
  for (const key of query) {
    queryProbe(`${key} repeated`, `${key}=a&${key}=b&${key}=c`);
    queryProbe(`${key} 3-byte 10 kB`, `${key}=${encodeURIComponent('€'.repeat(3_400))}`);
    queryProbe(`${key} 4-byte`, `${key}=${encodeURIComponent('😀'.repeat(100))}`);
    queryProbe(`${key}[]`, `${key}[]=1&${key}[x]=2`);
    queryProbe(`${key} %00`, `${key}=%00`);
    queryProbe(`${key} %ZZ`, `${key}=%ZZ`);
    queryProbe(`${key} empty`, `${key}=`);
  }
  queryProbe('unknown parameter', 'zzz=1&__proto__=x&constructor=y');

  for (const [, param] of path.matchAll(/\{(\w+)\+?\}/g)) {
    for (const value of WEIRD_SEGMENTS) {
      probes.push({
        label: `${name} path {${param}}=${value.slice(0, 20)}`,
        method,
        path: fillPath(path, companyId, { name: param!, value }),
        rawBody: withBody ? '{}' : undefined,
      });
    }
  }
  return probes;
}

/** A new write key of the client's company; the oldest go first, as a company has at most 20. */
async function freshKey(client: TestClient): Promise<string> {
  const keys = (await client.get('/api/public/keys')).body as { id: string }[];
  for (const old of keys.slice(0, Math.max(0, keys.length - 10))) await client.delete(`/api/public/keys/${old.id}`);
  const made = await client.post('/api/public/keys', { name: 'Fuzz', scope: 'write' });
  expect(made.status).toBe(201);
  return made.body.secret as string;
}

/** Runs `work` over `items`, `limit` at a time: the runtime shares two cores with everything else. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

describe('fuzzing every registered route', () => {
  it(
    'answers malformed, mistyped, oversized and multi-byte input to every route without a 5xx',
    { timeout: 480_000 },
    async () => {
      const routes = Object.values(ALL_ROUTES).flat();
      expect(routes.length).toBeGreaterThan(20);
      const member = await signedInUser('fuzz');
      const failures: string[] = [];
      let sent = 0;

      for (const route of routes) {
        const probes = probesFor(route, member.companyId);
        // Public-API routes are called with a key of the member's company: a fresh one every 50
        // probes, so the key's rate limit (60 a minute) does not answer for the validation.
        const byKey = route.access === 'api-read' || route.access === 'api-write';
        const keyHeader = async () => ({ authorization: `Bearer ${await freshKey(member.client)}` });
        let auth: Record<string, string> = byKey ? await keyHeader() : {};
        let made = 0;
        await pool(probes, 4, async (probe) => {
          if (byKey && ++made % 50 === 0) auth = await keyHeader();
          const headers = {
            ...(probe.contentType ? { 'content-type': probe.contentType } : {}),
            ...(byKey ? auth : {}),
          };
          const res = await member.client.request(probe.method, probe.path, undefined, {
            rawBody: probe.rawBody,
            headers,
          });
          sent += 1;
          if (res.status >= 500) {
            const logged = await runtimeLogOf((res.body as { requestId?: unknown } | undefined)?.requestId);
            failures.push(
              `${probe.label}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}\n${logged.join('\n')}`,
            );
          }
        });
        // A probe may end the session (logout) or the membership: sign back in and carry on.
        if ((await member.client.get('/api/auth/profile')).status === 401) {
          const again = await member.client.post('/api/auth/login', { email: member.email, password: PASSWORD });
          expect(again.status, `signing back in after ${route.method} ${route.path}`).toBe(200);
          member.companyId = again.body.companyId as number;
        }
      }
      expect(sent).toBeGreaterThan(routes.length * 5);
      expect(failures).toEqual([]);
    },
  );

  it('an anonymous caller gets no 5xx either, on any route, with the worst bodies', { timeout: 120_000 }, async () => {
    const anon = new TestClient();
    const failures: string[] = [];
    const routes = Object.values(ALL_ROUTES).flat();
    await pool(routes, 4, async (route) => {
      for (const rawBody of [undefined, DEEP_ARRAY, `{"x":"${KB100_4BYTE}"}`]) {
        if (rawBody && route.method === 'GET') continue;
        const res = await anon.request(route.method, fillPath(route.path, 1), undefined, {
          rawBody,
          headers: { 'content-type': 'application/json' },
        });
        if (res.status >= 500) {
          const logged = await runtimeLogOf((res.body as { requestId?: unknown } | undefined)?.requestId);
          failures.push(`${route.method} ${route.path}: ${res.status}\n${logged.join('\n')}`);
        }
      }
    });
    expect(failures).toEqual([]);
  });
});
