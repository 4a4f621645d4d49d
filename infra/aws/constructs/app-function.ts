import { Duration, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { paths } from '../paths';

export type FunctionKind = 'api' | 'worker';

export interface AppFunctionProps {
  kind: FunctionKind;
  /** The area or worker name: Powertools' service on every log line, metric and trace. */
  service: string;
  /** Absolute path of the TypeScript entry; it exports `handler`. */
  entry: string;
  description: string;
  environment: Record<string, string>;
  /**
   * Packages with a native binary (sharp): esbuild cannot bundle a `.node` file, and the build
   * machine's own copy is for its platform (linux-x64), not Lambda's. These are left out of
   * the bundle and installed by npm into the asset's node_modules for linux/arm64/glibc.
   * Only the functions that call them name them, so the other zips stay small.
   */
  nativeModules?: readonly string[];
  /** In place of the kind's timeout (a worker's, from its registry entry). */
  timeout?: Duration;
}

/**
 * Sizing per kind. Lambda gives CPU in proportion to memory: API handlers are latency-bound
 * (cold start of the bundle, scrypt password hashing, JSON work), so they get a full vCPU's
 * share at 1024 MB. Workers mostly wait on the network (OpenAI, platform APIs, DynamoDB), so
 * 512 MB is enough; a CPU-heavy worker (image thumbnails) should raise its own.
 * 29 s is the HTTP API's integration limit (30 s) minus a margin to answer with our own error;
 * workers run inside Step Functions, which retries them, so 5 min bounds one attempt.
 */
export const SIZING: Record<FunctionKind, { memorySize: number; timeout: Duration }> = {
  api: { memorySize: 1024, timeout: Duration.seconds(29) },
  worker: { memorySize: 512, timeout: Duration.minutes(5) },
};

/**
 * V8 sizes its heap from what the machine has, not from what the function may use, and collects
 * lazily until then: a crawl that keeps 70 MB live grew past 450 MB of mostly garbage. Capping
 * the old space at 60% of the function's memory (the rest is code, buffers and sockets) makes it
 * collect in time (tests/bench/audit-bench.ts measures the crawl under the same cap).
 */
export const nodeOptionsFor = (memorySize: number) =>
  `--enable-source-maps --max-old-space-size=${Math.floor(memorySize * 0.6)}`;

/**
 * Output is ESM (`index.mjs`), but some bundled dependencies are CommonJS and call `require`
 * for Node built-ins; esbuild's ESM output has no `require`, so define one from the module URL.
 * The alias avoids clashing with a bundled module's own `createRequire` import.
 */
const REQUIRE_BANNER =
  "import { createRequire as __cdkCreateRequire } from 'node:module'; const require = __cdkCreateRequire(import.meta.url);";

/**
 * npm picks a package's platform variants (sharp's optional @img/sharp-<os>-<cpu> and
 * @img/sharp-libvips-<os>-<cpu>) by these settings, which default to the machine running it.
 * CDK runs `npm ci` in the asset directory with the bundling environment, so these make it
 * install what Lambda on Graviton (Amazon Linux, glibc) loads, from any build machine.
 * `include=optional` wins over an `omit=optional` in the user's npm config: the platform
 * packages are optional dependencies. No audit or funding requests: the lockfile is the repo's.
 */
const LAMBDA_NPM_PLATFORM: Record<string, string> = {
  npm_config_os: 'linux',
  npm_config_cpu: 'arm64',
  npm_config_libc: 'glibc',
  npm_config_include: 'optional',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
};

/**
 * One Lambda of the app with the shared defaults: Node 22 on Graviton (cheaper per ms; the
 * bundle is pure JS, and `nativeModules` are installed for arm64), local esbuild bundling,
 * X-Ray tracing, and its own log group with a retention so logs do not accumulate forever
 * (Lambda's implicit group never expires).
 * Its role starts with nothing but writing to that log group (not the AWSLambdaBasicExecution
 * managed policy, which allows every log group of the account); infra/aws/grants.ts adds what
 * the function's declaration names.
 */
export class AppFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly logGroup: logs.LogGroup;
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    this.logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH });
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Lambda ${props.service} (${props.kind})`,
    });
    this.logGroup.grantWrite(this.role);
    this.fn = new NodejsFunction(this, 'Function', {
      entry: props.entry,
      handler: 'handler',
      description: props.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      ...SIZING[props.kind],
      ...(props.timeout ? { timeout: props.timeout } : {}),
      logGroup: this.logGroup,
      role: this.role,
      tracing: lambda.Tracing.ACTIVE,
      projectRoot: paths.repoRoot,
      depsLockFilePath: paths.lockFile,
      environment: {
        RUNTIME: 'aws',
        LOG_LEVEL: 'info',
        // Stack traces point at the TypeScript sources (the bundle ships its source map).
        NODE_OPTIONS: nodeOptionsFor(SIZING[props.kind].memorySize),
        POWERTOOLS_SERVICE_NAME: props.service,
        ...props.environment,
      },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        // Prefer packages' ESM builds: better tree shaking, and no CJS/ESM double loading.
        mainFields: ['module', 'main'],
        banner: REQUIRE_BANNER,
        minify: true,
        sourceMap: true,
        // The map only needs positions; leaving the sources out keeps the zip small.
        sourcesContent: false,
        // Build-time facts the code folds away: the offline AI generator is left out (functions/core/ai/offline-port.ts).
        define: { 'process.env.LAMBDA_BUNDLE': JSON.stringify('1') },
        // The nodejs22.x runtime ships AWS SDK v3; bundling it would only grow cold starts.
        // Lambda has no Chromium, so the audit's renderer never loads playwright-core there
        // (docs/features/seo-report.md, JavaScript rendering): it stays out of every bundle.
        externalModules: ['@aws-sdk/*', 'playwright-core'],
        // No Docker on the build machines: the repo's own esbuild bundles. It also resolves
        // the `@shared/*` path alias from the root tsconfig.
        forceDockerBundling: false,
        tsconfig: paths.tsconfig,
        ...(props.nativeModules?.length
          ? { nodeModules: [...props.nativeModules], environment: LAMBDA_NPM_PLATFORM }
          : {}),
      },
    });
    Validations.of(this).acknowledge(
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'Active tracing: xray:PutTraceSegments and PutTelemetryRecords have no resource-level permissions.',
      },
      {
        id: 'AwsSolutions-L1',
        reason:
          'nodejs22.x on purpose: the bundle targets node22 and tests and the embedded runtime run on Node 22 too (the pinned node package).',
      },
    );
  }
}
