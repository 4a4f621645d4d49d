import { existsSync } from 'node:fs';

/**
 * Chromium's headless shell, Debian's `chromium-headless-shell` (the headless mode Playwright itself
 * uses by default): the same engine as the full browser without its windowing layers, about a third
 * less CPU and a quarter of its processes for the same pages (docs/testing.md).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** CHROMIUM_PATH, else the headless shell where it is installed, else the full Chromium. */
export function chromiumExecutable(): string {
  return process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
}

/**
 * Configuration read from the environment at call time (not import time), so the embedded
 * runtime can set it before the first request and tests can start several runtimes.
 */
export type RuntimeKind = 'aws' | 'local';

/** The platform addresses and versions the environment may set (platform-config.ts reads them). */
export type PlatformSetting =
  | 'PLATFORM_SANDBOX_ORIGIN'
  | 'FACEBOOK_WWW_BASE'
  | 'GRAPH_API_BASE'
  | 'FACEBOOK_GRAPH_VERSION'
  | 'THREADS_WWW_BASE'
  | 'THREADS_API_BASE'
  | 'THREADS_API_VERSION'
  | 'LINKEDIN_WWW_BASE'
  | 'LINKEDIN_API_BASE'
  | 'LINKEDIN_API_VERSION'
  | 'PLATFORM_TIMEOUT_MS'
  | 'GOOGLE_ACCOUNTS_BASE'
  | 'GOOGLE_OAUTH_BASE'
  | 'GOOGLE_APIS_BASE'
  | 'GOOGLE_BUSINESS_ACCOUNTS_BASE'
  | 'GOOGLE_BUSINESS_INFORMATION_BASE'
  | 'GOOGLE_MY_BUSINESS_BASE'
  | 'GOOGLE_PLACES_BASE'
  | 'GOOGLE_PLACES_API_KEY'
  | 'WORDPRESS_COM_BASE';

