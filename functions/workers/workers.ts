/**
 * Worker Lambdas bound to workflow Task states. `substitution` is the `${...}` placeholder the
 * ASL files use for the function's ARN: CDK fills it with the deployed ARN, the embedded
 * engine binds it to the same handler in-process.
 * `timeoutSeconds` is both the Lambda's timeout and the `TimeoutSeconds` of every Task bound to
 * it (tests/infra/workflow-timeouts.test.ts): when Step Functions gives up on a Task, Lambda has
 * stopped the work too, so a retry never runs beside a late first attempt. The work itself is
 * told a little earlier through its task signal (functions/core/jobs/task-signal.ts).
 */
/**
 * The job workers: run-job.asl.json's Route state sends each job kind to the one whose group
 * holds it (functions/workers/jobs/job-kinds.ts), so each Lambda holds only its kinds' grants.
 * One timeout for all: a model on a CPU may take minutes for one plan, and an import's or a
 * feed poll's lease is sized to outlast any attempt.
 */
export const JOB_WORKERS = [
  // Jobs the model does: onboarding, generation, keywords, review replies, feed drafts.
  { name: 'job-ai', substitution: 'AiJobFunctionArn', timeoutSeconds: 300 },
  // Jobs that open platform tokens: the scheduled refresh, the daily metrics collection.
  { name: 'job-platforms', substitution: 'PlatformsJobFunctionArn', timeoutSeconds: 300 },
  // Webhook delivery attempts: the signing secret only.
  { name: 'job-deliveries', substitution: 'DeliveriesJobFunctionArn', timeoutSeconds: 300 },
  // CSV imports: media fetched into the library and removed again.
  { name: 'job-imports', substitution: 'ImportsJobFunctionArn', timeoutSeconds: 300 },
  // A scheduled website audit: it starts the site-audit workflow.
  { name: 'job-audits', substitution: 'AuditsJobFunctionArn', timeoutSeconds: 300 },
  // A demo company's history: sample posts, photos and audits.
  { name: 'job-demo', substitution: 'DemoJobFunctionArn', timeoutSeconds: 300 },
] as const;

export type JobWorkerName = (typeof JOB_WORKERS)[number]['name'];

export const WORKERS = [
  ...JOB_WORKERS,
  { name: 'finish-job', substitution: 'FinishJobFunctionArn', timeoutSeconds: 30 },
  // A crawl batch (config.auditBatchMs, 240 s) plus its last requests and the saved cursor.
  { name: 'audit-crawl', substitution: 'AuditCrawlFunctionArn', timeoutSeconds: 300 },
  { name: 'audit-finish', substitution: 'AuditFinishFunctionArn', timeoutSeconds: 120 },
  { name: 'publish-start', substitution: 'PublishStartFunctionArn', timeoutSeconds: 120 },
  { name: 'publish-advance', substitution: 'PublishAdvanceFunctionArn', timeoutSeconds: 120 },
  { name: 'publish-send', substitution: 'PublishSendFunctionArn', timeoutSeconds: 120 },
  { name: 'publish-fail', substitution: 'PublishFailFunctionArn', timeoutSeconds: 30 },
] as const;

export type WorkerName = (typeof WORKERS)[number]['name'];

/**
 * Workers a recurring schedule runs rather than a workflow: in AWS an EventBridge rule at `rate`,
 * on the embedded runtime a loop of its own (infra/local/sweep-loop.ts).
 */
export const RECURRING_WORKERS = [
  // Starts the publish workflow again for posts nothing has moved on (functions/core/publishing/post-sweeper.ts).
  { name: 'sweep-posts', everyMinutes: 1 },
  // Re-arms daily report collections whose chain of schedules died (functions/core/reports/metrics-sweeper.ts).
  { name: 'sweep-metrics', everyMinutes: 60 },
  // Starts webhook deliveries that are due: new events, retries, attempts whose run died (core/public-api/webhook-deliveries.ts).
  { name: 'sweep-webhooks', everyMinutes: 1 },
  // Re-arms feed polls whose chain of schedules died (functions/core/feeds/feed-sweeper.ts).
  { name: 'sweep-feeds', everyMinutes: 60 },
  // Resumes or ends jobs and audit runs nothing runs any more (functions/core/jobs/watch.ts).
  { name: 'sweep-work', everyMinutes: 1 },
] as const;

export type RecurringWorkerName = (typeof RECURRING_WORKERS)[number]['name'];
