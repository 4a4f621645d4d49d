import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useLocalWorkflowEngine } from '../../functions/core/jobs/workflow-port';
import { useBoot } from '../../functions/core/jobs/watch';
import { FEATURE_FLAGS } from '../../shared/constants';
import { ensureTable, javaAvailable, JAVA_MISSING, startDynamoOnFreePort, useRunningDynamo } from './dynamodb';
import { createRequestListener, loadAreaHandlers } from './http-server';
import { startS3 } from './s3';
import { localS3Credentials } from './s3-credentials';
import { SANDBOX_PLACES_KEY } from './sandbox/google-apis-sandbox';
import { SANDBOX_CLIENTS, startOAuthSandbox } from './sandbox/oauth-sandbox';
import { startPaymentSandbox } from './sandbox/payment-sandbox';
import { PLATFORM_SANDBOX_CLIENTS, startPlatformSandbox } from './sandbox/platform-sandbox';
import { startSampleSite } from './sample-site/sample-site';
import { WORDPRESS_SANDBOX_CLIENT } from './sandbox/wordpress-sandbox';
import { startSchedulerLoop } from './scheduler-loop';
import { startSweepLoop } from './sweep-loop';
import { createWorkflowEngine, type LocalWorkflowEngine } from './workflow-engine';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface RuntimeOptions {
  port: number;
  host: string;
  dataDir: string;
  dev?: boolean;
  schedulerIntervalMs?: number;
}

export interface Runtime {
  url: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  tableName: string;
  sandboxOrigin: string;
  engine: LocalWorkflowEngine;
  stop(): Promise<void>;
}

export class JavaMissingError extends Error {
  constructor() {
    super(JAVA_MISSING);
  }
}

/**
 * The whole product on one machine: DynamoDB Local and s3rver with their data under
 * `dataDir`, the workflow engine and scheduler loop, and one HTTP server for the SPA and /api.
 * Handlers read their configuration from process.env, which this sets exactly as the CDK
 * stack sets a Lambda's environment.
 */
