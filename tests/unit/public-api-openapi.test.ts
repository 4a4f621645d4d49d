import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { PUBLIC_API_BASE, publicApiContracts } from '@shared/contracts/public-api';
import { ALL_ROUTES } from '../../functions/api/all-routes';
import { openapiDocument } from '../../functions/api/public/openapi-document';

type Operation = { security: unknown[]; 'x-api-key-scope'?: string; responses: Record<string, unknown> };
type Document = { paths: Record<string, Record<string, Operation>> };

const served = async () => (await openapiDocument.handle({} as never)).body as Document;

describe('the public API’s OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document, by a validator made for it', async () => {
    const document = await served();
    // The validator dereferences in place: give it a copy.
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(result.warnings).toEqual([]);
  });

  it('describes every public route with its method, and nothing the server does not serve', async () => {
    const { paths } = await served();
    const routes = ALL_ROUTES.public.filter((r) => r.path.startsWith(`${PUBLIC_API_BASE}/`));
    expect(routes.length).toBe(Object.keys(publicApiContracts).length);
    const described = Object.entries(paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${PUBLIC_API_BASE}${path}`),
    );
    expect(described.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('states the key scope each route enforces, and the 429 with Retry-After', async () => {
    const { paths } = await served();
    for (const route of ALL_ROUTES.public.filter((r) => r.path.startsWith(`${PUBLIC_API_BASE}/`))) {
      const op = paths[route.path.slice(PUBLIC_API_BASE.length)]?.[route.method.toLowerCase()];
      expect(op, route.path).toBeDefined();
      if (route.access === 'public') {
        expect(op!.security).toEqual([]);
        continue;
      }
      expect(op!['x-api-key-scope']).toBe(route.access === 'api-write' ? 'write' : 'read');
      expect(op!.security).toEqual([{ apiKey: [] }]);
      expect(op!.responses['429']).toMatchObject({ headers: { 'Retry-After': expect.any(Object) } });
      expect(op!.responses['401']).toBeDefined();
    }
  });
});
