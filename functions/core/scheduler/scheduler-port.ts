import {
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ListSchedulesCommand,
  SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import { config } from '../config';
import { workflowArnEnv, type WorkflowName } from '../workflows';
import { transact, type PutCondition } from '../table/entity';
import { index, keys } from '../table/keys';
import { schedules } from './schedule-entity';

/** A one-time trigger: at `at`, start `workflow` with `input`. */
interface OneTimeSchedule {
  name: string;
  at: Date;
  workflow: WorkflowName;
  input: unknown;
}

export interface Scheduler {
  /** Creates or moves the schedule called `name`. */
  upsert(schedule: OneTimeSchedule): Promise<void>;
  remove(name: string): Promise<void>;
  /** The names of the schedules starting with `prefix` (a company's: `companySchedulePrefix`). */
  namesWithPrefix(prefix: string): Promise<string[]>;
}

/**
 * Schedules of a company are named `c<companyId>-...`, so the company cascade finds them all
 * by prefix on both runtimes (EventBridge's ListSchedules takes a NamePrefix).
 */
export const companySchedulePrefix = (companyId: number) => `c${companyId}-`;
export const companyScheduleName = (companyId: number, id: string) => `${companySchedulePrefix(companyId)}${id}`;

/** Set by the CDK stack on every function that schedules; missing is a deployment bug. */
function requiredArn(workflow: WorkflowName): string {
  const variable = workflowArnEnv(workflow);
  const value = config.stateMachineArn(variable);
  if (!value) throw new Error(`Missing environment variable ${variable}`);
  return value;
}

/** EventBridge Scheduler wants `at(yyyy-mm-ddThh:mm:ss)` in the given zone, without offset. */
const atExpression = (at: Date) => `at(${at.toISOString().slice(0, 19)})`;

let client: SchedulerClient | undefined;

export const eventBridgeScheduler: Scheduler = {
  async upsert({ name, at, workflow, input }) {
    client ??= new SchedulerClient({ region: config.region });
    const params = {
      Name: name,
      GroupName: config.scheduleGroup,
      ScheduleExpression: atExpression(at),
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' as const },
      ActionAfterCompletion: 'DELETE' as const,
      Target: {
        Arn: requiredArn(workflow),
        RoleArn: config.schedulerRoleArn,
        Input: JSON.stringify(input),
      },
    };
    try {
      await client.send(new CreateScheduleCommand(params));
    } catch (error) {
      if ((error as Error).name !== 'ConflictException') throw error;
      await client.send(new UpdateScheduleCommand(params));
    }
  },
  async remove(name) {
    client ??= new SchedulerClient({ region: config.region });
    try {
      await client.send(new DeleteScheduleCommand({ Name: name, GroupName: config.scheduleGroup }));
    } catch (error) {
      if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    }
  },
  async namesWithPrefix(prefix) {
    client ??= new SchedulerClient({ region: config.region });
    const names: string[] = [];
    let token: string | undefined;
    do {
      const out = await client.send(
        new ListSchedulesCommand({
          GroupName: config.scheduleGroup,
          NamePrefix: prefix,
          NextToken: token,
        }),
      );
      names.push(...(out.Schedules ?? []).flatMap((s) => (s.Name ? [s.Name] : [])));
      token = out.NextToken;
    } while (token);
    return names;
  },
};

const scheduleKey = keys.schedule;
/** The GSI1 partition of every schedule, by due time. */
const DUE = index.dueSchedule('', '').gsi1pk;

type UpsertListener = (at: Date) => void;
const upsertListeners = new Set<UpsertListener>();

/**
 * Tells the embedded scheduler loop (same process) of each schedule written, so one due before
 * its next tick wakes it rather than waiting out the interval. Returns the unsubscribe.
 */
export function onTableScheduleUpsert(listener: UpsertListener): () => void {
  upsertListeners.add(listener);
  return () => upsertListeners.delete(listener);
}

/** The embedded runtime's schedules are table items; its scheduler loop fires the due ones. */
export const tableScheduler: Scheduler = {
  async upsert({ name, at, workflow, input }) {
    await schedules.put({ name, at: at.toISOString(), workflow, input });
    for (const listener of upsertListeners) listener(at);
  },
  async remove(name) {
    await schedules.delete(scheduleKey(name));
  },
  async namesWithPrefix(prefix) {
    const found = await schedules.query({
      index: 'GSI2',
      pk: index.scheduleByName('').gsi2pk,
      sk: { beginsWith: prefix },
    });
    return found.map((s) => s.name);
  },
};

export interface DueSchedule {
  name: string;
  at: string;
  workflow: WorkflowName;
  input: unknown;
}

export async function dueSchedules(now: Date, limit = 25): Promise<DueSchedule[]> {
  return schedules.query({ index: 'GSI1', pk: DUE, sk: { atMost: `${now.toISOString()}#\uffff` }, limit });
}

/** The `limit` schedules that fall due first, due already or not, earliest first. */
export async function earliestSchedules(limit: number): Promise<DueSchedule[]> {
  return schedules.query({ index: 'GSI1', pk: DUE, limit });
}

/** When the earliest schedule is due (past or future), or undefined when there is none. */
export async function nextScheduleAt(): Promise<Date | undefined> {
  const [first] = await earliestSchedules(1);
  return first ? new Date(first.at) : undefined;
}

/** The claim of one schedule: delete it if it still falls due at `at` (not moved, not claimed). */
const stillDueAt = (at: string): PutCondition => ({
  expression: '#at = :at',
  names: { '#at': 'at' },
  values: { ':at': at },
});

/** Claims a fired schedule by deleting it conditionally: two loops never fire one twice. */
export function claimSchedule(name: string, at: string): Promise<boolean> {
  return schedules.deleteWhen(scheduleKey(name), stillDueAt(at));
}

export const scheduler = (): Scheduler => (config.runtime === 'local' ? tableScheduler : eventBridgeScheduler);

/** Claims in one transaction: DynamoDB's limit is 100; Local's cost per claim stops falling well before. */
const CLAIMS_PER_TRANSACTION = 25;

/**
 * Claims many due schedules: each group in one transaction of conditional deletes, which costs
 * DynamoDB Local about a third of the same deletes sent one by one (the loop claims a thousand
 * posts due in the same minute). A group where any claim fails (another loop took it, or it
 * was moved) is cancelled whole, and its schedules are claimed one by one instead. Answers the
 * schedules this caller claimed.
 */
export async function claimSchedules(due: DueSchedule[]): Promise<DueSchedule[]> {
  const claimed: DueSchedule[] = [];
  for (let i = 0; i < due.length; i += CLAIMS_PER_TRANSACTION) {
    const group = due.slice(i, i + CLAIMS_PER_TRANSACTION);
    if (group.length > 1 && (await claimTogether(group))) {
      claimed.push(...group);
      continue;
    }
    for (const schedule of group) if (await claimSchedule(schedule.name, schedule.at)) claimed.push(schedule);
  }
  return claimed;
}

async function claimTogether(group: DueSchedule[]): Promise<boolean> {
  try {
    const claimed = await transact(
      group.map(({ name, at }) => schedules.tx.delete(scheduleKey(name), { when: stillDueAt(at) })),
    );
    return claimed.ok;
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TransactionCanceledException' || name === 'TransactionConflictException') return false;
    throw error;
  }
}
