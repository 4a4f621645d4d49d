import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { metricsScheduleName } from '../../functions/core/reports/metrics-schedule';
import { tableScheduler } from '../../functions/core/scheduler/scheduler-port';
import { table, tableName } from '../../functions/core/table/client';
import { keys } from '../../functions/core/table/keys';

/**
 * Fires a company's collection schedule now, with the input it was armed with at connect, as
 * EventBridge Scheduler would at its time: the runtime's scheduler loop starts the collection.
 * Needs useSuiteRuntimeEnv (the suite's table).
 */
export async function fireCollection(companyId: number): Promise<void> {
  const name = metricsScheduleName(companyId);
  const item = (await table().send(new GetCommand({ TableName: tableName(), Key: keys.schedule(name) }))).Item;
  expect(item, 'the collection schedule armed at connect').toBeDefined();
  await tableScheduler.upsert({ name, at: new Date(Date.now() - 1000), workflow: 'run-job', input: item!.input });
}
