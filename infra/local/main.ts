/**
 * `npm start`: the whole product on this machine, no cloud account and no Docker.
 * PORT (default 5173), HOST (default 127.0.0.1) and DATA_DIR (default ./.data) configure it.
 */
import { JavaMissingError, startRuntime } from './runtime';

const dev = process.argv.includes('--dev');
process.env.LOG_LEVEL ??= 'warn';

try {
  const runtime = await startRuntime({
    port: Number(process.env.PORT ?? 5173),
    host: process.env.HOST ?? '127.0.0.1',
    dataDir: process.env.DATA_DIR ?? '.data',
    dev,
  });
  console.log(`App ready at ${runtime.url}`);
  console.log(`  dev mailbox:    ${runtime.url}/dev/mailbox`);
  console.log(`  DynamoDB Local: ${runtime.dynamoEndpoint} (table ${runtime.tableName})`);
  console.log(`  S3 (s3rver):    ${runtime.s3Endpoint}`);
  console.log(`  sandbox OAuth:  ${runtime.sandboxOrigin}`);
  console.log(`  data:           ${process.env.DATA_DIR ?? '.data'}  (Ctrl-C to stop)`);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping...');
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
} catch (error) {
  if (error instanceof JavaMissingError) console.error(error.message);
  else console.error(`Could not start: ${(error as Error).message}`);
  process.exit(1);
}
