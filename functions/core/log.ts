import { Logger } from '@aws-lambda-powertools/logger';
import { config } from './config';

type Level = 'debug' | 'info' | 'warn' | 'error';

/** LOG_LEVEL → Powertools' level; anything else in LOG_LEVEL reads as info. */
const POWERTOOLS_LEVEL: Partial<Record<string, 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT'>> = {
  debug: 'DEBUG',
  info: 'INFO',
  warn: 'WARN',
  error: 'ERROR',
  silent: 'SILENT',
};

let current: { logger: Logger; level: string } | undefined;

/**
 * The Powertools logger: JSON lines with the service, the Lambda context and the request id
 * (functions/core/observability.ts and the request logger add them). Created on first use and
 * kept in step with LOG_LEVEL, because the embedded runtime sets its environment after this
 * module is imported.
 */
export function logger(): Logger {
  const level = POWERTOOLS_LEVEL[config.logLevel] ?? 'INFO';
  if (!current) {
    current = {
      logger: new Logger({
        serviceName: config.serviceName,
        logLevel: level,
      }),
      level,
    };
  } else if (current.level !== level) {
    current.logger.setLogLevel(level);
    current.level = level;
  }
  return current.logger;
}

/** One structured line; `fields` become top-level keys (CloudWatch Logs Insights reads them as they are). */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  logger()[level](msg, fields);
}
