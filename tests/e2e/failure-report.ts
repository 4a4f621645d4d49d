import { beforeEach } from 'vitest';
import { describeOpenPages } from './browser';

// A browser test that fails prints what its open pages show (an error alert, a toast, the wrong
// page): the run's log is all CI keeps, and a timeout alone does not say why.
beforeEach(({ onTestFailed, task }) => {
  onTestFailed(async () => {
    const described = await describeOpenPages();
    if (described) console.error(`What the open pages showed when "${task.name}" failed:\n${described}`);
  });
});
