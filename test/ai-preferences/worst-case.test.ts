import { describe, expect, it } from 'vitest';
import { lastUsageWork, usage } from '../../src/ai-preferences/usage.js';
import { parseRobotsTxt } from '../../src/index.js';

// Hostile preference lines, as test/match/worst-case.test.ts builds hostile rules: the work of a
// usage() lookup (characters compared or scanned) is counted, never timed, and must grow at most
// linearly with the file and near-linearly with the path.

interface Shape {
  readonly name: string;
  build(size: number): { body: string; url: string; tied: number };
}

const SHAPES: readonly Shape[] = [
  {
    // One wildcard line repeated: every copy ties with the others.
    name: 'identical wildcard flood',
    build: (size) => ({
      body: `User-agent: *\n${'Content-Usage: /aa*aaaaaaab train-ai=n\n'.repeat(size)}`,
      url: `https://e.com/${'a'.repeat(size)}b`,
      tied: size,
    }),
  },
  {
    // Distinct lines of one length that all match: every one is a tie that must be checked.
    name: 'distinct wildcard lines of one length',
    build: (size) => {
      const length = size;
      let body = 'User-agent: *\n';
      for (let i = 1; i <= length; i++) {
        body += `Content-Signal: /${'a'.repeat(i)}*${'a'.repeat(length - i)}b ai-train=no\n`;
      }
      return { body, url: `https://e.com/${'a'.repeat(size * 2)}b`, tied: length };
    },
  },
];

function workOf(shape: Shape, size: number): { work: number; bytes: number } {
  const { body, url, tied } = shape.build(size);
  const robots = parseRobotsTxt(body);
  const result = usage(robots, url, 'bot');
  expect(result.rules).toHaveLength(tied);
  return { work: lastUsageWork(), bytes: body.length + url.length };
}

describe('usage() on hostile preference lines', () => {
  it.each(SHAPES.map((s) => [s.name, s] as const))('%s: work grows linearly', (_, shape) => {
    const small = workOf(shape, 150);
    const large = workOf(shape, 600);
    // Linear in the input (the body and the path): four times the size leaves the work per
    // input byte about the same (room for a logarithm); a quadratic lookup would quadruple it.
    expect(large.work / large.bytes).toBeLessThan((small.work / small.bytes) * 2);
    expect(large.work).toBeLessThan(20 * large.bytes);
    expect(small.work).toBeGreaterThan(0);
  });
});
