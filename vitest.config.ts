/// <reference types="vitest/config" />
import path from 'node:path';
import { getViteConfig } from 'astro/config';

// Astro's Vite config, so tests can render .astro components with the Container API.
export default getViteConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    // Issue 16.6: one migrated embedded database for the whole run, copied by each test file.
    globalSetup: ['tests/integration/support/prepared-database.ts'],
    // Issue 16.5: the shop's payment providers call the sandbox gateway over HTTP; with no site
    // running, fetch to the gateway's URL is answered in-process by the sandbox's own handler.
    setupFiles: ['tests/integration/support/sandbox-over-fetch.ts'],
    // Worker threads start faster than forked processes: on the 2-core machine the whole run took
    // 65 s in threads against 82 s in forks, back to back; a second worker made no difference there.
    pool: 'threads',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
