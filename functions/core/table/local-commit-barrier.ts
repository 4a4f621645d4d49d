import { DynamoDBClient, GetItemCommand, type TransactWriteItemsCommandInput } from '@aws-sdk/client-dynamodb';
import { tableSchema } from './schema';

/** A key no item has: reading it is only a turn in DynamoDB Local's queue. */
const BARRIER_KEY = { [tableSchema.partitionKey]: { S: '#commit-barrier' }, [tableSchema.sortKey]: { S: '#' } };

/**
 * DynamoDB Local answers TransactWriteItems before its COMMIT has run: it queues the commit on
 * its single SQLite thread and replies without waiting (SQLiteDBAccess.commitTransaction), so a
 * transaction it acknowledged can be gone after a kill -9 (a probe lost the last acknowledged
 * transaction in 14 of 16 cuts). That queue runs in order, so a read sent after the answer
 * returns only once the commit is on disk. This middleware sends that read after every
 * acknowledged transaction, and the caller hears "written" only then. Only for DynamoDB Local:
 * DynamoDB itself answers after the write is durable. The read goes through a client of its own,
 * so it is not one of the app's calls (which tests count on the table client's stack).
 */
export function awaitLocalCommits(client: DynamoDBClient, endpoint: string): void {
  const barrier = new DynamoDBClient({
    region: 'us-east-1',
    endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const out = await next(args);
      if (context.commandName === 'TransactWriteItemsCommand') {
        const [first] = (args.input as TransactWriteItemsCommandInput).TransactItems ?? [];
        const tableName = (first?.Put ?? first?.Update ?? first?.Delete ?? first?.ConditionCheck)?.TableName;
        if (tableName)
          await barrier.send(new GetItemCommand({ TableName: tableName, Key: BARRIER_KEY, ConsistentRead: true }));
      }
      return out;
    },
    { step: 'initialize', name: 'awaitLocalCommits' },
  );
}