export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const runningDynamo = process.env.DYNAMODB_LOCAL_ENDPOINT;
  if (!runningDynamo && !javaAvailable()) throw new JavaMissingError();
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const tableName = process.env.TABLE_NAME ?? 'marketing-app';
  const bucket = process.env.MEDIA_BUCKET ?? 'media';

  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => undefined);
  };
  try {
    // The port is bound first so a taken port fails fast; requests wait for the listener below.
    const server = await listen(options);
    stops.push(
      () =>
        new Promise<void>((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
    );
    // The origin is known only once the server listens (PORT=0 picks a free port).
    const port = (server.address() as AddressInfo).port;
    const url = `http://localhost:${port}`;
    const origins = [url, `http://127.0.0.1:${port}`];

    // The parts do not depend on one another: they start together, and the handlers and workers
    // load meanwhile (their configuration is read per call, once the environment below is set).
    // Each part that started is stopped with the rest, even if another failed to start.
    const part = async <T extends { stop(): Promise<void> }>(starting: Promise<T>): Promise<T> => {
      const started = await starting;
      stops.push(() => started.stop());
      return started;
    };
    const starting = {
      // DYNAMODB_LOCAL_ENDPOINT: a DynamoDB Local already running (its table is TABLE_NAME there).
      dynamo: part(
        runningDynamo
          ? Promise.resolve(useRunningDynamo(runningDynamo))
          : startDynamoOnFreePort(join(dataDir, 'dynamodb')),
      ),
      // Its secret is made once per DATA_DIR; the server refuses whatever is not signed with it.
      // Port 0: the OS picks one as it binds. s3rver cannot report a port taken between a free-port
      // check and its bind: the server's error goes unheard and ends the process.
      s3: part(startS3(join(dataDir, 's3'), 0, bucket, origins, localS3Credentials(dataDir))),
      // Social sign-in goes through loopback stand-ins for Google and Facebook.
      oauthSandbox: part(startOAuthSandbox(origins)),
      // Connected apps go through loopback stand-ins for Meta, Threads and LinkedIn.
      platformSandbox: part(
        startPlatformSandbox({
          allowedRedirectOrigins: origins,
          clients: { facebook: SANDBOX_CLIENTS.facebook, ...PLATFORM_SANDBOX_CLIENTS },
          stateFile: join(dataDir, 'platform-sandbox.json'),
        }),
      ),
      // Billing goes through the simulated payment provider: the spec's payment simulation.
      paymentSandbox: part(
        startPaymentSandbox({
          appUrl: url,
          allowedReturnOrigins: origins,
          stateFile: join(dataDir, 'payment-sandbox.json'),
        }),
      ),
      // A small business's website to onboard with and audit, so a fresh start needs no site of one's own.
      sampleSite: part(startSampleSite(join(dataDir, 'sample-site.json'))),
      handlers: loadAreaHandlers(),
      engine: createWorkflowEngine(join(root, 'infra/workflows')),
    };
    const failed = (await Promise.allSettled(Object.values(starting))).find((p) => p.status === 'rejected');
    if (failed) throw failed.reason;
    const [dynamo, s3, oauthSandbox, platformSandbox, paymentSandbox, sampleSite, handlers, engine] = [
      await starting.dynamo,
      await starting.s3,
      await starting.oauthSandbox,
      await starting.platformSandbox,
      await starting.paymentSandbox,
      await starting.sampleSite,
      await starting.handlers,
      await starting.engine,
    ];
    await ensureTable(dynamo.client, tableName);

    Object.assign(process.env, {
      RUNTIME: 'local',
      OAUTH_SANDBOX_ORIGIN: oauthSandbox.origin,
      PAYMENT_SANDBOX_ORIGIN: paymentSandbox.origin,
      PLATFORM_SANDBOX_ORIGIN: platformSandbox.origin,
      OAUTH_THREADS_CLIENT_ID: PLATFORM_SANDBOX_CLIENTS.threads.clientId,
      OAUTH_THREADS_CLIENT_SECRET: PLATFORM_SANDBOX_CLIENTS.threads.clientSecret,
      OAUTH_LINKEDIN_CLIENT_ID: PLATFORM_SANDBOX_CLIENTS.linkedin.clientId,
      OAUTH_LINKEDIN_CLIENT_SECRET: PLATFORM_SANDBOX_CLIENTS.linkedin.clientSecret,
      OAUTH_WORDPRESS_CLIENT_ID: WORDPRESS_SANDBOX_CLIENT.clientId,
      OAUTH_WORDPRESS_CLIENT_SECRET: WORDPRESS_SANDBOX_CLIENT.clientSecret,
      // Platform tokens are sealed with a key kept beside the data (KMS in AWS).
      TOKEN_KEY_FILE: join(dataDir, 'platform-token.key'),
      // The platform clients go through the safe fetcher, which opens loopback only where listed.
      FETCH_ALLOW: [process.env.FETCH_ALLOW, new URL(platformSandbox.origin).host, new URL(sampleSite.origin).host]
        .filter(Boolean)
        .join(','),
      SAMPLE_WEBSITE: sampleSite.origin,
      PAYMENT_SANDBOX_WEBHOOK_SECRET: paymentSandbox.webhookSecret,
      OAUTH_GOOGLE_CLIENT_ID: SANDBOX_CLIENTS.google.clientId,
      OAUTH_GOOGLE_CLIENT_SECRET: SANDBOX_CLIENTS.google.clientSecret,
      OAUTH_FACEBOOK_CLIENT_ID: SANDBOX_CLIENTS.facebook.clientId,
      OAUTH_FACEBOOK_CLIENT_SECRET: SANDBOX_CLIENTS.facebook.clientSecret,
      // Places autocomplete (a listing's service areas) takes an API key, not the user's token.
      GOOGLE_PLACES_API_KEY: SANDBOX_PLACES_KEY,
      TABLE_NAME: tableName,
      MEDIA_BUCKET: bucket,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
      APP_ORIGIN: url,
      EXTRA_ORIGINS: origins.slice(1).join(','),
      AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
      AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
      // Every feature is on locally unless FEATURE_FLAGS says otherwise.
      FEATURE_FLAGS:
        process.env.FEATURE_FLAGS ?? JSON.stringify(Object.fromEntries(FEATURE_FLAGS.map((f) => [f, true]))),
    });

    useLocalWorkflowEngine(engine);
    // Claims made from here on carry this boot: the first sweep takes back every earlier boot's.
    useBoot(recordBoot(dataDir));
    const scheduler = startSchedulerLoop(engine, options.schedulerIntervalMs ?? 1000);
    stops.push(() => scheduler.stop());
    const sweeper = startSweepLoop();
    stops.push(() => sweeper.stop());

    let devMiddleware;
    if (options.dev) {
      const { createServer: createVite } = await import('vite');
      const vite = await createVite({
        configFile: join(root, 'web/vite.config.ts'),
        server: { middlewareMode: true, hmr: { server } },
        appType: 'spa',
      });
      devMiddleware = vite.middlewares as never;
      stops.push(() => vite.close());
    }

    server.on(
      'request',
      createRequestListener({
        handlers,
        // WEB_DIST serves another build (several engineers testing bundles in one checkout).
        webDist: process.env.WEB_DIST ?? join(root, 'web/dist'),
        devMiddleware,
      }),
    );
    return {
      url,
      dynamoEndpoint: dynamo.endpoint,
      s3Endpoint: s3.endpoint,
      tableName,
      sandboxOrigin: oauthSandbox.origin,
      engine,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A new boot id for this start, kept in DATA_DIR with the one before it (what a restart took
 * back from, for whoever reads the folder). Nothing from an earlier boot runs in this one: the
 * engine keeps no executions across a restart, so every claim stamped with another boot is dead.
 */
function recordBoot(dataDir: string): string {
  const file = join(dataDir, 'boot.json');
  let previous: string | null = null;
  try {
    previous = (JSON.parse(readFileSync(file, 'utf8')) as { id?: string }).id ?? null;
  } catch {
    // The first start on this folder.
  }
  const id = randomUUID();
  writeFileSync(file, JSON.stringify({ id, previous, startedAt: new Date().toISOString() }));
  return id;
}

/** Binds the port first, so a taken port fails fast, before anything else starts. */
async function listen(options: RuntimeOptions) {
  const { createServer } = await import('node:http');
  const server = createServer();
  await new Promise<void>((done, fail) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      fail(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${options.port} is already in use: set PORT to another one.`)
          : error,
      ),
    );
    server.listen(options.port, options.host, () => done());
  });
  return server;
}
