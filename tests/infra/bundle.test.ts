import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, STACK_NAME } from '../../infra/aws/build-app';
import { repoRoot } from '../../infra/aws/paths';
import { logicalId, NO_WEB_BUILD } from './synth';

/**
 * The one test that runs esbuild, as `cdk synth` does: it proves the NodejsFunction settings
 * produce a Lambda artifact that loads as ESM on Node and answers a request.
 */
describe('bundled Lambda assets', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'cdk-bundle-'));
  let assetDir: string;

  beforeAll(() => {
    // The bundle keeps @aws-sdk/* external (the Lambda runtime provides it); to load it here,
    // let Node resolve bare imports from the repo's node_modules.
    symlinkSync(join(repoRoot, 'node_modules'), join(outdir, 'node_modules'), 'dir');
    const { app, stack } = buildApp({ bundle: true, outdir, webDist: NO_WEB_BUILD });
    const assembly = app.synth();
    const template = assembly.getStackByName(STACK_NAME).template;
    const metadataFn = template.Resources[logicalId(stack.apiFunctions.get('metadata')!)];
    const zipKey: string = metadataFn.Properties.Code.S3Key;
    assetDir = join(assembly.directory, `asset.${zipKey.replace(/\.zip$/, '')}`);
  }, 120_000);

  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('holds the metadata handler as minified ESM with its source map and the require shim', () => {
    const code = readFileSync(join(assetDir, 'index.mjs'), 'utf8');
    expect(code.startsWith("import { createRequire as __cdkCreateRequire } from 'node:module';")).toBe(true);
    expect(code).toMatch(/export\s*\{[^}]*\bhandler\b/);
    // @shared/* resolved and inlined: the feature flag names come from shared/constants.
    expect(code).toContain('GoogleMyBusinessIntegration');
    expect(code).not.toMatch(/from\s*["']@shared\//);
    // The SDK is left to the runtime.
    expect(code).not.toContain('@aws-sdk/client-dynamodb/dist');
    expect(existsSync(join(assetDir, 'index.mjs.map'))).toBe(true);
    // Minified: the remaining newlines are inside template literals and license comments.
    expect(code.split('\n').length).toBeLessThan(200);
  });

  it('loads on Node, answers GET /api/metadata, and logs and counts the request with Powertools', async () => {
    const env = {
      RUNTIME: 'aws',
      LOG_LEVEL: 'info',
      POWERTOOLS_SERVICE_NAME: 'metadata',
      TABLE_NAME: 'unused',
      FEATURE_FLAGS: '{"GoogleSearchConsole":true}',
    };
    const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
    Object.assign(process.env, env);
    // Powertools writes its JSON lines (logs and EMF metrics) to stdout, as Lambda collects them.
    const written: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = (chunk: string | Uint8Array, ...rest: never[]) => {
      written.push(String(chunk));
      return write(chunk, ...rest);
    };
    try {
      const { handler } = await import(pathToFileURL(join(assetDir, 'index.mjs')).href);
      const now = Date.now();
      const result = await handler(
        {
          version: '2.0',
          routeKey: 'ANY /api/metadata',
          rawPath: '/api/metadata',
          rawQueryString: '',
          headers: { host: 'example.cloudfront.net' },
          requestContext: {
            http: {
              method: 'GET',
              path: '/api/metadata',
              protocol: 'HTTP/1.1',
              sourceIp: '198.51.100.1',
              userAgent: 'vitest',
            },
            requestId: 'bundle-test',
            routeKey: 'ANY /api/metadata',
            stage: '$default',
            timeEpoch: now,
          },
          isBase64Encoded: false,
        },
        { awsRequestId: 'bundle-test', getRemainingTimeInMillis: () => 29_000 },
      );
      expect(result.statusCode).toBe(200);
      expect(JSON.parse(result.body)).toEqual({
        featureFlags: { GoogleMyBusinessIntegration: false, GoogleSearchConsole: true, LocalBusinessListing: false },
      });
      const lines = written
        .flatMap((chunk) => chunk.split('\n'))
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l));
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 'INFO',
          message: 'request',
          service: 'metadata',
          requestId: 'bundle-test',
          status: 200,
        }),
      );
      const emf = lines.find((l) => l._aws);
      expect(emf?._aws.CloudWatchMetrics[0]).toMatchObject({
        Namespace: 'MarketingAutomation',
        Dimensions: [['service']],
      });
      expect(emf).toMatchObject({ service: 'metadata', Requests: 1, ServerErrors: 0 });
    } finally {
      process.stdout.write = write;
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) Reflect.deleteProperty(process.env, name);
        else process.env[name] = value;
      }
    }
  });
});
