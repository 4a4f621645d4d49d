/**
 * The limits a fleet meets, each as the load it puts on it over its quota (default quotas of
 * us-east-1 as we know them: re-check in Service Quotas), and what the design does there.
 */
import { WATCH_SHARDS } from '../../functions/core/table/keys';
import { operations } from './access-patterns';
import { companyDay, tableOf } from './model';
import type { UsageProfile } from './profile';

const QUOTAS = {
  /** Lambda concurrent executions per account and region (a new account may start far lower). */
  lambdaConcurrency: 1_000,
  /** DynamoDB: write units a second one partition takes (a key, or an index key). */
  partitionWriteUnitsPerSecond: 1_000,
  /** Step Functions Standard: StartExecution refill a second, and state transitions a second. */
  startExecutionPerSecond: 300,
  transitionsPerSecond: 5_000,
  /** EventBridge Scheduler: schedules in an account and region, and invocations a second. */
  schedules: 1_000_000,
  schedulerInvocationsPerSecond: 1_000,
  /** SES, a production account's first sending rate. */
  sesMailsPerSecond: 14,
};

export interface LimitLoad {
  limit: string;
  /** Load over quota: 1 is the quota reached. */
  ratio: number;
  load: string;
  fix: string;
}

/** Each limit's load for `companies` under the profile, the nearest first. */
export function limitsFor(companies: number, profile: UsageProfile): LimitLoad[] {
  const ops = operations(profile);
  const named = (name: string) => {
    const op = ops.find((o) => o.name === name);
    if (!op) throw new Error(`The model has no operation ${name}`);
    return op;
  };
  const publish = named('post published');
  const create = named('post group written');
  const publishTable = tableOf(publish.table);
  const day = companyDay(profile);
  const postsADay = companies * profile.postGroups * profile.platforms.length;
  // Scheduler fires a minute's schedules within that minute; they arrive over its first seconds.
  const peakPosts = postsADay * profile.peakMinuteShare;
  const spreadSeconds = 20;
  const peakRate = peakPosts / spreadSeconds;
  const publishMs = publish.lambda[0]?.ms ?? 0;
  const peakConcurrency = peakRate * (publishMs / 1000);
  // GSI3 items of a company live on shard companyId mod WATCH_SHARDS: a publish writes its shard twice.
  const watchWritesPerShard = (peakRate * 3) / WATCH_SHARDS;
  // Every post group takes its ids from COUNTER#post: one ADD per group, all companies on one key.
  const createsPerSecondPeakHour = (companies * profile.postGroups * profile.peakHourSignInShare) / 3600;
  const scheduledAhead = postsADay * 7 + companies;
  const transitionsPeak = peakRate * (publish.transitions + 0);
  return [
    {
      limit: 'Lambda concurrency at the busiest minute (publish-start)',
      ratio: peakConcurrency / QUOTAS.lambdaConcurrency,
      load: `${Math.round(peakPosts)} posts due in one minute, ~${Math.round(peakConcurrency)} at once`,
      fix: 'raise the account quota; a reserved concurrency on publish-start keeps the API areas served; the workflow retries Lambda.TooManyRequestsException',
    },
    {
      limit: 'Step Functions StartExecution at the busiest minute',
      ratio: peakRate / QUOTAS.startExecutionPerSecond,
      load: `${Math.round(peakRate)} starts/s over ${spreadSeconds} s`,
      fix: "Scheduler retries a throttled target (its retry policy), so posts go late, not lost; raise the quota, or batch a minute's posts into one execution",
    },
    {
      limit: 'Step Functions state transitions',
      ratio: transitionsPeak / QUOTAS.transitionsPerSecond,
      load: `${Math.round(transitionsPeak)} transitions/s at the peak (${publish.transitions} per publish)`,
      fix: 'Express workflows for publish-post (minutes-long waits fit in 5 min; idempotency already rests on the post claim, not the execution name)',
    },
    {
      limit: 'Scheduler invocations at the busiest minute',
      ratio: peakRate / QUOTAS.schedulerInvocationsPerSecond,
      load: `${Math.round(peakRate)} invocations/s`,
      fix: 'raise the quota; or one schedule per company-minute instead of one per post',
    },
    {
      limit: 'Scheduler schedules in the account',
      ratio: scheduledAhead / QUOTAS.schedules,
      load: `${Math.round(scheduledAhead)} schedules (a week of posts ahead, one collection each)`,
      fix: "arm a post's schedule only within a day of its time (the post sweeper already finds due posts on GSI3); raise the quota",
    },
    {
      limit: `GSI3 watch shard (POSTWATCH#0-${WATCH_SHARDS - 1}) write rate`,
      ratio: watchWritesPerShard / QUOTAS.partitionWriteUnitsPerSecond,
      load: `${Math.round(watchWritesPerShard)} index writes/s on each of ${WATCH_SHARDS} shards at the peak`,
      fix: 'more shards (WATCH_SHARDS): the sweeper queries each, so 8 → 64 costs 56 more queries a minute',
    },
    {
      limit: 'COUNTER#post, one key for every company',
      ratio: createsPerSecondPeakHour / QUOTAS.partitionWriteUnitsPerSecond,
      load: `${createsPerSecondPeakHour.toFixed(1)} ADDs/s in the busiest hour`,
      fix: 'ULIDs or per-company counters (COMPANY#<id> / COUNTER#post) for post ids',
    },
    {
      limit: 'GSI write amplification',
      ratio: 0,
      load: `${(day.gsiWriteUnits / day.writeUnits).toFixed(1)} index writes per table write; a publish writes ${publishTable.gsiWriteUnits} index items for ${publishTable.itemWrites} posts written`,
      fix: 'a post write moves its GSI1 (status) and GSI3 (watch) keys; sparse GSI3 keeps only posts on their way; GSI2 could keep the date only',
    },
    {
      limit: 'DynamoDB item size (400 KB)',
      ratio: 0,
      load: `largest item written a day: ${Math.max(...create.table.map((a) => a.bytes), ...publish.table.map((a) => a.bytes))} bytes; grows with one company's use, not with the fleet`,
      fix: 'entity writes are checked against the limit (422 before DynamoDB refuses); audits keep pages in S3',
    },
  ].sort((a, b) => b.ratio - a.ratio);
}
