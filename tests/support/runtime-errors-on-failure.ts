import { beforeEach } from 'vitest';
import { runtimeErrorsSince, runtimeLogSize } from './runtime-log';

// A test that fails prints the errors the suite runtime logged while it ran, stacks included:
// the run's log is all CI keeps, and a 500's body says no more than "unknown error". Other
// files' tests share the runtime, so their errors may be among them.
beforeEach(({ onTestFailed, task }) => {
  const from = runtimeLogSize();
  onTestFailed(() => {
    const errors = runtimeErrorsSince(from);
    if (errors.length)
      console.error(
        `The suite runtime logged ${errors.length} error(s) while "${task.name}" ran (the last 20):\n${errors.slice(-20).join('\n')}`,
      );
  });
});
