/**
 * Sitemap XML read as it streams in, with saxes (a strict, non-validating streaming parser): a
 * `urlset`, a `sitemapindex`, an RSS 2.0 or an Atom feed, decided by the root element. A DOCTYPE is
 * refused where it stands, so no DTD is read and no entity is declared, let alone expanded
 * (saxes knows only XML's five predefined entities and fails on any other reference).
 */

import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { SitemapFormat } from './types.js';

/** One entry of a file: a page URL's fields, or a child sitemap of an index. */
export interface RawEntry {
  readonly kind: 'url' | 'child';
  readonly loc: string;
  readonly lastmod: string | undefined;
  readonly changefreq: string | undefined;
  readonly priority: string | undefined;
}

/** Why a file stops being read: a problem and its message. */
export class SitemapReadError extends Error {
  override name = 'SitemapReadError' as const;
  readonly problem: 'xml' | 'dtd' | 'html' | 'unknown-format' | 'content-type' | 'empty';

  constructor(problem: SitemapReadError['problem'], message: string) {
    super(message);
    this.problem = problem;
  }
}

/** A reader a file's text is written to; entries come out through the callback. */
export interface EntryReader {
  /** The format, once the content has said (the root element, or text). */
  readonly format: () => SitemapFormat | undefined;
  /** Reads more text. @throws {SitemapReadError} */
  write(text: string): void;
  /** The end of the file. @throws {SitemapReadError} */
  close(): void;
}

/**
 * Elements nested at most, and attributes one element may have: a sitemap needs four levels and
 * a few attributes, and saxes keeps every open element and an element's attributes in memory.
 */
const MAX_NESTING = 64;
const MAX_ATTRIBUTES = 256;

/** Characters kept of one field: a URL has at most 2,048 (sitemaps.org); more is invalid. */
export const MAX_FIELD = 4096;

interface Shape {
  readonly format: SitemapFormat;
  /** Depth of the element of one entry (the root is 1). */
  readonly itemDepth: number;
  readonly item: string;
  /** Where the item element is found (RSS: `channel`), at `itemDepth - 1`. */
  readonly parent?: string;
}

const SHAPES: Readonly<Record<string, Shape>> = {
  urlset: { format: 'urlset', itemDepth: 2, item: 'url' },
  sitemapindex: { format: 'sitemapindex', itemDepth: 2, item: 'sitemap' },
  rss: { format: 'rss', itemDepth: 3, item: 'item', parent: 'channel' },
  feed: { format: 'atom', itemDepth: 2, item: 'entry' },
};

/** The field of an entry an element holds, per format (RSS `pubDate`, Atom `updated`: lastmod). */
function fieldOf(format: SitemapFormat, name: string): FieldName | undefined {
  switch (format) {
    case 'urlset':
      return name === 'loc' || name === 'lastmod' || name === 'changefreq' || name === 'priority'
        ? name
        : undefined;
    case 'sitemapindex':
      return name === 'loc' || name === 'lastmod' ? name : undefined;
    case 'rss':
      return name === 'link' ? 'loc' : name === 'pubDate' ? 'lastmod' : undefined;
    default:
      return name === 'updated' ? 'lastmod' : undefined;
  }
}

/** An entry being read: the object emitted once its element closes (no copy is made). */
interface Fields {
  kind: RawEntry['kind'];
  loc: string | undefined;
  lastmod: string | undefined;
  changefreq: string | undefined;
  priority: string | undefined;
}

type FieldName = Exclude<keyof Fields, 'kind'>;

/** A reader of sitemap XML sending each entry to `emit`. */
export function createXmlReader(emit: (entry: RawEntry) => void): EntryReader {
  const parser = new SaxesParser({ xmlns: false, position: true });
  let shape: Shape | undefined;
  let depth = 0;
  let inParent = false;
  let fields: Fields | undefined;
  let field: FieldName | undefined;
  let text = '';

  parser.on('doctype', (doctype) => {
    const html = /^\s*html\b/i.test(doctype);
    throw html
      ? new SitemapReadError('html', 'an HTML page, not a sitemap')
      : new SitemapReadError(
          'dtd',
          'a DOCTYPE: DTDs and entity declarations are refused (no entity is expanded)',
        );
  });
  // Attributes since the last open tag: those of the element being read (saxes reports each
  // attribute before its element's opentag).
  let attributes = 0;
  parser.on('attribute', () => {
    attributes += 1;
    if (attributes > MAX_ATTRIBUTES) {
      throw new SitemapReadError('xml', `an element with over ${MAX_ATTRIBUTES} attributes`);
    }
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    attributes = 0;
    depth += 1;
    if (depth > MAX_NESTING) {
      throw new SitemapReadError('xml', `elements nested over ${MAX_NESTING} deep`);
    }
    const name = tag.name;
    if (depth === 1) {
      shape = SHAPES[name];
      if (shape === undefined) {
        throw /^html$/i.test(name)
          ? new SitemapReadError('html', 'an HTML page, not a sitemap')
          : new SitemapReadError(
              'unknown-format',
              `root element <${name.slice(0, 40)}> is no urlset, sitemapindex, rss or feed`,
            );
      }
      return;
    }
    if (shape === undefined) return;
    if (shape.parent !== undefined && depth === shape.itemDepth - 1) {
      inParent = name === shape.parent;
      return;
    }
    if (depth === shape.itemDepth) {
      if (name === shape.item && (shape.parent === undefined || inParent)) {
        fields = {
          kind: shape.format === 'sitemapindex' ? 'child' : 'url',
          loc: undefined,
          lastmod: undefined,
          changefreq: undefined,
          priority: undefined,
        };
      }
      return;
    }
    if (depth === shape.itemDepth + 1 && fields !== undefined) {
      if (shape.format === 'atom' && name === 'link') {
        // Atom: the entry's page is its link without rel, or rel="alternate" (RFC 4287 §4.2.7.2).
        const rel = tag.attributes['rel'];
        const href = tag.attributes['href'];
        if ((rel === undefined || rel === 'alternate') && href !== undefined) {
          fields.loc ??= href.slice(0, MAX_FIELD + 1);
        }
        return;
      }
      field = fieldOf(shape.format, name);
      text = '';
      // Text is asked of saxes only inside a field: the white space between elements is then
      // neither cut out of the chunk nor handed over.
      if (field !== undefined) parser.on('text', onText);
    }
  });
  const onText = (chunk: string): void => {
    if (field !== undefined && text.length <= MAX_FIELD) text += chunk;
  };
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    if (shape !== undefined) {
      if (field !== undefined && depth === shape.itemDepth + 1 && fields !== undefined) {
        fields[field] = text.trim().slice(0, MAX_FIELD + 1);
        field = undefined;
        text = '';
        parser.off('text');
      } else if (depth === shape.itemDepth && fields !== undefined) {
        const done = fields;
        fields = undefined;
        done.loc ??= '';
        emit(done as RawEntry);
      }
    }
    depth -= 1;
  });

  const fail = (error: unknown): never => {
    if (error instanceof SitemapReadError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new SitemapReadError('xml', `invalid XML: ${message.split('\n')[0]}`);
  };
  return {
    format: () => shape?.format,
    write(chunk) {
      try {
        parser.write(chunk);
      } catch (error) {
        fail(error);
      }
    },
    close() {
      try {
        parser.close();
      } catch (error) {
        fail(error);
      }
    },
  };
}
