/// <reference types="vitest/config" />
import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getViteConfig } from 'astro/config';

// sandbox/**: the payment sandbox's own tests (docs/decisions/035); scripts/**: the demo seed and its
// picture painter keep their tests beside them (docs/decisions/036).
const include = [
  'src/**/*.test.ts',
  'sandbox/**/*.test.ts',
  'scripts/**/*.test.ts',
  'tests/unit/**/*.test.ts',
  'tests/integration/**/*.test.ts',
];

/**
 * Test files share their worker's module graph (imports are paid once per worker, not once per file;
 * docs/decisions/034), except a file that replaces a module with vi.mock: it needs a fresh graph of
 * its own, or it would get the copy of the module an earlier file imported. So a file that mocks runs
 * isolated.
 */
const mocking = include
  .flatMap((pattern) => globSync(pattern, { cwd: import.meta.dirname }))
  .filter((file) => /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(path.join(import.meta.dirname, file), 'utf8')));

// Astro's Vite config, so tests can render .astro components with the Container API.
export default getViteConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    environment: 'node',
    // One migrated embedded database for the whole run, copied by each test file (docs/decisions/034).
    globalSetup: ['tests/integration/support/prepared-database.ts'],
    // The shop's payment providers call the payment sandbox over HTTP; with no sandbox running, fetch
    // to its URL is answered in-process by the sandbox's own app (decision 035).
    setupFiles: [
      'tests/integration/support/load-subscribers.ts',
      'tests/integration/support/settle-events.ts',
      'tests/integration/support/sandbox-over-fetch.ts',
    ],
    // Worker threads start faster than forked processes; two of them keep both cores of the 2-core
    // machine busy (one worker left a core 35% idle: 208 s against 128 s, isolated, back to back).
    pool: 'threads',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'shared', include, exclude: mocking, isolate: false } },
      { extends: true, test: { name: 'isolated', include: mocking, isolate: true } },
    ],
  },
});
