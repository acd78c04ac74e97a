import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';

// The tester page: its own Vite root; builds to dist/web, which `robotstxt serve` serves and
// which can be hosted as static files anywhere.
const config: UserConfig = defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
  },
  worker: { format: 'es' },
});

export default config;
