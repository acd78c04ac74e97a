/**
 * One model of crawlers: whose group decides for a crawler, as its operator documents it. The
 * parser answers for the token it is given (Google's reading: the groups that name the token,
 * else `*`); some crawlers read the file otherwise, and every crawler view (the audit, the tester
 * page's verdicts and diff, lint's findings on groups) applies these rules the same way, marking
 * each verdict with the token whose group decided. It sits below lint and audit so both read it.
 */

import type { RobotsPolicy } from '../types.js';

/** How a crawler departs from "its own group, else `*`". */
export type CrawlerRuleKind =
  /** It ignores the `*` group: with no group of its own, no rule applies to it. */
  | 'ignores-global'
  /** With no group of its own, it follows another crawler's group (when one names that crawler). */
  | 'follows';

/** One documented rule about a crawler's reading of robots.txt. */
export interface CrawlerRule {
  /** The crawler's product token. */
  readonly token: string;
  readonly kind: CrawlerRuleKind;
  /** For `follows`: the token whose group it follows. */
  readonly follows?: string;
  /** The operator's documentation of the rule. */
  readonly source: string;
}

const GOOGLE_COMMON =
  'https://developers.google.com/crawling/docs/crawlers-fetchers/google-common-crawlers';
const YANDEX_USER_AGENT = 'https://yandex.com/support/webmaster/en/robot-workings/user-agent';
const GOOGLE_SPECIAL_CASE =
  'https://developers.google.com/search/docs/crawling-indexing/google-special-case-crawlers';
const YANDEX_AD_ROBOT = 'https://yandex.com/support/partner2/technologies/robot.html';

/**
 * The documented rules: the one place a crawler's reading beyond its own group is defined (the
 * catalog's rows hold none). Google's common crawlers listed with one token (Googlebot-Image,
 * Googlebot-News, Storebot-Google, …) have none: without a group of their own they follow the
 * most specific group that names them, `*` when none, with no fallback to Googlebot's group
 * (https://developers.google.com/search/docs/crawling-indexing/robots/robots_txt#order-of-precedence-for-user-agents).
 */
export const CRAWLER_RULES: readonly CrawlerRule[] = [
  // Google's special-case crawlers page: "The global user agent (*) is ignored."
  { token: 'AdsBot-Google', kind: 'ignores-global', source: GOOGLE_SPECIAL_CASE },
  { token: 'AdsBot-Google-Mobile', kind: 'ignores-global', source: GOOGLE_SPECIAL_CASE },
  { token: 'Mediapartners-Google', kind: 'ignores-global', source: GOOGLE_SPECIAL_CASE },
  { token: 'APIs-Google', kind: 'ignores-global', source: GOOGLE_SPECIAL_CASE },
  // Google's common crawlers page: GoogleOther-Image and GoogleOther-Video have two user agent
  // tokens, their own and GoogleOther ("you need to match only one crawler token").
  {
    token: 'GoogleOther-Image',
    kind: 'follows',
    follows: 'GoogleOther',
    source: `${GOOGLE_COMMON}#googleother-image`,
  },
  {
    token: 'GoogleOther-Video',
    kind: 'follows',
    follows: 'GoogleOther',
    source: `${GOOGLE_COMMON}#googleother-video`,
  },
  // Yandex: "User-agent: Yandex" is "used by all Yandex bots" that no group names, and with it
  // the "*" group is not used.
  {
    token: 'YandexBot',
    kind: 'follows',
    follows: 'Yandex',
    source: YANDEX_USER_AGENT,
  },
  {
    token: 'YandexAdditionalBot',
    kind: 'follows',
    follows: 'Yandex',
    source: YANDEX_USER_AGENT,
  },
  // Google's common crawlers page lists Google-InspectionTool's tokens as
  // "Google-InspectionTool, Googlebot" ("apart from the user agent and user agent token, it
  // mimics Googlebot"), as it lists GoogleOther-Image's as "GoogleOther-Image, GoogleOther".
  {
    token: 'Google-InspectionTool',
    kind: 'follows',
    follows: 'Googlebot',
    source: `${GOOGLE_COMMON}#google-inspectiontool`,
  },
  // Yandex's Advertising Network robot: "Blocking the User-agent: Yandex robot in the robots.txt
  // file may result in all Yandex robots being blocked, including the YAN robot."
  {
    token: 'YandexDirect',
    kind: 'follows',
    follows: 'Yandex',
    source: YANDEX_AD_ROBOT,
  },
  // Apple: "If robots instructions don't mention Applebot but do mention Googlebot, the Apple
  // robot will follow Googlebot instructions."
  {
    token: 'Applebot',
    kind: 'follows',
    follows: 'Googlebot',
    source: 'https://support.apple.com/en-us/119829',
  },
  // Kagi: "If there is no rule targeting kagibot, but there is a rule targeting Googlebot, then
  // Kagibot will follow the Googlebot directives."
  { token: 'Kagibot', kind: 'follows', follows: 'Googlebot', source: 'https://kagi.com/bot' },
];

