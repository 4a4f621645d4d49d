import { config } from './config';

const order = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof order, 'silent'>;

/** Structured JSON lines on stdout: CloudWatch Logs Insights and `jq` read them as they are. */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  if (order[level] < order[config.logLevel]) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields });
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}
