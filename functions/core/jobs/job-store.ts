import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { table, tableName, ttlIn, isExpired } from '../table/client';
import { workflows } from './workflow-port';

/** Results stay readable for a day after the job starts; polling clients are long gone by then. */
const JOB_TTL_SECONDS = 24 * 3600;

export type JobState =
  | { status: 'running' }
  | { status: 'succeeded'; result: unknown }
  | { status: 'failed'; error: { statusCode: number; message: string } };

export interface JobItem {
  uuid: string;
  kind: string;
  companyId: number;
  userId: number;
  createdAt: string;
  finishedAt?: string;
  state: JobState;
  ttl: number;
}

const key = (uuid: string) => ({ pk: `JOB#${uuid}`, sk: 'JOB' });

/**
 * Starts a long-running job: the job item first (so a poll never races a 404), then the
 * workflow execution named after the job, so a retried start cannot run it twice.
 */
export async function startJob(kind: string, input: unknown, owner: { companyId: number; userId: number }) {
  const uuid = randomUUID();
  const item: JobItem = {
    uuid,
    kind,
    ...owner,
    createdAt: new Date().toISOString(),
    state: { status: 'running' },
    ttl: ttlIn(JOB_TTL_SECONDS),
  };
  await table().send(new PutCommand({ TableName: tableName(), Item: { ...key(uuid), type: 'job', ...item } }));
  await workflows().start('run-job', { uuid, kind, input }, `job-${uuid}`);
  return { status: 'running' as const, uuid };
}

export async function getJob(uuid: string): Promise<JobItem | undefined> {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: key(uuid) }));
  const item = out.Item as JobItem | undefined;
  return item && !isExpired(item) ? item : undefined;
}

/** Only a running job can finish: a duplicate completion from a retried task changes nothing. */
export async function finishJob(uuid: string, state: Exclude<JobState, { status: 'running' }>) {
  try {
    await table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key(uuid),
        UpdateExpression: 'SET #state = :state, finishedAt = :now',
        ConditionExpression: '#state.#status = :running',
        ExpressionAttributeNames: { '#state': 'state', '#status': 'status' },
        ExpressionAttributeValues: { ':state': state, ':now': new Date().toISOString(), ':running': 'running' },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}