/** Whose group decides for a crawler in one file. */
export interface CrawlerGroup {
  /** The crawler, as asked. */
  readonly crawler: string;
  /**
   * The token to ask the parser with: the crawler's own, or the one it follows; undefined when no
   * group applies to the crawler (it ignores `*` and none names it): every URL is allowed.
   */
  readonly query: string | undefined;
  /**
   * The token whose group decided, as a view marks the verdict: the crawler's own, the token it
   * follows, `*`, or `` (no group: every URL allowed).
   */
  readonly decidedBy: string;
  /** The documented rule that applied, when one did. */
  readonly rule?: CrawlerRule;
}

// Any URL: which groups apply depends on the agent only.
const ROOT = 'https://robots.invalid/';

/** The rule `rules` holds for `token` (product tokens compare case-insensitively). */
export function crawlerRuleOf(
  token: string,
  rules: readonly CrawlerRule[] = CRAWLER_RULES,
): CrawlerRule | undefined {
  const lower = token.toLowerCase();
  return rules.find((r) => r.token.toLowerCase() === lower);
}

/**
 * Whose group decides for `crawler` in `robots`: its own group when one names it; else what its
 * documented rule says (`rules`); else the `*` group, or none.
 *
 * @example
 * const robots = parseRobotsTxt('User-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /\n');
 * crawlerGroup(robots, 'Applebot').decidedBy; // 'Googlebot'
 * crawlerGroup(robots, 'AdsBot-Google').decidedBy; // ''
 * crawlerGroup(robots, 'Googlebot-Image').decidedBy; // '*'
 */
export function crawlerGroup(
  robots: RobotsPolicy,
  crawler: string,
  rules: readonly CrawlerRule[] = CRAWLER_RULES,
): CrawlerGroup {
  const selection = robots.explain(ROOT, crawler).selection;
  if (selection === 'specific' || selection === 'outcome') {
    return { crawler, query: crawler, decidedBy: crawler };
  }
  const rule = crawlerRuleOf(crawler, rules);
  if (rule?.kind === 'follows' && rule.follows !== undefined) {
    if (robots.explain(ROOT, rule.follows).selection === 'specific') {
      return { crawler, query: rule.follows, decidedBy: rule.follows, rule };
    }
  }
  if (rule?.kind === 'ignores-global' && selection === 'global') {
    return { crawler, query: undefined, decidedBy: '', rule };
  }
  return { crawler, query: crawler, decidedBy: selection === 'global' ? '*' : '' };
}

/** A verdict of a crawler under the model. */
export interface CrawlerVerdict {
  readonly allowed: boolean;
  /** The deciding line, 0 when no rule matched. */
  readonly line: number;
}

