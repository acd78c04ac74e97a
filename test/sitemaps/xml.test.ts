import { describe, expect, it } from 'vitest';
import { createXmlReader, type RawEntry } from '../../src/sitemaps/xml.js';

const read = (xml: string): RawEntry[] => {
  const entries: RawEntry[] = [];
  const reader = createXmlReader((entry) => entries.push(entry));
  reader.write(xml);
  reader.close();
  return entries;
};

describe('createXmlReader: what the parser may hold is bounded per element', () => {
  it('counts attributes per element: many elements each under the limit are read', () => {
    const attributes = Array.from({ length: 200 }, (_, i) => `a${i}="x"`).join(' ');
    const urls = Array.from(
      { length: 20 },
      (_, i) => `<url ${attributes}><loc ${attributes}>https://example.com/${i}</loc></url>`,
    );
    const entries = read(`<urlset ${attributes}>${urls.join('')}</urlset>`);
    expect(entries.map((e) => e.loc)).toEqual(urls.map((_, i) => `https://example.com/${i}`));
  });

  it('refuses one element over the limit, wherever it stands', () => {
    const attributes = Array.from({ length: 257 }, (_, i) => `a${i}="x"`).join(' ');
    expect(() => read(`<urlset><url><loc ${attributes}>x</loc></url></urlset>`)).toThrow(
      /over 256 attributes/,
    );
  });
});

describe('createXmlReader: fields read whole however the text is cut', () => {
  const xml = `<?xml version="1.0"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  &#x20;
  <url>
    <loc>
      https://example.com/a?x=1&amp;y=&#50;
    </loc>
    <lastmod><![CDATA[2024-05-01]]></lastmod> &amp;
    <changefreq>week<!-- a comment -->ly</changefreq>
    <priority>0.<b>5</b></priority>
  </url>
  <url><loc>https://example.com/b</loc></url>
</urlset>
`;
  const whole = read(xml);

  it('reads fields with entities, CDATA, comments and inner elements, not the space between', () => {
    expect(whole).toEqual([
      {
        kind: 'url',
        loc: 'https://example.com/a?x=1&y=2',
        lastmod: '2024-05-01',
        changefreq: 'weekly',
        priority: '0.5',
      },
      {
        kind: 'url',
        loc: 'https://example.com/b',
        lastmod: undefined,
        changefreq: undefined,
        priority: undefined,
      },
    ]);
  });

  it('gives the same entries written in chunks of any size', () => {
    for (let size = 1; size <= 9; size++) {
      const entries: RawEntry[] = [];
      const reader = createXmlReader((entry) => entries.push(entry));
      for (let at = 0; at < xml.length; at += size) reader.write(xml.slice(at, at + size));
      reader.close();
      expect(entries).toEqual(whole);
    }
  });
});