export const config = {
  /** One of the platform settings, or undefined when unset or empty. */
  platformSetting(name: PlatformSetting): string | undefined {
    return process.env[name] || undefined;
  },
  /** The KMS key that seals platform tokens in AWS (TOKEN_KEY_ID)... */
  get tokenKeyId(): string | undefined {
    return process.env.TOKEN_KEY_ID || undefined;
  },
  /** ...or, on the embedded runtime, the key file (TOKEN_KEY_FILE). */
  get tokenKeyFile(): string | undefined {
    return process.env.TOKEN_KEY_FILE || undefined;
  },
  get runtime(): RuntimeKind {
    return process.env.RUNTIME === 'local' ? 'local' : 'aws';
  },
  get tableName(): string {
    return required('TABLE_NAME');
  },
  get mediaBucket(): string {
    return process.env.MEDIA_BUCKET ?? 'media';
  },
  get region(): string {
    return process.env.AWS_REGION ?? 'us-east-1';
  },
  /** Set only on the embedded runtime: where DynamoDB Local and s3rver listen. */
  get dynamoEndpoint(): string | undefined {
    return process.env.DYNAMODB_ENDPOINT || undefined;
  },
  get s3Endpoint(): string | undefined {
    return process.env.S3_ENDPOINT || undefined;
  },
  /**
   * With S3_ENDPOINT only: the embedded S3 server's credentials (a secret made per DATA_DIR; the
   * server refuses anything else). Other S3-speaking test servers take s3rver's well-known pair.
   */
  get s3Credentials(): { accessKeyId: string; secretAccessKey: string } {
    return {
      accessKeyId: process.env.S3_ACCESS_KEY_ID || 'S3RVER',
      secretAccessKey: process.env.S3_SECRET_ACCESS_KEY || 'S3RVER',
    };
  },
  /** The public origin of the app (https://app.example.com): links in mails, Origin checks. */
  get appOrigin(): string {
    return (process.env.APP_ORIGIN ?? 'http://localhost:5173').replace(/\/$/, '');
  },
  /** Extra origins allowed to make state-changing calls (comma list), e.g. Vite's dev server. */
  get extraOrigins(): string[] {
    return (process.env.EXTRA_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  },
  /** Loopback host:port pairs the safe fetcher may reach (comma list); only the embedded runtime and tests set it. */
  get fetchAllow(): string[] {
    return (process.env.FETCH_ALLOW ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  },
  get featureFlagsJson(): string {
    return process.env.FEATURE_FLAGS ?? '{}';
  },
  /** Set only on the embedded runtime: the loopback sandbox standing in for the social platforms. */
  /** The embedded runtime's sample website (infra/local/sample-site), offered in onboarding; never in AWS. */
  get sampleWebsite(): string | undefined {
    return this.runtime === 'local' ? process.env.SAMPLE_WEBSITE || undefined : undefined;
  },
  get platformSandboxOrigin(): string | undefined {
    return process.env.PLATFORM_SANDBOX_ORIGIN || undefined;
  },
  /** The name the logs, metrics and traces carry (the area or worker, set by the CDK stack). */
  get serviceName(): string {
    return process.env.POWERTOOLS_SERVICE_NAME ?? 'marketing-automation';
  },
  /** Headless Chromium for the website audit's JavaScript rendering; where it is missing (Lambda), audits read HTML only. */
  get chromiumPath(): string {
    return chromiumExecutable();
  },
  /** Set only on the embedded runtime: the sandbox speaking Google's and Facebook's OAuth subset. */
  get oauthSandboxOrigin(): string | undefined {
    return process.env.OAUTH_SANDBOX_ORIGIN || undefined;
  },
  /**
   * Google sign-in through another OpenID provider (OAUTH_GOOGLE_ISSUER, tests only): its issuer,
   * whose discovery document names the endpoints and keys. Unset: Google's own, or the sandbox's.
   */
  get oauthGoogleIssuer(): string | undefined {
    return process.env.OAUTH_GOOGLE_ISSUER || undefined;
  },
  /** A sign-in provider's client from the environment (OAUTH_<PROVIDER>_CLIENT_ID/_SECRET), when both are set. */
  oauthClient(provider: string): { clientId: string; clientSecret: string } | undefined {
    const clientId = process.env[`OAUTH_${provider.toUpperCase()}_CLIENT_ID`];
    const clientSecret = process.env[`OAUTH_${provider.toUpperCase()}_CLIENT_SECRET`];
    return clientId && clientSecret ? { clientId, clientSecret } : undefined;
  },
  /** In AWS: the secret holding the OAuth clients, read at run time. */
  get oauthSecretArn(): string | undefined {
    return process.env.OAUTH_SECRET_ARN || undefined;
  },
  /** A state machine's ARN, from the variable the CDK stack sets for a workflow (`workflowArnEnv`). */
  stateMachineArn(variable: string): string | undefined {
    return process.env[variable] || undefined;
  },
  /** EventBridge Scheduler: the app's schedule group, and the role schedules run as (set by the CDK stack). */
  get scheduleGroup(): string {
    return process.env.SCHEDULE_GROUP ?? 'default';
  },
  get schedulerRoleArn(): string {
    return required('SCHEDULER_ROLE_ARN');
  },
  /** The origin-verify secret (AWS: its Secrets Manager ARN; hosts without it: a literal value). */
  get originVerifySecretArn(): string | undefined {
    return process.env.ORIGIN_VERIFY_SECRET_ARN || undefined;
  },
  get originVerifySecret(): string | undefined {
    return process.env.ORIGIN_VERIFY_SECRET || undefined;
  },
  get ffmpegPath(): string {
    return process.env.FFMPEG_PATH ?? 'ffmpeg';
  },
  /** RATE_LIMIT_CLIENT_SCALE (≥ 1): multiplies per-client limits where many users share one address. */
  get rateLimitClientScale(): number {
    const scale = Number(process.env.RATE_LIMIT_CLIENT_SCALE ?? 1);
    return Number.isFinite(scale) && scale >= 1 ? scale : 1;
  },
  /** Billing (billing/billing-config.ts says what each means). */
  get billingProvider(): string | undefined {
    return process.env.BILLING_PROVIDER || undefined;
  },
  get paymentSandboxOrigin(): string | undefined {
    return process.env.PAYMENT_SANDBOX_ORIGIN || undefined;
  },
  get paymentSandboxWebhookSecret(): string | undefined {
    return process.env.PAYMENT_SANDBOX_WEBHOOK_SECRET || undefined;
  },
  get stripeApiBase(): string | undefined {
    return process.env.STRIPE_API_BASE || undefined;
  },
  get stripeKeys(): { secretKey: string; webhookSecret: string } | undefined {
    const secretKey = process.env.STRIPE_SECRET_KEY;
    const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
    return secretKey && webhookSecret ? { secretKey, webhookSecret } : undefined;
  },
  get stripeSecretArn(): string | undefined {
    return process.env.STRIPE_SECRET_ARN || undefined;
  },
  get mailFrom(): string {
    return process.env.MAIL_FROM ?? 'no-reply@localhost';
  },
  get logLevel(): 'debug' | 'info' | 'warn' | 'error' | 'silent' {
    const level = process.env.LOG_LEVEL;
    return level === 'debug' || level === 'warn' || level === 'error' || level === 'silent' ? level : 'info';
  },
  /** OpenAI or any OpenAI-compatible server (Ollama, vLLM, LM Studio); without a key, the offline generator. */
  get openAiApiKey(): string | undefined {
    return process.env.OPENAI_API_KEY || undefined;
  },
  /** In AWS: a secret whose SecretString is the key (read at run time by functions/core/ai). */
  get openAiSecretArn(): string | undefined {
    return process.env.OPENAI_SECRET_ARN || undefined;
  },
  get openAiBaseUrl(): string | undefined {
    return process.env.OPENAI_BASE_URL || undefined;
  },
  get openAiTextModel(): string {
    return process.env.OPENAI_TEXT_MODEL || 'gpt-4o-mini';
  },
  get openAiImageModel(): string {
    return process.env.OPENAI_IMAGE_MODEL || 'gpt-image-1';
  },
  /**
   * The publish path's own times (posts/post-watch.ts): how long after Publish Now or its
   * schedule's time a post may wait to be claimed before the sweeper starts it again, how long a
   * claim holds. WORKFLOW_TIME_SCALE shortens them on the
   * embedded runtime, as it does the workflows' waits, for tests that cut the power.
   */
  get publishGraceMs(): number {
    return 60_000 * this.localTimeScale;
  },
  /**
   * How soon after a social platform is connected its company's first report collection runs
   * (METRICS_FIRST_RUN_DELAY_SECONDS, default a minute); later runs are daily. The shared test
   * runtime sets a day, so background collections do not meet other tests' sandbox failures.
   */
  get metricsFirstRunDelayMs(): number {
    const seconds = Number(process.env.METRICS_FIRST_RUN_DELAY_SECONDS ?? 60);
    return (Number.isFinite(seconds) && seconds >= 0 ? seconds : 60) * 1000;
  },
  get publishLeaseMs(): number {
    return 10 * 60_000 * this.localTimeScale;
  },
  /**
   * How long one crawl batch of a site audit crawls before it saves its cursor and hands back
   * to the workflow: well inside the crawl worker's 300 s (a request in flight may take its
   * 15 s more). AUDIT_BATCH_MS shortens it, so a test audit loops through several batches.
   */
  get auditBatchMs(): number {
    const configured = Number(process.env.AUDIT_BATCH_MS);
    return Number.isFinite(configured) && configured > 0 ? configured : 240_000;
  },
  /** WORKFLOW_TIME_SCALE (0 < scale ≤ 1) on the embedded runtime; 1 anywhere else. */
  get localTimeScale(): number {
    const scale = Number(process.env.WORKFLOW_TIME_SCALE ?? 1);
    return this.runtime === 'local' && scale > 0 && scale <= 1 ? scale : 1;
  },
  /**
   * What the embedded runtime's sweep loop multiplies its recurring rules' intervals by:
   * SWEEP_TIME_SCALE (0 < scale ≤ 1), else WORKFLOW_TIME_SCALE. A sweep asks the table once per
   * shard and kind of watched work (some 30 queries), so the shared test runtime, which needs short
   * leases but not a sweep every 3 s, sweeps less often than its scale alone would make it.
   */
  get localSweepScale(): number {
    const scale = Number(process.env.SWEEP_TIME_SCALE);
    return this.runtime === 'local' && scale > 0 && scale <= 1 ? scale : this.localTimeScale;
  },
  /**
   * Whether conditional puts of one turn go to the table grouped in transactions
   * (table/put-batcher.ts): on the embedded runtime, where DynamoDB Local's cost per write is
   * what bounds a burst of publishes. TABLE_WRITE_GROUPING=off sends each alone as AWS does;
   * the test runtime sets it, so the suite runs the write path AWS runs.
   */
  get groupTableWrites(): boolean {
    return this.runtime === 'local' && process.env.TABLE_WRITE_GROUPING !== 'off';
  },
  /**
   * scrypt's N for new password hashes, as a power of two. Test runtimes lower it (each hash
   * stores its own cost, so a lowered one never weakens another runtime's hashes); the value is
   * honoured on the embedded runtime only, so a deployed Lambda always hashes at full cost.
   */
  get passwordHashLog2N(): number {
    const asked = Number(process.env.PASSWORD_HASH_LOG2_N);
    const lowered = this.runtime === 'local' && Number.isInteger(asked) && asked >= 10 && asked < FULL_HASH_LOG2_N;
    return lowered ? asked : FULL_HASH_LOG2_N;
  },
};

/** scrypt N = 2^15 keeps a sign-in near 100 ms on a Lambda while staying memory-hard (OWASP). */
const FULL_HASH_LOG2_N = 15;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}
