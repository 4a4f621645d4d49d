/**
 * Counts what the embedded runtime asks of the table, the workflows and the bucket while the
 * simulation runs, phase by phase. Table calls are counted at the document client, the one
 * client every store goes through (functions/core/table/client.ts), with the capacity DynamoDB
 * Local reports for each (ReturnConsumedCapacity INDEXES: the table's and each index's units).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { S3Client } from '@aws-sdk/client-s3';
import { StateMachine } from 'aws-local-stepfunctions';

/**
 * Where a table call belongs in AWS. The embedded runtime keeps EventBridge Scheduler's
 * schedules and SES's mails in the table, and its sweep loops' queries are a fixed cost of the
 * deployment, not of a company: those are counted apart from the app's own calls.
 */
type CallBucket = 'app' | 'scheduler' | 'mail' | 'sweeper';

interface TableTally {
  calls: number;
  /** Items read by key (GetItem, each key of a BatchGetItem) and queries sent. */
  itemReads: number;
  queries: number;
  /** Items written: each Put, Update, Delete, and each item of a batch or transaction. */
  itemWrites: number;
  readUnits: number;
  /** Write units on the table, and on the indexes (GSI writes). */
  writeUnits: number;
  gsiWriteUnits: number;
  /** Bytes of the items written whole (Put), by entity type, to check the model's item sizes. */
  putBytes: Record<string, { count: number; bytes: number }>;
}

export interface PhaseTally {
  table: Record<CallBucket, TableTally>;
  /** By workflow: executions started and ended, states entered and retried (Step Functions bills both). */
  workflows: Record<string, { executions: number; ended: number; transitions: number }>;
  s3: Record<string, number>;
}

const emptyTable = (): TableTally => ({
  calls: 0,
  itemReads: 0,
  queries: 0,
  itemWrites: 0,
  readUnits: 0,
  writeUnits: 0,
  gsiWriteUnits: 0,
  putBytes: {},
});

const emptyPhase = (): PhaseTally => ({
  table: { app: emptyTable(), scheduler: emptyTable(), mail: emptyTable(), sweeper: emptyTable() },
  workflows: {},
  s3: {},
});

type AnyInput = {
  Key?: Record<string, unknown>;
  Item?: Record<string, unknown>;
  IndexName?: string;
  ExpressionAttributeValues?: Record<string, unknown>;
  RequestItems?: Record<string, { Keys?: unknown[] } | unknown[]>;
  TransactItems?: Record<string, { Key?: Record<string, unknown>; Item?: Record<string, unknown> }>[];
  ReturnConsumedCapacity?: string;
};

type Capacity = {
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
  CapacityUnits?: number;
  Table?: { ReadCapacityUnits?: number; WriteCapacityUnits?: number; CapacityUnits?: number };
  GlobalSecondaryIndexes?: Record<
    string,
    { ReadCapacityUnits?: number; WriteCapacityUnits?: number; CapacityUnits?: number }
  >;
};

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

const pkOf = (entry: { Key?: Record<string, unknown>; Item?: Record<string, unknown> } | undefined) =>
  text(entry?.Key?.pk ?? entry?.Item?.pk);

