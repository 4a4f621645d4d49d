import { z } from 'zod';
import type { Contract, Schema } from '@shared/contract';
import { errorBodySchema } from '@shared/schemas/errors';

type JsonSchema = Record<string, unknown>;

/** An operation of the document: the contract, its name (operationId) and who may call it. */
export interface OpenApiOperation {
  name: string;
  contract: Contract;
  /** The API key scope it needs; none for the document itself. */
  scope?: 'read' | 'write';
  tag: string;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  400: 'The request is malformed',
  401: 'No API key, or an unknown or revoked one',
  402: 'The company needs a paid plan for this (code UPGRADE_REQUIRED)',
  403: 'The key may only read',
  404: 'Not found, or not the key’s company’s',
  409: 'Changed meanwhile (a stale version), or being published',
  422: 'The input breaks a rule; errors lists each field',
  429: 'Too many requests with this key; wait Retry-After seconds',
};

/** JSON Schema 2020-12 (OpenAPI 3.1's own dialect) from a contract's zod schema, without its $schema line. */
function jsonSchema(schema: Schema, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete out.$schema;
  return out;
}

/** A query or path schema's fields as OpenAPI parameters. */
function parameters(schema: Schema | undefined, where: 'query' | 'path'): JsonSchema[] {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

function operation(op: OpenApiOperation): JsonSchema {
  const { contract } = op;
  const responses: Record<string, JsonSchema> = {};
  for (const [status, schema] of Object.entries(contract.responses)) {
    responses[status] = {
      description: STATUS_TEXT[Number(status)] ?? 'Success',
      ...(schema ? { content: json(jsonSchema(schema, 'output')) } : {}),
    };
  }
  const errors = op.scope
    ? [
        400,
        401,
        ...(op.scope === 'write' ? [402, 403, 409] : []),
        ...(contract.path.includes('{') ? [404] : []),
        422,
        429,
      ]
    : [];
  for (const status of errors) {
    responses[String(status)] = {
      description: STATUS_TEXT[status],
      content: json({ $ref: '#/components/schemas/Error' }),
      ...(status === 429
        ? {
            headers: {
              'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
            },
          }
        : {}),
    };
  }
  return {
    operationId: op.name,
    summary: contract.summary,
    tags: [op.tag],
    ...(op.scope ? { 'x-api-key-scope': op.scope } : {}),
    security: op.scope ? [{ apiKey: [] }] : [],
    parameters: [...parameters(contract.params, 'path'), ...parameters(contract.query, 'query')],
    ...(contract.body ? { requestBody: { required: true, content: json(jsonSchema(contract.body, 'input')) } } : {}),
    responses,
  };
}

/**
 * The OpenAPI 3.1 document of the public API, generated from the same contracts the routes are
 * bound to and the server checks every answer against, so the document cannot describe an API
 * other than the one served. Paths are relative to the server URL `base`.
 */
export function openApiDocument(operations: readonly OpenApiOperation[], base: string) {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of operations) {
    const path = op.contract.path.slice(base.length) || '/';
    (paths[path] ??= {})[op.contract.method.toLowerCase()] = operation(op);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Marketing automation public API',
      version: '1.0.0',
      description:
        'Read and write a company’s posts, read its media, reports and site audit. Every call sends an API key ' +
        '(Settings → API & webhooks) as `Authorization: Bearer <key>`; the key names the company. Keys are read ' +
        'or write, and each may make 60 requests a minute. Webhooks are described in the documentation: ' +
        'post.published, post.failed, audit.finished and import.finished, signed as the Standard Webhooks specification says ' +
        '(`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>`), so its libraries verify them.',
    },
    servers: [{ url: base }],
    tags: [...new Set(operations.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key of the company: mak_…' },
      },
      schemas: { Error: jsonSchema(errorBodySchema, 'output') },
    },
  };
}
