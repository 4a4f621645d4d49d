import { describe, expect, it } from 'vitest';

/**
 * Lambda runs nodejs22.x, so the tests and the embedded runtime run on Node 22 as well: the
 * pinned `node` devDependency puts it first on every npm script's PATH, whatever the machine has.
 */
describe('the Node.js the suite runs on', () => {
  it('is Node 22 or later, the major the Lambdas run', () => {
    console.log(`Node.js ${process.version}`);
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(22);
  });
});
