import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ReadSitemapsOptions,
  readSitemaps,
  type SitemapFileRecord,
  type SitemapRecord,
} from '../../src/sitemaps/index.js';
import {
  collect,
  type SitemapSite,
  sitemapIndex,
  startSitemapSite,
  urlset,
} from '../helpers/sitemap-site.js';

let site: SitemapSite;
beforeAll(async () => {
  site = await startSitemapSite();
});
afterAll(() => site.close());

const loopback = { allowPrivateAddresses: true } as const;

async function read(
  path: string,
  options: ReadSitemapsOptions = {},
): Promise<{ records: SitemapRecord[]; file: SitemapFileRecord; urls: number }> {
  const records = await collect(
    readSitemaps({ sitemaps: [site.url(path)] }, { ...loopback, ...options }),
  );
  const file = records.find(
    (r): r is SitemapFileRecord => r.type === 'sitemap' && r.url === site.url(path),
  );
  if (file === undefined) throw new Error(`no record of ${path}`);
  return { records, file, urls: records.filter((r) => r.type === 'url').length };
}

const many = (n: number, prefix = '/u'): string[] =>
  Array.from({ length: n }, (_, i) => site.url(`${prefix}${i}`));

describe('readSitemaps: bad input is reported per sitemap, with its reason', () => {
  it('an HTML error page, whatever its Content-Type', async () => {
    const page =
      '<!DOCTYPE html>\n<html><head><title>Oops</title></head><body>Server error</body></html>';
    site.routes.set('/html-ok.xml', { type: 'text/html; charset=utf-8', body: page });
    site.routes.set('/html-as-xml.xml', { type: 'application/xml', body: page.toLowerCase() });
    site.routes.set('/html-plain.xml', {
      type: 'application/xml',
      body: '<html><body>soft 404</body></html>',
    });
    for (const path of ['/html-ok.xml', '/html-as-xml.xml', '/html-plain.xml']) {
      const { file, urls } = await read(path);
      expect([file.status, file.problem, urls]).toEqual(['failed', 'html', 0]);
    }
  });

  it('a sitemap served as text/html, and one with a type no sitemap has', async () => {
    site.routes.set('/as-html.xml', { type: 'text/html', body: urlset(many(2)) });
    site.routes.set('/json.xml', { type: 'application/json', body: '{"urls": []}' });
    expect((await read('/as-html.xml')).file).toMatchObject({
      status: 'failed',
      problem: 'content-type',
    });
    const json = await read('/json.xml');
    expect(json.file).toMatchObject({
      status: 'failed',
      problem: 'content-type',
      contentType: 'application/json',
    });
    expect(json.file.error).toContain('application/json');
  });

  it('a status other than 2xx, and a redirect loop', async () => {
    site.routes.set('/gone.xml', { status: 410, body: 'gone' });
    site.routes.set('/loop-a.xml', { status: 301, headers: { location: '/loop-b.xml' }, body: '' });
    site.routes.set('/loop-b.xml', { status: 301, headers: { location: '/loop-a.xml' }, body: '' });
    expect((await read('/gone.xml')).file).toMatchObject({
      status: 'failed',
      problem: 'http',
      httpStatus: 410,
      error: 'HTTP 410',
    });
    expect((await read('/loop-a.xml')).file).toMatchObject({
      status: 'failed',
      problem: 'redirect',
    });
  });

  it('truncated gzip is an error, never an empty or whole file', async () => {
    const whole = gzipSync(urlset(many(3000)));
    site.routes.set('/cut.xml.gz', {
      type: 'application/gzip',
      body: whole.subarray(0, Math.floor(whole.length / 2)),
    });
    const { file, urls } = await read('/cut.xml.gz');
    expect(file).toMatchObject({ status: 'partial', problem: 'gzip', gzip: true });
    // What was read before the cut was yielded, and the record counts it: marked partial.
    expect(urls).toBeGreaterThan(0);
    expect(urls).toBeLessThan(3000);
    expect(file.urls).toBe(urls);
    site.routes.set('/header-only.xml.gz', {
      type: 'application/gzip',
      body: whole.subarray(0, 12),
    });
    expect((await read('/header-only.xml.gz')).file).toMatchObject({
      status: 'failed',
      problem: 'gzip',
      urls: 0,
    });
  });

  it('corrupt gzip is an error', async () => {
    const bytes = Uint8Array.from(gzipSync(urlset(many(50))));
    for (let i = 20; i < 60; i++) bytes[i] = (bytes[i] ?? 0) ^ 0x5a;
    site.routes.set('/corrupt.xml.gz', { type: 'application/gzip', body: bytes });
    expect((await read('/corrupt.xml.gz')).file).toMatchObject({ problem: 'gzip', gzip: true });
    expect(['failed', 'partial']).toContain((await read('/corrupt.xml.gz')).file.status);
  });

  it('invalid XML mid-file: the entries before it, marked partial', async () => {
    const good = urlset(many(10)).replace('</urlset>\n', '');
    site.routes.set('/broken.xml', {
      type: 'application/xml',
      body: `${good}<url><loc>${site.url('/x')}</lo></url>${urlset(many(5, '/after'))}`,
    });
    const { file, urls } = await read('/broken.xml');
    expect(file).toMatchObject({ status: 'partial', problem: 'xml', urls: 10 });
    expect(urls).toBe(10);
    expect(file.error).toMatch(/^invalid XML/);
    // A file cut before its end (no closing tag) is invalid too.
    site.routes.set('/unclosed.xml', { type: 'application/xml', body: good });
    expect((await read('/unclosed.xml')).file).toMatchObject({
      status: 'partial',
      problem: 'xml',
      urls: 10,
    });
  });

  it('refuses DTDs: billion laughs and external entities, with a clear error', async () => {
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE urlset [\n<!ENTITY lol "lol">\n${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('\n')}\n]>\n<urlset><url><loc>${site.url('/')}&lol9;</loc></url></urlset>`;
    const external = `<?xml version="1.0"?>\n<!DOCTYPE urlset [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<urlset><url><loc>${site.url('/')}&xxe;</loc></url></urlset>`;
    site.routes.set('/laughs.xml', { type: 'application/xml', body: laughs });
    site.routes.set('/xxe.xml', { type: 'application/xml', body: external });
    for (const path of ['/laughs.xml', '/xxe.xml']) {
      const { file, urls } = await read(path);
      expect(file).toMatchObject({ status: 'failed', problem: 'dtd', urls: 0 });
      expect(file.error).toContain('DOCTYPE');
      expect(urls).toBe(0);
    }
    // An entity reference without any DTD is not expanded either: invalid XML.
    site.routes.set('/undeclared.xml', {
      type: 'application/xml',
      body: `<urlset><url><loc>${site.url('/')}&xxe;</loc></url></urlset>`,
    });
    expect((await read('/undeclared.xml')).file).toMatchObject({
      status: 'failed',
      problem: 'xml',
    });
  });

  it('bounds what the parser holds: nesting depth and attributes per element', async () => {
    site.routes.set('/deep.xml', {
      type: 'application/xml',
      body: `<urlset><url><loc>${site.url('/d')}</loc></url>${'<a>'.repeat(200_000)}`,
    });
    const attributes = Array.from({ length: 100_000 }, (_, i) => `a${i}="x"`).join(' ');
    site.routes.set('/attributes.xml', {
      type: 'application/xml',
      body: `<urlset><url ${attributes}><loc>${site.url('/e')}</loc></url></urlset>`,
    });
    const deep = await read('/deep.xml');
    expect(deep.file).toMatchObject({ status: 'partial', problem: 'xml', urls: 1 });
    expect(deep.file.error).toContain('nested');
    const wide = await read('/attributes.xml');
    expect(wide.file).toMatchObject({ status: 'failed', problem: 'xml', urls: 0 });
    expect(wide.file.error).toContain('attributes');
  });

  it('an empty file, XML that is no sitemap, text with no URL', async () => {
    site.routes.set('/empty.xml', { type: 'application/xml', body: '  \n' });
    site.routes.set('/other.xml', { type: 'application/xml', body: '<catalog><book/></catalog>' });
    site.routes.set('/words.txt', { type: 'text/plain', body: 'hello\nworld\n' });
    expect((await read('/empty.xml')).file).toMatchObject({ status: 'failed', problem: 'empty' });
    expect((await read('/other.xml')).file).toMatchObject({
      status: 'failed',
      problem: 'unknown-format',
    });
    expect((await read('/words.txt')).file).toMatchObject({
      problem: 'unknown-format',
      invalid: 2,
    });
  });

  it("caps a file at the protocol's 50,000 URLs and at maxBytes uncompressed", async () => {
    site.routes.set('/50001.txt', { type: 'text/plain', body: `${many(50_001).join('\n')}\n` });
    const over = await read('/50001.txt');
    expect(over.file).toMatchObject({ status: 'partial', problem: 'too-many-urls', urls: 50_000 });
    expect(over.urls).toBe(50_000);
    site.routes.set('/exact.txt', { type: 'text/plain', body: `${many(50_000).join('\n')}\n` });
    expect((await read('/exact.txt')).file).toMatchObject({ status: 'ok', urls: 50_000 });
    // A gzip bomb stops at maxBytes, counted uncompressed.
    const bomb = gzipSync(`${urlset(many(10))}${' '.repeat(5_000_000)}`);
    site.routes.set('/bomb.xml.gz', { type: 'application/gzip', body: bomb });
    const capped = await read('/bomb.xml.gz', { maxBytes: 1_000_000 });
    expect(capped.file).toMatchObject({ status: 'partial', problem: 'too-large', urls: 10 });
    expect(capped.file.bytes).toBeLessThan(1_000_000 + 70_000);
  });

  it('times out a stalled file', async () => {
    site.routes.set('/stall.xml', (_request, response) => {
      response.setHeader('content-type', 'application/xml');
      response.write(urlset(many(3)).replace('</urlset>\n', ''));
    });
    const { file, urls } = await read('/stall.xml', { timeout: 400 });
    expect(file).toMatchObject({ status: 'partial', problem: 'timeout', urls: 3 });
    expect(urls).toBe(3);
  });

  it('an index whose child cannot be fetched: reported on the child, the others read', async () => {
    site.routes.set('/drop.xml', (request) => request.socket.destroy());
    site.routes.set('/fine.xml', { type: 'application/xml', body: urlset(many(2, '/fine')) });
    site.routes.set('/parent.xml', {
      type: 'application/xml',
      body: sitemapIndex([site.url('/drop.xml'), site.url('/fine.xml')]),
    });
    const { records } = await read('/parent.xml');
    const child = (path: string) =>
      records.find((r): r is SitemapFileRecord => r.type === 'sitemap' && r.url === site.url(path));
    expect(child('/drop.xml')).toMatchObject({ status: 'failed', problem: 'network', depth: 1 });
    expect(child('/fine.xml')).toMatchObject({ status: 'ok', urls: 2 });
  });

  it('an unreachable child, a refused address, a body cut short', async () => {
    site.routes.set('/children.xml', {
      type: 'application/xml',
      body: sitemapIndex(['http://127.0.0.1:9/none.xml'].map(String)),
    });
    const { records } = await read('/children.xml');
    // Port 9 on loopback: another origin, so it must first be listed in that host's robots.txt.
    expect(
      records.find((r) => r.type === 'sitemap' && r.url === 'http://127.0.0.1:9/none.xml'),
    ).toMatchObject({ status: 'skipped', problem: 'out-of-scope' });
    const unreachable = await collect(
      readSitemaps({ sitemaps: ['http://127.0.0.1:9/none.xml'] }, loopback),
    );
    expect(unreachable).toEqual([
      expect.objectContaining({ status: 'failed', problem: 'network' }),
    ]);
    const refused = await collect(readSitemaps({ sitemaps: [site.url('/exact.txt')] }));
    expect(refused).toEqual([expect.objectContaining({ status: 'failed', problem: 'refused' })]);
    expect((refused[0] as SitemapFileRecord).error).toContain('loopback');
    site.routes.set('/short.xml', (_request, response) => {
      const body = urlset(many(100));
      response.setHeader('content-type', 'application/xml');
      response.setHeader('content-length', String(body.length + 500));
      response.end(body.slice(0, body.length - 40));
    });
    expect((await read('/short.xml')).file).toMatchObject({
      status: 'partial',
      problem: 'network',
    });
  });

  it('keeps raw control characters of the input out of error messages', async () => {
    site.routes.set('/ctl.xml', { type: 'application/x-\u009b31mevil', body: 'x' });
    const { file } = await read('/ctl.xml');
    expect(file.problem).toBe('content-type');
    expect(file.error).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(file.error).toMatch(/\\x9b|\\u009b/);
  });
});
