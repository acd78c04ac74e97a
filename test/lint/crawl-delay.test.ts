import { describe, expect, it } from 'vitest';
import { lintRobotsTxt } from '../../src/lint/lint.js';
import { parseRobotsTxt } from '../../src/robots.js';

const merged = (body: string) =>
  lintRobotsTxt(body).diagnostics.filter((d) => d.code === 'crawl-delay-merged');

describe('crawl-delay-merged', () => {
  it("corpus file 4598: the `*` delay merged with another crawler's 0", () => {
    const body =
      '# comment\n\nUser-agent: Lucidworks-Anda/2.0\nCrawl-delay: 0\n\nUser-agent: *\nCrawl-delay: 5\n\n' +
      'Allow: */misc/*.css$\n';
    const found = merged(body);
    // Lucidworks-Anda wrote 0 and is paced at 5; `*` wrote 5 and is paced at 5. No source says
    // Lucidworks-Anda reads Crawl-delay: worth knowing, not a warning.
    expect(found.map((d) => [d.line, d.severity])).toEqual([[4, 'info']]);
    expect(found[0]!.message).toContain('"Lucidworks-Anda"');
    expect(found[0]!.related?.map((r) => r.line)).toEqual([7]);
    const robots = parseRobotsTxt(body);
    expect(robots.crawlDelay('Lucidworks-Anda')).toBe(5);
    expect(robots.crawlDelay('OtherBot')).toBe(5);
    // The same for a crawler documented to read Crawl-delay: a warning.
    const bing = merged(body.replace('Lucidworks-Anda/2.0', 'bingbot'));
    expect(bing.map((d) => [d.line, d.severity])).toEqual([[4, 'warning']]);
  });

  it('a retired crawler, or one that reads no Crawl-delay, gets an info', () => {
    const body = (name: string) =>
      `User-agent: ${name}\nCrawl-delay: 5\n\nUser-agent: *\nCrawl-delay: 20\nDisallow: /cgi/\n`;
    for (const name of ['Slurp', 'YahooSeeker', 'Googlebot', 'Yandex', 'SomeCustomBot']) {
      expect(
        merged(body(name)).map((d) => d.severity),
        name,
      ).toEqual(['info']);
    }
    for (const name of ['bingbot', 'SeznamBot']) {
      expect(
        merged(body(name)).map((d) => d.severity),
        name,
      ).toEqual(['warning']);
    }
  });

  it('a merge that only slows a crawler no search or AI service crawls with, or by less than half, is an info (judges U, V, W)', () => {
    const body = (name: string, seconds: number) =>
      `User-agent: ${name}\nCrawl-delay: ${seconds}\n\nUser-agent: *\nCrawl-delay: 20\nDisallow: /cgi/\n`;
    for (const name of ['msnbot', 'AhrefsBot', 'MJ12bot/v1.4.8']) {
      const [d] = merged(body(name, 5));
      expect(d!.severity, name).toBe('info');
      expect(d!.message, name).toContain('costs the site nothing in search');
    }
    // bingbot's 15 s made 20 s: less than twice as slow.
    expect(merged(body('bingbot', 15)).map((d) => d.severity)).toEqual(['info']);
    // 10 s made 20 s: both short, and less than four times as slow (judge 2A).
    expect(merged(body('bingbot', 10)).map((d) => d.severity)).toEqual(['info']);
    expect(merged(body('bingbot', 5)).map((d) => d.severity)).toEqual(['warning']);
  });

  it('says to repeat the * rules when splitting the group, as the merged-group fix does', () => {
    const [d] = merged(
      'User-agent: bingbot\nCrawl-delay: 5\n\nUser-agent: *\nCrawl-delay: 20\nDisallow: /cgi/\n',
    );
    expect(d!.message).toContain(
      'after line 2, repeat the rule of the "User-agent: *" group (line 4): "Disallow: /cgi/"',
    );
    expect(d!.message).toContain('"Allow: /" there would let them skip the * rules');
    expect(d!.message).not.toContain('Put an Allow or Disallow line in each group');
    // No `*` rules as written (the `*` block is the merged one): "Allow: /" loses nothing.
    const [own] = merged(
      'User-agent: *\nCrawl-delay: 20\n\nUser-agent: bingbot\nCrawl-delay: 5\nDisallow: /cgi/\n',
    );
    expect(own!.message).toContain('add a rule after line 2 ("Allow: /"');
  });

  it('splits where the merge that changes the delay starts: above the crawler, and below it (seed 5524, 0460)', () => {
    const body = [
      'User-agent: *',
      'Disallow: /private/',
      '',
      'User-agent: SlowBot',
      'Crawl-delay: 60',
      '',
      'User-agent: bingbot',
      'Crawl-delay: 20',
      '',
      'User-agent: msnbot',
      'Crawl-delay: 20',
      '',
      'User-agent: OtherBot',
      'Crawl-delay: 60',
      '',
    ].join('\n');
    const bing = merged(body).find((d) => d.line === 8)!;
    // SlowBot's 60 s is above bingbot's User-agent line: a split after bingbot's own delay alone
    // leaves it merged with SlowBot. msnbot's 20 s may stay with it.
    expect(bing.message).toContain('split the group: after lines 5 and 11, repeat the rule');
    const lines = body.split('\n');
    const split = [...lines.slice(0, 5), 'Disallow: /private/', ...lines.slice(5, 11)];
    const after = [...split, 'Disallow: /private/', ...lines.slice(11)].join('\n');
    expect(merged(after)).toEqual([]);
    expect(parseRobotsTxt(after).crawlDelay('bingbot')).toBe(20);
  });

  it('splits off every block of the crawler: a second `*` line below the merge too (seed 9125, 6218)', () => {
    const body =
      'User-agent: *\nDisallow: /a/\n\nUser-agent: *\nCrawl-delay: 5\n\nUser-agent: bingbot\nCrawl-delay: 10\n\nUser-agent: *\nDisallow: /b/\n';
    const star = merged(body).find((d) => d.line === 5)!;
    expect(star.message).toContain('after lines 5 and 8, repeat the 2 rules');
    const lines = body.split('\n');
    const rules = ['Disallow: /a/', 'Disallow: /b/'];
    const after = [
      ...lines.slice(0, 5),
      ...rules,
      ...lines.slice(5, 8),
      ...rules,
      ...lines.slice(8),
    ];
    expect(merged(after.join('\n'))).toEqual([]);
  });

  it('a crawler with a group of its own elsewhere: its delay goes there, not a copy of the * rules (seed 5007, 5647)', () => {
    const body = [
      'User-agent: *',
      'Disallow: /private/',
      '',
      'User-agent: bingbot',
      'Disallow: /api/',
      '',
      'User-agent: bingbot',
      'User-agent: AhrefsBot',
      'Crawl-delay: 5',
      '',
      'User-agent: SlowBot',
      'Crawl-delay: 10',
      '',
      'User-agent: BadBot',
      'Disallow: /',
      '',
    ].join('\n');
    const bing = merged(body).find((d) => d.message.includes('"bingbot"'))!;
    expect(bing.message).toContain(
      'It has a group of its own (line 4): write its Crawl-delay: 5 in the group of line 4 and remove its User-agent line 7',
    );
    // The merged-group fix for SlowBot ends its merge with the block above too, or is not
    // offered: here bingbot's block above belongs in bingbot's group, so it is not.
    const slow = lintRobotsTxt(body).diagnostics.find(
      (d) => d.code === 'merged-group' && d.line === 11,
    )!;
    expect(slow.fix).toBeUndefined();
    expect(slow.message).toContain('Lines 7–9 above are read in this group too');
    const free = lintRobotsTxt(
      body.replace('User-agent: bingbot\nUser-agent: AhrefsBot', 'User-agent: AhrefsBot'),
    ).diagnostics.find((d) => d.code === 'merged-group' && d.line === 10)!;
    expect(free.fix?.description).toContain('after lines 8 and 11');
    // Its block holding the merged group's rules (1013's DotBot): not taken out of that group.
    const holder = merged(
      'User-agent: a\nCrawl-delay: 10\n\nUser-agent: DotBot\nDisallow: /\n\nUser-agent: dotbot\nDisallow: /\n',
    ).find((d) => d.message.includes('"DotBot"'))!;
    expect(holder.message).not.toContain('remove its User-agent line');
  });

  it('a crawler with no delay of its own that gets one from the merge names its User-agent line', () => {
    const found = merged('User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /x\n');
    // An info: no delay was written for b, and the merge only slows it (issue #31).
    expect(found.map((d) => [d.line, d.severity])).toEqual([[3, 'info']]);
    expect(found[0]!.message).toContain('No Crawl-delay is written for "b"');
    expect(found[0]!.related?.map((r) => r.line)).toEqual([3, 2]);
  });

  it('says nothing when groups are separate, or merged with one delay for all', () => {
    expect(
      merged('User-agent: a\nCrawl-delay: 1\nDisallow: /x\n\nUser-agent: b\nCrawl-delay: 5\n'),
    ).toEqual([]);
    expect(merged('User-agent: a\nUser-agent: b\nCrawl-delay: 5\nDisallow: /x\n')).toEqual([]);
    expect(merged('User-agent: a\nCrawl-delay: 5\nUser-agent: b\nCrawl-delay: 5\n')).toEqual([]);
    expect(merged('User-agent: *\nDisallow: /\n')).toEqual([]);
  });
});

