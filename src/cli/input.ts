/**
 * Reading a robots.txt (or a request stream's file) from a file, a FIFO or stdin, bounded: at most
 * `maxBytes` + 1 bytes are read from anything (so `/dev/zero` costs 500 KiB, not all memory), and a
 * FIFO or terminal that sends nothing ends with an error after the timeout instead of hanging.
 */

import { constants, open as openDescriptor } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import { Socket } from 'node:net';
import path from 'node:path';
import { CliError, messageOf } from './context.js';

/** A body as read: at most `maxBytes` bytes, and whether there was more. */
export interface ReadBody {
  readonly bytes: Uint8Array;
  /** The input had more than `maxBytes` bytes; only the first `maxBytes` were kept. */
  readonly truncated: boolean;
}

/** How to read. */
export interface ReadLimits {
  readonly maxBytes: number;
  /** Milliseconds to wait for data from a FIFO, a terminal or stdin before giving up. */
  readonly timeout: number;
}

function describeError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return code === 'ENOENT'
    ? 'no such file'
    : code === 'EISDIR'
      ? 'is a directory'
      : code === 'EACCES'
        ? 'permission denied'
        : messageOf(error);
}

/** Reads up to `maxBytes + 1` bytes from a stream, then stops it; times out when nothing comes. */
export async function readStreamBounded(
  stream: NodeJS.ReadableStream,
  name: string,
  limits: ReadLimits,
): Promise<ReadBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  const limit = limits.maxBytes + 1;
  await new Promise<void>((resolve, reject) => {
    let done = false;
    const finish = (error?: Error): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stream.removeListener('data', onData);
      stream.removeListener('end', onEnd);
      stream.removeListener('error', onError);
      stream.pause();
      if (error === undefined) resolve();
      else reject(error);
    };
    // The timeout guards the wait for data: a FIFO with no writer, a terminal nobody types into.
    let timer = setTimeout(
      () => finish(new CliError(`no data from ${name} within ${limits.timeout} ms`)),
      limits.timeout,
    );
    const onData = (chunk: Buffer | string): void => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      chunks.push(buffer.subarray(0, limit - size));
      size += Math.min(buffer.length, limit - size);
      clearTimeout(timer);
      timer = setTimeout(
        () => finish(new CliError(`${name} stalled: no data for ${limits.timeout} ms`)),
        limits.timeout,
      );
      if (size >= limit) finish();
    };
    const onEnd = (): void => finish();
    const onError = (error: Error): void =>
      finish(new CliError(`cannot read ${name}: ${describeError(error)}`));
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.resume();
  });
  const all = Buffer.concat(chunks);
  return { bytes: all.subarray(0, limits.maxBytes), truncated: all.length > limits.maxBytes };
}

/**
 * Reads a file, bounded. Regular files are read with one positioned read of `maxBytes + 1`
 * bytes; FIFOs, character devices and sockets are opened without blocking and read as streams
 * with a timeout.
 */
export async function readFileBounded(
  file: string,
  limits: ReadLimits,
  name: string = file,
): Promise<ReadBody> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(file);
  } catch (error) {
    throw new CliError(`cannot read ${name}: ${describeError(error)}`);
  }
  if (info.isDirectory()) throw new CliError(`cannot read ${name}: is a directory`);
  if (info.isFile()) {
    let handle: Awaited<ReturnType<typeof open>> | undefined;
    try {
      handle = await open(file, 'r');
      const buffer = Buffer.alloc(Math.min(limits.maxBytes + 1, Number(info.size) + 1));
      let filled = 0;
      while (filled < buffer.length) {
        const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return {
        bytes: buffer.subarray(0, Math.min(filled, limits.maxBytes)),
        truncated: filled > limits.maxBytes,
      };
    } catch (error) {
      throw new CliError(`cannot read ${name}: ${describeError(error)}`);
    } finally {
      await handle?.close();
    }
  }
  // A FIFO: opened non-blocking, so one without a writer does not block a thread forever, and
  // read through a socket that owns the descriptor, with the timeout.
  if (info.isFIFO()) {
    const fd = await new Promise<number>((resolve, reject) =>
      openDescriptor(file, constants.O_RDONLY | constants.O_NONBLOCK, (error, descriptor) =>
        error === null
          ? resolve(descriptor)
          : reject(new CliError(`cannot read ${name}: ${describeError(error)}`)),
      ),
    );
    const socket = new Socket({ fd, readable: true, writable: false });
    try {
      return await readStreamBounded(socket, name, limits);
    } finally {
      socket.destroy();
    }
  }
  // A device such as /dev/zero or a terminal: a stream, stopped at the limit.
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new CliError(`cannot read ${name}: ${describeError(error)}`);
  }
  const stream = handle.createReadStream({ highWaterMark: 64 * 1024, autoClose: false });
  try {
    return await readStreamBounded(stream, name, limits);
  } finally {
    stream.destroy();
    await handle.close().catch(() => {});
  }
}

/**
 * The path a JSONL request's `robots_file` names, if it lies under `allowed` (after resolving
 * links); a request stream is not a way to read the operator's other files.
 */
export async function allowedFile(file: string, allowed: string): Promise<string> {
  const base = await realpath(allowed).catch(() => path.resolve(allowed));
  const resolved = path.resolve(base, file);
  const real = await realpath(resolved).catch(() => resolved);
  if (real !== base && !real.startsWith(`${base}${path.sep}`)) {
    throw new CliError(`"${file}" is outside ${base} (allow another folder with --files-from DIR)`);
  }
  return real;
}