/** The verdict for `url` of the crawler `group` describes (from {@link crawlerGroup}). */
export function checkAsCrawler(
  robots: RobotsPolicy,
  url: string,
  group: CrawlerGroup,
): CrawlerVerdict {
  if (group.query === undefined) return { allowed: true, line: 0 };
  const { allowed, line } = robots.explain(url, group.query);
  return { allowed, line };
}

/** A crawler documented to read `Crawl-delay`, with the source that says so. */
export interface CrawlDelayReader {
  /** The product token its groups are written for. */
  readonly token: string;
  /** Where its operator documents that it reads Crawl-delay. */
  readonly source: string;
}

const BING_CRAWL_DELAY =
  'https://blogs.bing.com/webmaster/2009/08/10/crawl-delay-and-the-bing-crawler-msnbot';
const ANTHROPIC_CRAWLERS = 'https://support.claude.com/en/articles/8896518';

/**
 * The crawlers documented to read `Crawl-delay`: for them, a delay that Google's grouping changes
 * changes how fast they crawl. Google ignores Crawl-delay (and so its crawlers), as do Yandex
 * (since 2018) and Baidu; a crawler retired long ago (Yahoo! Slurp, YahooSeeker) reads
 * nothing. Bing's crawler reads the groups written for msnbot, its former token.
 */
export const CRAWL_DELAY_READERS: readonly CrawlDelayReader[] = [
  { token: 'bingbot', source: BING_CRAWL_DELAY },
  { token: 'msnbot', source: BING_CRAWL_DELAY },
  { token: 'AhrefsBot', source: 'https://ahrefs.com/robot' },
  { token: 'SemrushBot', source: 'https://www.semrush.com/bot/' },
  { token: 'MJ12bot', source: 'https://mj12bot.com/' },
  { token: 'DotBot', source: 'https://moz.com/help/moz-procedures/crawlers/dotbot' },
  { token: 'rogerbot', source: 'https://moz.com/help/moz-procedures/crawlers/rogerbot' },
  { token: 'SeznamBot', source: 'https://o-seznam.cz/napoveda/vyhledavani/en/crawling-control' },
  // "Pinterestbot will respect all requests to stop or limit crawling."
  {
    token: 'Pinterestbot',
    source: 'https://help.pinterest.com/en/business/article/pinterest-crawler',
  },
  {
    token: 'Pinterest',
    source: 'https://help.pinterest.com/en/business/article/pinterest-crawler',
  },
  { token: 'CCBot', source: 'https://commoncrawl.org/big-picture/frequently-asked-questions/' },
  { token: 'ClaudeBot', source: ANTHROPIC_CRAWLERS },
  { token: 'Claude-SearchBot', source: ANTHROPIC_CRAWLERS },
];

/**
 * Whether the crawler a User-agent line names (`MJ12bot/v1.4` as written, or its token) is
 * documented to read Crawl-delay ({@link CRAWL_DELAY_READERS}; case-insensitive).
 */
export function readsCrawlDelay(written: string): boolean {
  const name = (/^[A-Za-z0-9._-]+/.exec(written.trim())?.[0] ?? '').toLowerCase();
  return CRAWL_DELAY_READERS.some((r) => r.token.toLowerCase() === name);
}

/** A crawler's former product token, whose groups it reads when none names its current one. */
export interface FormerToken {
  /** The former token (`msnbot`). */
  readonly token: string;
  /** The token the crawler goes by now (`bingbot`). */
  readonly current: string;
  /** The operator's word on which group it reads. */
  readonly source: string;
}

/**
 * Former tokens: Bing's crawler "will still honor robots.txt directives written for msnbot", but
 * "if we detect separate sets of directives for bingbot and for any of the older versions of
 * Microsoft search bots (such as msnbot) …, the directives for bingbot will take precedence". With
 * a group naming bingbot, no crawler takes its rules from msnbot's groups (a log analysis shows
 * Bing still reading msnbot's Crawl-delay there: https://www.briljantegeesten.nl/blog/algemeen/crawl-delay-on-msnbot-can-override-bingbot-rules-in-robots-txt/).
 */
