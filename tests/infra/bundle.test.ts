import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, STACK_NAME } from '../../infra/aws/build-app';
import type { AppFunction } from '../../infra/aws/constructs/app-function';
import type { MarketingStack } from '../../infra/aws/marketing-stack';
import { repoRoot } from '../../infra/aws/paths';
import { logicalId, NO_WEB_BUILD } from './synth';

/** ELF e_machine values: what CPU a shared object was built for. */
const EM_X86_64 = 62;
const EM_AARCH64 = 183;

/** The CPU an ELF file (a `.node` addon, a `.so`) targets, or undefined if it is not ELF. */
function elfMachine(file: string): number | undefined {
  const header = Buffer.alloc(20);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, header, 0, 20, 0);
  } finally {
    closeSync(fd);
  }
  if (header.readUInt32BE(0) !== 0x7f454c46) return undefined;
  // EI_DATA 1: little-endian, as on both x64 and arm64.
  return header[5] === 1 ? header.readUInt16LE(18) : header.readUInt16BE(18);
}

/** Every file under `dir`, as absolute paths (symbolic links are not followed). */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));

/** Native code ships as `.node` addons and versioned shared libraries (libvips-cpp.so.8.18.7). */
const isNativeBinary = (file: string) => /\.node$|\.so(\.\d+)*$/.test(file);

/**
 * The one test that runs esbuild, as `cdk synth` does: it proves the NodejsFunction settings
 * produce a Lambda artifact that loads as ESM on Node and answers a request, and that the
 * functions calling sharp carry it, installed by npm for Lambda's linux-arm64 (no Docker).
 */
