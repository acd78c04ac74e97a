/**
 * What a file's content is: its first characters decide between an HTML page, XML (a sitemap or
 * feed: the root element tells which) and plain text, whatever the name or Content-Type says —
 * but for text/html, which no sitemap is served as.
 */

import { createTextReader } from './text.js';
import { createXmlReader, type EntryReader, type RawEntry, SitemapReadError } from './xml.js';

/** An HTML page's start: a DOCTYPE or one of its first elements, after an XML declaration or comments. */
const HTML_START =
  /^(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i;

/** Characters of markup looked at before choosing (an HTML start fits well within them). */
const SNIFF = 128;

/**
 * A reader that chooses the XML or text reader from the content's start, then passes everything
 * to it. `contentType` is the response's; `servedAsHtml` its being text/html.
 */
export function createContentReader(
  contentType: string | undefined,
  servedAsHtml: boolean,
  emit: (entry: RawEntry) => void,
): EntryReader {
  let reader: EntryReader | undefined;
  let head = '';
  const choose = (final: boolean): void => {
    const trimmed = head.trimStart();
    const markup = trimmed.startsWith('<');
    if (trimmed === '' || (markup && trimmed.length < SNIFF && !final)) return;
    if (markup && HTML_START.test(trimmed)) {
      throw new SitemapReadError('html', 'an HTML page, not a sitemap');
    }
    if (servedAsHtml) {
      throw new SitemapReadError('content-type', 'served as text/html, not a sitemap type');
    }
    const xmlType = /xml/i.test(contentType ?? '');
    reader = markup || xmlType ? createXmlReader(emit) : createTextReader(emit);
    const text = head;
    head = '';
    reader.write(text);
  };
  return {
    format: () => reader?.format(),
    write(text) {
      if (reader !== undefined) {
        reader.write(text);
        return;
      }
      head += text;
      choose(false);
    },
    close() {
      if (reader === undefined) choose(true);
      if (reader === undefined) throw new SitemapReadError('empty', 'the file is empty');
      reader.close();
    },
  };
}
