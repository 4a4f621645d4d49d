/**
 * Worker Lambdas bound to workflow Task states. `substitution` is the `${...}` placeholder the
 * ASL files use for the function's ARN: CDK fills it with the deployed ARN, the embedded
 * engine binds it to the same handler in-process.
 */
export const WORKERS = [
  { name: 'run-job', substitution: 'RunJobFunctionArn' },
  { name: 'finish-job', substitution: 'FinishJobFunctionArn' },
  { name: 'audit-crawl', substitution: 'AuditCrawlFunctionArn' },
  { name: 'audit-finish', substitution: 'AuditFinishFunctionArn' },
  { name: 'publish-start', substitution: 'PublishStartFunctionArn' },
  { name: 'publish-advance', substitution: 'PublishAdvanceFunctionArn' },
  { name: 'publish-send', substitution: 'PublishSendFunctionArn' },
  { name: 'publish-fail', substitution: 'PublishFailFunctionArn' },
] as const;

export type WorkerName = (typeof WORKERS)[number]['name'];

/**
 * Workers a recurring schedule runs rather than a workflow: in AWS an EventBridge rule at `rate`,
 * on the embedded runtime a loop of its own (infra/local/sweep-loop.ts).
 */
export const RECURRING_WORKERS = [
  // Starts the publish workflow again for posts nothing has moved on (functions/core/publishing/post-sweeper.ts).
  { name: 'sweep-posts', everyMinutes: 1 },
] as const;

export type RecurringWorkerName = (typeof RECURRING_WORKERS)[number]['name'];
