/**
 * Bundles a TypeScript worker of the tests with the project's own Vite, so that a child process
 * runs the sources under plain `node` (as a crawler process would run the package).
 */

import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A bundled worker: the file to run with `node`, and a way to delete it. */
export interface WorkerBundle {
  readonly file: string;
  remove(): void;
}

/** Bundles `test/helpers/NAME.ts` into a directory of its own. */
export async function bundleWorker(name: string): Promise<WorkerBundle> {
  const outDir = `${root}test/.${name}-${process.pid}/`;
  await build({
    configFile: false,
    logLevel: 'silent',
    root,
    build: {
      ssr: `${root}test/helpers/${name}.ts`,
      outDir,
      emptyOutDir: true,
      minify: false,
      rollupOptions: { output: { entryFileNames: `${name}.mjs` } },
    },
  });
  return {
    file: `${outDir}${name}.mjs`,
    remove: () => rmSync(outDir, { recursive: true, force: true }),
  };
}