describe('explainCrawlDelay', () => {
  it('names the slowest line of the merged group and every line that applies', () => {
    const robots = parseRobotsTxt(
      'User-agent: grapeshot\nCrawl-delay: 0\n\nUser-agent: bingbot\nCrawl-delay: 1\n',
    );
    const why = robots.explainCrawlDelay('bingbot')!;
    expect(why.seconds).toBe(1);
    expect(why.line).toBe(5);
    expect(why.lines).toEqual([
      { line: 2, seconds: 0 },
      { line: 5, seconds: 1 },
    ]);
    expect(why.reason).toContain('slowest, 1 s on line 5');
    expect(robots.crawlDelay('grapeshot')).toBe(1);
    expect(robots.explainCrawlDelay('other')).toBeUndefined();
    const single = parseRobotsTxt('User-agent: *\nCrawl-delay: 2.5\n').explainCrawlDelay('x')!;
    expect([single.seconds, single.line, single.lines.length]).toEqual([2.5, 2, 1]);
  });

  it('Request-rate: the slowest of the merged group', () => {
    const robots = parseRobotsTxt(
      'User-agent: a\nRequest-rate: 1/1s\nUser-agent: b\nRequest-rate: 1/10s\nRequest-rate: 10/20s\n',
    );
    expect(robots.requestRate('a')).toEqual({ requests: 1, seconds: 10 });
  });

  it("a reading keeps its crawler's own answer (CPython: the last value of its entry)", () => {
    const body = 'User-agent: a\nCrawl-delay: 0\n\nUser-agent: b\nCrawl-delay: 1\n';
    const python = parseRobotsTxt(body, { interpretation: 'python-urllib' });
    expect(python.crawlDelay('a')).toBe(0);
    expect(python.explainCrawlDelay('a')?.seconds).toBe(0);
    expect(python.explainCrawlDelay('a')?.reason).toContain('python-urllib');
  });
});
