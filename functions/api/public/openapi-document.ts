import { PUBLIC_API_BASE, publicApiContracts } from '@shared/contracts/public-api';
import { defineRoute, ok } from '../../core/http/route';
import { openApiDocument, type OpenApiOperation } from '../../core/public-api/openapi';
import { v1Routes } from './v1-routes';

const operationName = (path: string, method: string) =>
  Object.entries(publicApiContracts).find(([, c]) => c.path === path && c.method === method)?.[0] ?? path;

let document: ReturnType<typeof openApiDocument> | undefined;

/** The document is the same for every caller and every request of this code: made once. */
function theDocument() {
  const operations: OpenApiOperation[] = [
    ...v1Routes.map(({ route, tag }) => ({
      name: operationName(route.path, route.method),
      contract: route.contract,
      scope: route.access === 'api-write' ? ('write' as const) : ('read' as const),
      tag,
    })),
    { name: 'openapi', contract: publicApiContracts.openapi, tag: 'Meta' },
  ];
  return (document ??= openApiDocument(operations, PUBLIC_API_BASE));
}

/** GET /api/public/v1/openapi.json: public, so tools can read it before anyone has a key. */
export const openapiDocument = defineRoute(publicApiContracts.openapi, {
  access: 'public',
  handle: async () => ok(theDocument()),
});
