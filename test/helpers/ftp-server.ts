/** Starts a real FTP server (Debian's python3-pyftpdlib) on 127.0.0.1 for the FTP tests. */

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A running FTP server. */
export interface FtpServer {
  /** `ftp://127.0.0.1:PORT`. */
  readonly origin: string;
  stop(): Promise<void>;
}

const script = fileURLToPath(new URL('./ftp-server.py', import.meta.url));

/**
 * Serves `files` (name → content) from a fresh directory: to anonymous logins, or with
 * `anonymous: false` to a named user only (anonymous logins then get 530).
 */
export async function startFtpServer(
  files: Record<string, string | Uint8Array>,
  { anonymous = true }: { anonymous?: boolean } = {},
): Promise<FtpServer> {
  const root = mkdtempSync(path.join(tmpdir(), 'robots-rep-ftp-'));
  for (const [name, content] of Object.entries(files))
    writeFileSync(path.join(root, name), content);
  const child = spawn(
    '/usr/bin/python3',
    [script, root, anonymous ? 'anonymous' : 'no-anonymous'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`FTP server not ready after 10 s:\n${output}`));
    }, 10_000);
    child.stdout?.once('data', (data: Buffer) => {
      clearTimeout(timer);
      resolve(Number(data.toString().trim()));
    });
    child.stderr?.on('data', (data: Buffer) => {
      output += data.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(
        new Error(
          `FTP server exited with ${code} (python3-pyftpdlib installed? scripts/test-deps.sh installs it):\n${output}`,
        ),
      );
    });
  });
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    origin: `ftp://127.0.0.1:${port}`,
    stop: async () => {
      await stop(child);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
