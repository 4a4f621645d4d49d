import { readFileSync, statSync } from 'node:fs';
import { inject } from 'vitest';

const logFile = () => inject('runtime').logFile;

/** The lines of the log from byte `offset` on that contain `needle`; none when it cannot be read. */
const linesWith = (file: string, needle: string, offset = 0) => {
  try {
    return readFileSync(file)
      .subarray(offset)
      .toString('utf8')
      .split('\n')
      .filter((line) => line.includes(needle));
  } catch {
    return [];
  }
};

/**
 * The suite runtime's log lines that name a request id (every line the request logger and the
 * error responder write carries it), for a failure message: a 500 then shows its stack, not
 * only "unknown error". The lines pass through Vitest's main process on their way to the file,
 * so they are waited for a little. Empty when the runtime keeps no log file.
 */
export async function runtimeLogOf(requestId: unknown): Promise<string[]> {
  const file = logFile();
  if (!file || typeof requestId !== 'string' || !requestId) return [];
  for (let i = 0; ; i++) {
    const lines = linesWith(file, requestId);
    if (lines.length || i === 10) return lines;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** How far the suite runtime's log has got: where a test's own stretch of it begins. */
export function runtimeLogSize(): number {
  const file = logFile();
  try {
    return file ? statSync(file).size : 0;
  } catch {
    return 0;
  }
}

/** The error lines the suite runtime logged from `offset` on (Powertools writes `"level":"ERROR"`). */
export function runtimeErrorsSince(offset: number): string[] {
  const file = logFile();
  return file ? linesWith(file, '"level":"ERROR"', offset) : [];
}