describe('bundled Lambda assets', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'cdk-bundle-'));
  let stack: MarketingStack;
  /** The function's asset directory, found through the S3 key of its code in the template. */
  let assetDirOf: (fn: AppFunction) => string;
  let assetDir: string;

  beforeAll(() => {
    // The bundle keeps @aws-sdk/* external (the Lambda runtime provides it); to load it here,
    // let Node resolve bare imports from the repo's node_modules.
    symlinkSync(join(repoRoot, 'node_modules'), join(outdir, 'node_modules'), 'dir');
    const built = buildApp({ bundle: true, outdir, webDist: NO_WEB_BUILD });
    stack = built.stack;
    const assembly = built.app.synth();
    const template = assembly.getStackByName(STACK_NAME).template;
    assetDirOf = (fn) => {
      const zipKey: string = template.Resources[logicalId(fn)].Properties.Code.S3Key;
      return join(assembly.directory, `asset.${zipKey.replace(/\.zip$/, '')}`);
    };
    assetDir = assetDirOf(stack.apiFunctions.get('metadata')!);
    // Bundling also runs `npm ci` for each function that ships sharp (five): the registry may be slow.
  }, 300_000);

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

  it('leaves the offline AI generator out of every Lambda: only the embedded runtime has it', () => {
    const offlineOnly = 'Get the basics right so every later campaign has somewhere to land.';
    // The phrase is the offline plan's: the test would pass vacuously if it were gone from the source.
    expect(readFileSync(join(repoRoot, 'functions/core/ai/offline/offline-plan.ts'), 'utf8')).toContain(offlineOnly);
    const functions = [...stack.apiFunctions.values(), ...stack.workerFunctions.values()];
    expect(functions.length).toBeGreaterThan(10);
    for (const fn of functions) {
      const code = readFileSync(join(assetDirOf(fn), 'index.mjs'), 'utf8');
      expect(code, fn.node.path).not.toContain(offlineOnly);
      expect(code, fn.node.path).not.toContain('offline-adapter');
    }
    // The content area calls the AI port, so its bundle would carry the generator if the fold failed.
    expect(readFileSync(join(assetDirOf(stack.apiFunctions.get('content')!), 'index.mjs'), 'utf8')).toContain(
      'No OpenAI API key is configured',
    );
  });

  it('ships sharp for Lambda (linux-arm64, glibc) beside the media bundle, not in it', () => {
    const dir = assetDirOf(stack.apiFunctions.get('media')!);
    const modules = join(dir, 'node_modules');
    // The version package.json pins, not a newer one resolved at build time: npm ci follows the lockfile.
    const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const pinned = manifest.dependencies.sharp;
    expect(pinned).toBe('0.35.5');
    expect(JSON.parse(readFileSync(join(modules, 'sharp', 'package.json'), 'utf8')).version).toBe(pinned);
    // The bundle imports sharp at run time instead of carrying its JS (which would look for
    // a binary beside index.mjs that esbuild cannot copy).
    const code = readFileSync(join(dir, 'index.mjs'), 'utf8');
    expect(code).toContain('import("sharp")');
    expect(code).not.toContain('@img/sharp-');

    const addon = readdirSync(join(modules, '@img', 'sharp-linux-arm64', 'lib')).filter((f) => f.endsWith('.node'));
    expect(addon).toEqual([`sharp-linux-arm64-${pinned}.node`]);
    expect(existsSync(join(modules, '@img', 'sharp-libvips-linux-arm64', 'package.json'))).toBe(true);
    // What sharp's loader requires on linux-arm64 resolves inside the asset (the nearest
    // node_modules), as it will in /var/task.
    const fromSharp = createRequire(join(modules, 'sharp', 'dist', 'sharp.mjs'));
    expect(relative(dir, fromSharp.resolve('@img/sharp-linux-arm64/sharp.node'))).toBe(
      join('node_modules', '@img', 'sharp-linux-arm64', 'index.cjs'),
    );
    expect(relative(dir, fromSharp.resolve('@img/sharp-libvips-linux-arm64/binary'))).toMatch(
      /^node_modules\/@img\/sharp-libvips-linux-arm64\/lib\/libvips-cpp\.so\./,
    );

    // Every native file is built for arm64: the build machine's (x64) variants are not shipped,
    // nor musl, macOS or Windows ones.
    const binaries = filesUnder(modules).filter(isNativeBinary);
    expect(binaries.map((file) => relative(modules, file)).sort()).toEqual([
      expect.stringMatching(/^@img\/sharp-libvips-linux-arm64\/lib\/libvips-cpp\.so\./),
      `@img/sharp-linux-arm64/lib/sharp-linux-arm64-${pinned}.node`,
    ]);
    for (const file of binaries) expect(elfMachine(file), relative(modules, file)).toBe(EM_AARCH64);
    expect(binaries.some((file) => elfMachine(file) === EM_X86_64)).toBe(false);
    expect(readdirSync(join(modules, '@img')).filter((name) => /x64|musl|darwin|win32/.test(name))).toEqual([]);
  });

  it('gives node_modules to the functions that call sharp (media, content, the job workers that add files) and to no other', () => {
    const all = new Map([
      ...[...stack.apiFunctions].map(([area, fn]) => [`area ${area}`, fn] as const),
      ...[...stack.workerFunctions].map(([worker, fn]) => [`worker ${worker}`, fn] as const),
    ]);
    const withModules = [...all]
      .filter(([, fn]) => existsSync(join(assetDirOf(fn), 'node_modules')))
      .map(([name]) => name);
    expect(withModules.sort()).toEqual([
      'area content',
      'area media',
      'worker job-ai',
      'worker job-demo',
      'worker job-imports',
    ]);
    for (const name of withModules) {
      const modules = join(assetDirOf(all.get(name)!), 'node_modules');
      expect(existsSync(join(modules, '@img', 'sharp-linux-arm64')), name).toBe(true);
      expect(existsSync(join(modules, '@img', 'sharp-linux-x64')), name).toBe(false);
    }
    // The metadata handler of the tests above, for one: a bundle and its map, nothing else.
    expect(readdirSync(assetDir).sort()).toEqual(['index.mjs', 'index.mjs.map']);
  });
});