export const FORMER_TOKENS: readonly FormerToken[] = [
  {
    token: 'msnbot',
    current: 'bingbot',
    source: 'https://blogs.bing.com/webmaster/June-2010/Bing-crawler-bingbot-on-the-horizon',
  },
];

/**
 * The former token ({@link FORMER_TOKENS}) a User-agent line names, as written (`msnbot/2.0b`) or
 * its token, case-insensitive; none for any other name.
 */
export function formerToken(written: string): FormerToken | undefined {
  const name = (/^[A-Za-z0-9._-]+/.exec(written.trim())?.[0] ?? '').toLowerCase();
  return FORMER_TOKENS.find((f) => f.token.toLowerCase() === name);
}

/**
 * Crawlers that fetch a page only when a person shares its link, to show a preview card (they
 * crawl no site): which of a site's pages they may fetch matters little for its crawling. Each
 * with its operator's documentation.
 */
export const LINK_PREVIEW_FETCHERS: readonly { readonly token: string; readonly source: string }[] =
  [
    {
      token: 'Twitterbot',
      source: 'https://developer.x.com/en/docs/x-for-websites/cards/guides/getting-started',
    },
    {
      token: 'facebookexternalhit',
      source: 'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers',
    },
    { token: 'Slackbot', source: 'https://api.slack.com/robots' },
    // LinkedIn builds a shared link's preview from the page's Open Graph tags.
    {
      token: 'LinkedInBot',
      source:
        'https://www.linkedin.com/help/linkedin/answer/46687/making-your-website-shareable-on-linkedin',
    },
  ];

/** Whether a product token is a link-preview fetcher ({@link LINK_PREVIEW_FETCHERS}). */
export function isLinkPreviewFetcher(token: string): boolean {
  const lower = token.toLowerCase();
  return LINK_PREVIEW_FETCHERS.some((f) => f.token.toLowerCase() === lower);
}

/**
 * Crawler tokens whose crawler no longer crawls: no current crawler reads the groups written for
 * them, so what Google's grouping gives or takes from them harms no one. Each with the source
 * that says it stopped. (msnbot is not here: Bing's crawler still reads the groups written for
 * it, see {@link CRAWL_DELAY_READERS}.)
 */
export const RETIRED_CRAWLERS: readonly {
  readonly token: string;
  readonly note: string;
  readonly source: string;
}[] = [
  {
    token: 'Googlebot-Mobile',
    note: "Google's feature-phone and old smartphone crawler; smartphone crawling reads Googlebot's groups since 2014",
    source:
      'https://developers.google.com/search/blog/2014/01/a-new-googlebot-user-agent-for-crawling',
  },
  {
    token: 'Slurp',
    note: "Yahoo!'s search crawler; Yahoo! search has been Bing's since 2010–11",
    source: 'https://probsee.com/p/slurp',
  },
  {
    token: 'Yahoo-MMCrawler',
    note: "Yahoo!'s multimedia crawler; Yahoo! search has been Bing's since 2010–11",
    source: 'https://probsee.com/p/slurp',
  },
  {
    token: 'gigabot',
    note: "Gigablast's crawler; its public search shut down in 2023",
    source: 'https://probsee.com/p/Gigablast',
  },
  {
    token: 'SputnikBot',
    note: "the crawler of Rostelecom's search engine Sputnik, which stopped on 8 September 2020",
    source: 'https://mbk-news.ew.r.appspot.com/suzhet/poslednij-put-sputnika',
  },
  {
    token: 'twiceler',
    note: 'the crawler of Cuil, whose search engine shut down on 17 September 2010',
    source:
      'http://thenextweb.com/entrepreneur/2010/09/17/google-wanna-be-cuil-closes-not-so-cuil-anymore/32642/',
  },
  {
    // blekko's crawler, also Blekkobot (https://blekko.com/about/blekkobot).
    token: 'ScoutJet',
    note: "blekko's crawler; blekko's search closed when IBM took its technology in March 2015",
    source: 'https://www.webpronews.com/blekko-shuts-down-becomes-part-of-ibm-watson/',
  },
  {
    token: 'Blekkobot',
    note: "blekko's crawler; blekko's search closed when IBM took its technology in March 2015",
    source: 'https://www.webpronews.com/blekko-shuts-down-becomes-part-of-ibm-watson/',
  },
  {
    token: 'teoma',
    note: "Ask.com's crawler; Ask stopped its own web search in 2010",
    source:
      'https://news.ebrandz.com/iacs-barry-diller-surrenders-search-battle-to-google-will-focus-on-q-a-a',
  },
];