/** Which bucket a call belongs to, from the keys it names. */
function bucketOf(input: AnyInput): CallBucket {
  const keys: string[] = [pkOf(input)];
  for (const item of input.TransactItems ?? []) for (const op of Object.values(item)) keys.push(pkOf(op));
  for (const value of Object.values(input.ExpressionAttributeValues ?? {}))
    if (typeof value === 'string') keys.push(value);
  if (keys.some((k) => k.startsWith('SCHEDULE#') || k === 'SCHEDULE' || k === 'SCHEDULES')) return 'scheduler';
  if (keys.some((k) => k === 'MAILBOX')) return 'mail';
  if (input.IndexName === 'GSI3' && keys.some((k) => /^(POST|METRICS)WATCH#/.test(k))) return 'sweeper';
  return 'app';
}

const WRITE_COMMANDS = /^(PutItem|UpdateItem|DeleteItem)Command$/;

export class Recorder {
  phases = new Map<string, PhaseTally>();
  private current = emptyPhase();
  /** When set, one line per table call (command, key shapes, index, units): how the access patterns were read. */
  trace?: string[];

  /** Starts counting into `name` (a phase seen before adds to its tally). */
  phase(name: string): PhaseTally {
    this.current = this.phases.get(name) ?? emptyPhase();
    this.phases.set(name, this.current);
    return this.current;
  }

  watchTable(doc: DynamoDBDocumentClient) {
    doc.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as AnyInput;
        const command = context.commandName ?? '';
        input.ReturnConsumedCapacity = 'INDEXES';
        const tally = this.current.table[bucketOf(input)];
        tally.calls++;
        if (command === 'GetItemCommand') tally.itemReads++;
        if (command === 'BatchGetItemCommand')
          for (const request of Object.values(input.RequestItems ?? {}))
            tally.itemReads += (request as { Keys?: unknown[] }).Keys?.length ?? 0;
        if (command === 'QueryCommand') tally.queries++;
        if (WRITE_COMMANDS.test(command)) tally.itemWrites++;
        if (command === 'BatchWriteItemCommand')
          for (const request of Object.values(input.RequestItems ?? {}))
            tally.itemWrites += (request as unknown[]).length;
        if (command === 'TransactWriteItemsCommand') tally.itemWrites += input.TransactItems?.length ?? 0;
        const puts = [input.Item, ...(input.TransactItems ?? []).map((t) => t.Put?.Item)];
        for (const item of puts) {
          if (!item) continue;
          const type = text(item.type) || (pkOf({ Item: item }).split('#')[0] ?? '');
          const size = (tally.putBytes[type] ??= { count: 0, bytes: 0 });
          size.count++;
          size.bytes += Buffer.byteLength(JSON.stringify(item), 'utf8');
        }
        const result = await next(args);
        if (this.trace) this.trace.push(traceLine(command, input, result.output));
        const output = result.output as { ConsumedCapacity?: Capacity | Capacity[] };
        const consumed = output.ConsumedCapacity;
        for (const c of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) {
          const table = c.Table ?? c;
          tally.readUnits += table.ReadCapacityUnits ?? 0;
          tally.writeUnits += table.WriteCapacityUnits ?? 0;
          // A plain read or write reports only CapacityUnits: which kind it was follows from the command.
          if (table.ReadCapacityUnits === undefined && table.WriteCapacityUnits === undefined) {
            if (/Get|Query/.test(command)) tally.readUnits += table.CapacityUnits ?? 0;
            else tally.writeUnits += table.CapacityUnits ?? 0;
          }
          for (const gsi of Object.values(c.GlobalSecondaryIndexes ?? {})) {
            if (/Get|Query/.test(command)) tally.readUnits += gsi.ReadCapacityUnits ?? gsi.CapacityUnits ?? 0;
            else tally.gsiWriteUnits += gsi.WriteCapacityUnits ?? gsi.CapacityUnits ?? 0;
          }
        }
        return result;
      },
      { step: 'initialize', name: 'scaleModelRecorder' },
    );
  }

  watchS3(client: S3Client) {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const command = (context.commandName ?? '').replace(/Command$/, '');
        this.current.s3[command] = (this.current.s3[command] ?? 0) + 1;
        return next(args);
      },
      { step: 'initialize', name: 'scaleModelRecorder' },
    );
  }

  /** A request the browser sends to the bucket itself (a presigned PUT). */
  countBrowserS3(command: string) {
    this.current.s3[command] = (this.current.s3[command] ?? 0) + 1;
  }

  /**
   * Every execution of the local engine, counted from the library's own event log: each state
   * entered and each retry is a state transition Step Functions (Standard) bills.
   */
  watchWorkflows(nameOf: (startAt: string) => string) {
    // Called below with the machine as `this`.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const original = StateMachine.prototype.run;
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const recorder = this;
    StateMachine.prototype.run = function (this: StateMachine, ...args: Parameters<StateMachine['run']>) {
      const execution = original.apply(this, args);
      const definition = (this as unknown as { definition: { StartAt: string } }).definition;
      const tally = recorder.current.workflows;
      const flow = (tally[nameOf(definition.StartAt)] ??= { executions: 0, ended: 0, transitions: 0 });
      flow.executions++;
      void (async () => {
        for await (const event of execution.eventLogs) {
          if (event.type === 'StateEntered' || event.type === 'StateRetried') flow.transitions++;
        }
      })();
      void execution.result.then(
        () => flow.ended++,
        () => flow.ended++,
      );
      return execution;
    };
    return () => {
      StateMachine.prototype.run = original;
    };
  }

  /** Executions of `workflow` ended across every phase so far. */
  ended(workflow: string): number {
    let n = 0;
    for (const phase of this.phases.values()) n += phase.workflows[workflow]?.ended ?? 0;
    return n;
  }
}

const shape = (key: unknown) => text(key).replace(/[0-9a-f]{8,}|\d+/g, '*');

function traceLine(command: string, input: AnyInput, output: unknown): string {
  const keys = [
    input.Key,
    input.Item,
    ...(input.TransactItems ?? []).flatMap((t) => Object.values(t).map((o) => o.Key ?? o.Item)),
  ].flatMap((k) => (k ? [`${shape(k.pk)}/${shape(k.sk)}`] : []));
  for (const [, request] of Object.entries(input.RequestItems ?? {})) {
    const list = Array.isArray(request) ? request : (request.Keys ?? []);
    for (const r of list as Record<
      string,
      { Item?: Record<string, unknown>; Key?: Record<string, unknown> } & Record<string, unknown>
    >[])
      keys.push(
        r.PutRequest
          ? `put ${shape(r.PutRequest.Item?.pk)}/${shape(r.PutRequest.Item?.sk)}`
          : `${shape(r.pk)}/${shape(r.sk)}`,
      );
  }
  const values = Object.values(input.ExpressionAttributeValues ?? {})
    .filter((v) => typeof v === 'string')
    .map(shape);
  const consumed = JSON.stringify((output as { ConsumedCapacity?: unknown }).ConsumedCapacity ?? null);
  return `${command.replace(/Command$/, '')} ${input.IndexName ?? ''} ${keys.join(',')} ${command === 'QueryCommand' ? values.join(',') : ''} ${consumed}`;
}
