/** Names a value in an error message: its type, or its class, without printing it. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array with a non-string element';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  // JSON escapes control characters, so a hostile string cannot reach a terminal raw.
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return typeof value === 'object' ? (value.constructor?.name ?? 'object') : typeof value;
}
