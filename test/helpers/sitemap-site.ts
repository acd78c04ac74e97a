/** A site on loopback serving generated sitemaps, and generators for every sitemap format. */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { startHttpServer, type TestServer } from './servers.js';

/** How one path answers: a body with a type, or a handler of its own. */
export type Route =
  | {
      readonly body: string | Uint8Array;
      readonly type?: string;
      readonly status?: number;
      readonly headers?: Record<string, string>;
    }
  | ((request: IncomingMessage, response: ServerResponse) => void);

/** A loopback server whose routes can be set after it starts (URLs must name its port). */
export interface SitemapSite extends TestServer {
  readonly routes: Map<string, Route>;
  /** `origin + path`. */
  url(path: string): string;
}

/** Starts a site on `host` (127.0.0.1 by default); unknown paths answer 404. */
export async function startSitemapSite(host = '127.0.0.1'): Promise<SitemapSite> {
  const routes = new Map<string, Route>();
  const server = await startHttpServer(
    (request, response) => {
      const route = routes.get(request.url ?? '');
      if (route === undefined) {
        response.statusCode = 404;
        response.end('not found');
        return;
      }
      if (typeof route === 'function') {
        route(request, response);
        return;
      }
      response.statusCode = route.status ?? 200;
      if (route.type !== undefined) response.setHeader('content-type', route.type);
      for (const [name, value] of Object.entries(route.headers ?? {})) {
        response.setHeader(name, value);
      }
      response.end(route.body);
    },
    { host },
  );
  return { ...server, routes, url: (path) => `${server.origin}${path}` };
}

/** A `<url>` entry's fields. */
export interface UrlFields {
  readonly loc: string;
  readonly lastmod?: string;
  readonly changefreq?: string;
  readonly priority?: string;
}

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A sitemaps.org `urlset`. */
export function urlset(entries: readonly (string | UrlFields)[]): string {
  const items = entries.map((entry) => {
    const fields = typeof entry === 'string' ? { loc: entry } : entry;
    const parts = Object.entries(fields)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `<${name}>${escapeXml(String(value))}</${name}>`);
    return `  <url>${parts.join('')}</url>\n`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('')}</urlset>\n`;
}

/** A sitemaps.org `sitemapindex`. */
export function sitemapIndex(children: readonly string[]): string {
  const items = children.map((loc) => `  <sitemap><loc>${escapeXml(loc)}</loc></sitemap>\n`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('')}</sitemapindex>\n`;
}

/** An RSS 2.0 feed whose items link to `links`. */
export function rssFeed(links: readonly string[]): string {
  const items = links.map(
    (link, i) =>
      `<item><title>Item ${i}</title><link>${escapeXml(link)}</link><pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate></item>`,
  );
  return `<?xml version="1.0"?>\n<rss version="2.0"><channel><title>Feed</title><link>https://feed.example/</link>${items.join('')}</channel></rss>\n`;
}

/** An Atom feed whose entries link to `links`. */
export function atomFeed(links: readonly string[]): string {
  const entries = links.map(
    (link, i) =>
      `<entry><title>Entry ${i}</title><id>urn:e:${i}</id><link rel="alternate" href="${escapeXml(link)}"/><link rel="edit" href="/edit/${i}"/><updated>2024-02-0${(i % 9) + 1}T00:00:00Z</updated></entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>Feed</title><link href="https://feed.example/"/><updated>2024-01-01T00:00:00Z</updated>${entries.join('')}</feed>\n`;
}

/** Collects every record of an async iterable. */
export async function collect<T>(records: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const record of records) all.push(record);
  return all;
}
