import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
};

/**
 * One `npm test`, four suites. Integration and browser suites each start their own embedded
 * runtime (tests/support/global-runtime.ts) on free ports with a temporary DATA_DIR.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-runtime.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: { name: 'infra', include: ['tests/infra/**/*.test.ts'], testTimeout: 180_000 },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-runtime.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // One browser at a time: two cores are shared with DynamoDB Local and the runtime.
          fileParallelism: false,
        },
      },
    ],
  },
});