/**
 * The retired crawler ({@link RETIRED_CRAWLERS}) a User-agent line names, as written
 * (`Slurp/3.0`) or its token, case-insensitive; none for a crawler that still crawls.
 */
export function retiredCrawler(written: string): (typeof RETIRED_CRAWLERS)[number] | undefined {
  const name = (/^[A-Za-z0-9._-]+/.exec(written.trim())?.[0] ?? '').toLowerCase();
  return RETIRED_CRAWLERS.find((r) => r.token.toLowerCase() === name);
}

/** A sentence saying that the crawlers named are retired, for a finding about only them. */
export function retiredSentence(written: readonly string[]): string {
  const found = written.map(retiredCrawler);
  const notes = [...new Set(found.map((r) => `${r!.token} (${r!.note})`))];
  return `${notes.length === 1 ? `${notes[0]} no longer crawls` : `${notes.join(', ')} no longer crawl`}: no current crawler reads this group, so this harms no one.`;
}

/**
 * Crawlers of an organisation's own search: an enterprise search appliance or server, or a hosted
 * site-search service, pointed by its owner at the sites it indexes for that organisation's search
 * (an intranet, a site's search box), no public search engine. What Google's grouping gives or takes from them harms no one's
 * search presence. Each matches the User-agent line as written (`MS Search 6.0 Robot`, whose
 * product token Google reads as `MS`), with the sources it rests on and the date (YYYY-MM-DD) the
 * row was compared with them.
 */
