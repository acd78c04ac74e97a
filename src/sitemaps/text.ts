/** A plain-text sitemap (sitemaps.org "Text file"): one URL a line, read as it streams in. */

import { type EntryReader, MAX_FIELD, type RawEntry } from './xml.js';

/** A reader of text sitemaps sending each non-empty line to `emit` as a URL entry. */
export function createTextReader(emit: (entry: RawEntry) => void): EntryReader {
  let pending = '';
  // A line longer than any URL is kept only in part (it is invalid either way): memory stays
  // bounded whatever the file holds.
  let overlong = false;
  const line = (value: string): void => {
    const loc = value.trim();
    if (loc === '') return;
    emit({
      kind: 'url',
      loc,
      lastmod: undefined,
      changefreq: undefined,
      priority: undefined,
    });
  };
  return {
    format: () => 'text',
    write(text) {
      let start = 0;
      for (;;) {
        const end = text.indexOf('\n', start);
        if (end === -1) break;
        line(pending + text.slice(start, Math.min(end, start + MAX_FIELD + 1)));
        pending = '';
        overlong = false;
        start = end + 1;
      }
      if (overlong) return;
      pending += text.slice(start);
      if (pending.length > MAX_FIELD) {
        pending = pending.slice(0, MAX_FIELD + 1);
        overlong = true;
      }
    },
    close() {
      line(pending);
      pending = '';
    },
  };
}
