/// <reference types="vitest/config" />
import path from 'node:path';
import { getViteConfig } from 'astro/config';

// Astro's Vite config, so tests can render .astro components with the Container API.
export default getViteConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
