import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (file: string): string => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig({
  // The command line imports the package's subpath entries by name; the tests run them from the
  // sources, as the rest of the code under test.
  resolve: {
    alias: {
      'robots-rep/node': source('./src/node/index.ts'),
      'robots-rep/ai-preferences': source('./src/ai-preferences/index.ts'),
      'robots-rep/sitemaps': source('./src/sitemaps/index.ts'),
    },
  },
  test: {
    include: ['test/**/*.test.ts'],
    // One redis-server on loopback for the Redis store tests (needs the Debian package).
    globalSetup: ['test/setup/redis.ts'],
    // Property tests run from a fixed seed unless FC_SEED says otherwise (test/setup/fast-check.ts).
    setupFiles: ['test/setup/fast-check.ts'],
    // Guards against a hang, never a measure of speed: a loaded 2-core machine (CI beside other
    // work) can take several times a test's quiet duration.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