export const IN_HOUSE_CRAWLERS: readonly {
  readonly name: string;
  /** The User-agent values (as written) that name it. */
  readonly written: RegExp;
  readonly note: string;
  readonly sources: readonly string[];
  readonly checked: string;
}[] = [
  {
    // "The user agent name, which, by default, is set to gsa-crawler"; Google wound down GSA
    // sales through 2017, with support until 2019.
    name: 'gsa-crawler',
    // An appliance's name may be set (`HCGOV-PRODONE-gsa-crawler`, `gsa-crawler2`).
    written: /^(?:[\w.]+-)*gsa-crawler(?:[-\s/(+*\d]|$)/i,
    note: "the Google Search Appliance's crawler, which indexed an organisation's own sites for its own search; Google ended its sales in 2017 and its support in 2019",
    sources: [
      'http://code.google.com/apis/searchappliance/documentation/46/help_gsa/crawl_headers.html',
      'https://www.cmswire.com/social-business/moving-from-google-search-appliance-the-time-is-now/',
    ],
    checked: '2026-12-03',
  },
  {
    // SharePoint Server 2010 and 2013 read the group of "User-Agent: MS Search 6.0 Robot";
    // SharePoint Portal Server 2001 and 2003 obey robots.txt too. (That their crawlers are the
    // "MS Search 4.0 Robot" and "5.0 Robot" files name is a reading of the version, which no
    // source found states.)
    name: 'MS Search Robot',
    written: /^MS Search \d+(?:\.\d+)? Robot(?:[\s/(+*]|$)/i,
    note: "the crawler of Microsoft SharePoint's search, which indexes an organisation's own sites for its intranet search",
    sources: [
      'https://learn.microsoft.com/en-us/sharepoint/troubleshoot/search/crawler-ignores-directives-for-user-agent',
      'https://support.microsoft.com/en-us/kb/284022',
    ],
    checked: '2026-12-03',
  },
  {
    // "Swiftbot, by comparison, only crawls sites that our customers have asked us to crawl."
    name: 'Swiftbot',
    written: /^Swiftbot(?:[\s/(+*]|$)/i,
    note: "the crawler of Swiftype's hosted site search, which indexes a site only for that site's own search box, at its owner's request",
    sources: [
      'https://swiftype.com/swiftbot',
      'https://swiftype.com/documentation/site-search/crawler-configuration/robots-txt',
    ],
    checked: '2026-12-03',
  },
  {
    // "You can specify it as User-agent: Algolia Crawler"; "the Crawler aims at crawling content
    // that is solely owned by the user" (its domains verified by the customer).
    name: 'Algolia Crawler',
    written: /^Algolia Crawler(?:[\s/(+*]|$)/i,
    note: "the crawler of Algolia's hosted search, which indexes only the domains its customer owns, for that customer's own search",
    sources: ['https://www.algolia.com/doc/tools/crawler/troubleshooting/faq/'],
    checked: '2026-12-03',
  },
  {
    // "Our crawler's user agent can be referred to simply as cludo. User-agent: cludo".
    name: 'Cludo',
    written: /^cludo(?:[\s/(+*]|$)/i,
    note: "the crawler of Cludo's hosted site search, which indexes its customer's site for that site's own search",
    sources: ['https://help.cludo.com/tag/crawling/page/2'],
    checked: '2026-12-03',
  },
  {
    // `crawler.robotAgent` (default "Funnelback"): "used to examine any robots.txt files that are
    // found to see if there are Funnelback specific restrictions".
    name: 'Funnelback',
    written: /^Funnelback(?:[\s/(+*]|$)/i,
    note: "the crawler of Squiz's Funnelback, an organisation's own search server or service, which indexes the sites its owner configures for that organisation's search",
    sources: [
      'https://docs.squiz.net/funnelback/docs/latest/reference/configuration-options/collection-options/crawler.robotAgent.html',
      'https://community.funnelback.com/knowledge-base/implementation/Gather-And-Index/web-crawler/funnelback-robots-support',
    ],
    checked: '2026-12-03',
  },
];

/** The in-house crawler ({@link IN_HOUSE_CRAWLERS}) a User-agent line names as written, if any. */
export function inHouseCrawler(written: string): (typeof IN_HOUSE_CRAWLERS)[number] | undefined {
  const value = written.trim();
  return IN_HOUSE_CRAWLERS.find((c) => c.written.test(value));
}

/**
 * Whether a User-agent line (as written) names no public crawler: a retired one
 * ({@link RETIRED_CRAWLERS}) or an organisation's own ({@link IN_HOUSE_CRAWLERS}).
 */
export function namesNoPublicCrawler(written: string): boolean {
  return retiredCrawler(written) !== undefined || inHouseCrawler(written) !== undefined;
}

/**
 * A sentence saying that the crawlers named (each retired or in-house, {@link
 * namesNoPublicCrawler}) are no public crawler, for a finding about only them.
 */
export function noPublicCrawlerSentence(written: readonly string[]): string {
  const retired = written.filter((w) => inHouseCrawler(w) === undefined);
  const own = [
    ...new Set(
      written.flatMap((w) => {
        const c = inHouseCrawler(w);
        return c === undefined ? [] : [`${w.trim()} (${c.note})`];
      }),
    ),
  ];
  const parts: string[] = [];
  if (retired.length > 0) parts.push(retiredSentence(retired));
  if (own.length > 0) {
    parts.push(
      `${own.join(', ')} ${own.length === 1 ? 'is' : 'are'} no public search crawler: what ${own.length === 1 ? 'it crawls' : 'they crawl'} harms no one's search presence.`,
    );
  }
  return parts.join(' ');
}
