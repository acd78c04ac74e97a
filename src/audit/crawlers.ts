/**
 * Well-known crawlers and the product tokens they look for in robots.txt, for audits such as
 * "which search engines and AI crawlers may fetch this path?". Data: every row names its source
 * (the operator's documentation, or where there is none the report the row rests on) and the
 * date it was last compared with it.
 */

/** What a crawler's fetches are for. */
export type CrawlerPurpose =
  /** Builds a web search index. */
  | 'search'
  /** Collects training data for AI models. */
  | 'ai-training'
  /** Builds the index an AI product answers from (AI search, AI answers). */
  | 'ai-search'
  /** Fetches pages on behalf of a user of an AI assistant (AI input). */
  | 'ai-assistant'
  /** SEO and backlink tools. */
  | 'seo'
  /** Web archives. */
  | 'archiving'
  /** Link previews and other services. */
  | 'other';

/** A crawler that honours robots.txt under a known product token. */
export interface Crawler {
  /** Display name. */
  readonly name: string;
  /** The product token to write in `User-agent:` lines (and to query with). */
  readonly token: string;
  /** Who runs it. */
  readonly operator: string;
  /** What it crawls for first: `purposes[0]`. */
  readonly purpose: CrawlerPurpose;
  /** Everything its fetches are used for, as its source says; blocking it stops all of them. */
  readonly purposes: readonly CrawlerPurpose[];
  /**
   * A control token: no crawler fetches with it; its operator reads the rules written for it to
   * decide how pages its crawler ({@link Crawler.governs}) fetched may be used.
   */
  readonly control?: true;
  /** For a control token: the token of the crawler whose pages it governs. */
  readonly governs?: string;
  /** The token whose group it follows when no group names it (Applebot follows Googlebot). */
  readonly fallback?: string;
  /** It fetches when a person asks; its operator says robots.txt may not apply then. */
  readonly userInitiated?: true;
  /** What else its source says that matters to a site owner. */
  readonly remark?: string;
  /** The source of this row: the operator's documentation of the crawler where there is one. */
  readonly docs: string;
  /** The date (YYYY-MM-DD) the row was last compared with its source. */
  readonly checked: string;
}

const CHECKED = '2026-11-24';

/**
 * Well-known crawlers: search engines first, then AI crawlers and control tokens, archives, SEO
 * tools.
 */
export const crawlers: readonly Crawler[] = [
  {
    name: 'Googlebot',
    token: 'Googlebot',
    operator: 'Google',
    purpose: 'search',
    purposes: ['search', 'ai-search', 'ai-training'],
    remark:
      'Google Search, with its AI Overviews and AI Mode, which Google-Extended does not control.',
    docs: 'https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers',
    checked: CHECKED,
  },
  {
    name: 'Bingbot',
    token: 'Bingbot',
    operator: 'Microsoft',
    purpose: 'search',
    purposes: ['search', 'ai-search'],
    remark: "Bing Search; Bing's index also grounds Microsoft Copilot's answers.",
    docs: 'https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0',
    checked: CHECKED,
  },
  {
    name: 'Applebot',
    token: 'Applebot',
    operator: 'Apple',
    purpose: 'search',
    purposes: ['search', 'ai-training'],
    fallback: 'Googlebot',
    remark:
      "Siri, Spotlight and Safari suggestions; Apple's AI training unless Applebot-Extended is blocked. Follows Googlebot's group when no group names Applebot.",
    docs: 'https://support.apple.com/en-us/119829',
    checked: CHECKED,
  },
  {
    name: 'DuckDuckBot',
    token: 'DuckDuckBot',
    operator: 'DuckDuckGo',
    purpose: 'search',
    purposes: ['search'],
    docs: 'https://duckduckgo.com/duckduckgo-help-pages/results/duckduckbot',
    checked: CHECKED,
  },
  {
    name: 'YandexBot',
    token: 'YandexBot',
    operator: 'Yandex',
    purpose: 'search',
    purposes: ['search'],
    docs: 'https://yandex.com/support/webmaster/robot-workings/check-yandex-robots.html',
    checked: CHECKED,
  },
  {
    name: 'Baiduspider',
    token: 'Baiduspider',
    operator: 'Baidu',
    purpose: 'search',
    purposes: ['search'],
    docs: 'https://www.baidu.com/search/robots_english.html',
    checked: CHECKED,
  },
  {
    name: 'Google-Extended',
    token: 'Google-Extended',
    operator: 'Google',
    purpose: 'ai-training',
    purposes: ['ai-training', 'ai-search'],
    control: true,
    governs: 'Googlebot',
    remark:
      'A control token: whether pages Google crawls may train Gemini models and ground Gemini answers. It does not affect Google Search.',
    docs: 'https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers#google-extended',
    checked: CHECKED,
  },
  {
    name: 'Google-CloudVertexBot',
    token: 'Google-CloudVertexBot',
    operator: 'Google',
    purpose: 'ai-search',
    purposes: ['ai-search'],
    remark:
      'Crawls the sites their owners ask it to, to build Vertex AI Agents (Google Cloud); it does not affect Google Search.',
    docs: 'https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers#google-cloudvertexbot',
    checked: '2026-12-02',
  },
  {
    name: 'Applebot-Extended',
    token: 'Applebot-Extended',
    operator: 'Apple',
    purpose: 'ai-training',
    purposes: ['ai-training'],
    control: true,
    governs: 'Applebot',
    remark: "A control token: whether pages Applebot crawls may train Apple's foundation models.",
    docs: 'https://support.apple.com/en-us/119829',
    checked: CHECKED,
  },
  {
    name: 'GPTBot',
    token: 'GPTBot',
    operator: 'OpenAI',
    purpose: 'ai-training',
    purposes: ['ai-training'],
    docs: 'https://developers.openai.com/api/docs/bots',
    checked: CHECKED,
  },
  {
    name: 'OAI-SearchBot',
    token: 'OAI-SearchBot',
    operator: 'OpenAI',
    purpose: 'ai-search',
    purposes: ['ai-search'],
    remark: 'Surfaces sites in ChatGPT search answers.',
    docs: 'https://developers.openai.com/api/docs/bots',
    checked: CHECKED,
  },
  {
    name: 'ChatGPT-User',
    token: 'ChatGPT-User',
    operator: 'OpenAI',
    purpose: 'ai-assistant',
    purposes: ['ai-assistant'],
    userInitiated: true,
    docs: 'https://developers.openai.com/api/docs/bots',
    checked: CHECKED,
  },
  {
    name: 'ClaudeBot',
    token: 'ClaudeBot',
    operator: 'Anthropic',
    purpose: 'ai-training',
    purposes: ['ai-training'],
    docs: 'https://support.claude.com/en/articles/8896518',
    checked: CHECKED,
  },
  {
    name: 'Claude-User',
    token: 'Claude-User',
    operator: 'Anthropic',
    purpose: 'ai-assistant',
    purposes: ['ai-assistant'],
    docs: 'https://support.claude.com/en/articles/8896518',
    checked: CHECKED,
  },
  {
    name: 'Claude-SearchBot',
    token: 'Claude-SearchBot',
    operator: 'Anthropic',
    purpose: 'ai-search',
    purposes: ['ai-search'],
    docs: 'https://support.claude.com/en/articles/8896518',
    checked: CHECKED,
  },
  {
    name: 'anthropic-ai',
    token: 'anthropic-ai',
    operator: 'Anthropic',
    purpose: 'ai-training',
    purposes: ['ai-training'],
    remark: 'An older token; ClaudeBot is the documented one.',
    docs: 'https://support.claude.com/en/articles/8896518',
    checked: CHECKED,
  },
  {
    name: 'CCBot',
    token: 'CCBot',
    operator: 'Common Crawl',
    purpose: 'archiving',
    purposes: ['archiving', 'ai-training'],
    remark: "Common Crawl's open archive, a source of many AI training sets.",
    docs: 'https://commoncrawl.org/ccbot',
    checked: CHECKED,
  },
  {
    name: 'PerplexityBot',
    token: 'PerplexityBot',
    operator: 'Perplexity',
    purpose: 'ai-search',
    purposes: ['ai-search'],
    docs: 'https://docs.perplexity.ai/guides/bots',
    checked: CHECKED,
  },
  {
    name: 'Perplexity-User',
    token: 'Perplexity-User',
    operator: 'Perplexity',
    purpose: 'ai-assistant',
    purposes: ['ai-assistant'],
    userInitiated: true,
    docs: 'https://docs.perplexity.ai/guides/bots',
    checked: CHECKED,
  },
  {
    name: 'Amazonbot',
    token: 'Amazonbot',
    operator: 'Amazon',
    purpose: 'ai-search',
    purposes: ['ai-search', 'ai-training'],
    remark: 'Alexa and other Amazon answers; may be used to train Amazon AI models.',
    docs: 'https://developer.amazon.com/amazonbot',
    checked: CHECKED,
  },
  {
    name: 'Amzn-SearchBot',
    token: 'Amzn-SearchBot',
    operator: 'Amazon',
    purpose: 'ai-search',
    purposes: ['ai-search'],
    remark: 'Search in Alexa and Rufus; not used to train generative AI.',
    docs: 'https://developer.amazon.com/amazonbot',
    checked: CHECKED,
  },
  {
    name: 'meta-externalagent',
    token: 'meta-externalagent',
    operator: 'Meta',
    purpose: 'ai-training',
    purposes: ['ai-training'],
    docs: 'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers',
    checked: CHECKED,
  },
  {
    name: 'Meta-ExternalFetcher',
    token: 'Meta-ExternalFetcher',
    operator: 'Meta',
    purpose: 'ai-assistant',
    purposes: ['ai-assistant'],
    userInitiated: true,
    docs: 'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers',
    checked: CHECKED,
  },
  {
    name: 'FacebookBot',
    token: 'FacebookBot',
    operator: 'Meta',
    purpose: 'ai-training',
    purposes: ['ai-training'],
    docs: 'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers',
    checked: CHECKED,
  },
  {
    name: 'Bytespider',
    token: 'Bytespider',
    operator: 'ByteDance',
    purpose: 'ai-training',
    purposes: ['ai-training'],
    remark:
      'ByteDance publishes no documentation of it; site owners report it ignoring robots.txt.',
    docs: 'https://robotstxtstudio.com/crawlers/bytespider',
    checked: CHECKED,
  },
  {
    name: 'cohere-ai',
    token: 'cohere-ai',
    operator: 'Cohere',
    purpose: 'ai-assistant',
    purposes: ['ai-assistant'],
    remark: 'Cohere documents no crawler; the token is the one site owners write.',
    docs: 'https://cohere.com/',
    checked: CHECKED,
  },
  {
    name: 'Diffbot',
    token: 'Diffbot',
    operator: 'Diffbot',
    purpose: 'ai-training',
    purposes: ['ai-training'],
    docs: 'https://docs.diffbot.com/docs/why-is-my-site-being-crawled-by-diffbot',
    checked: CHECKED,
  },
  {
    name: 'archive.org_bot',
    token: 'archive.org_bot',
    operator: 'Internet Archive',
    purpose: 'archiving',
    purposes: ['archiving'],
    remark: "The Wayback Machine's crawler.",
    docs: 'https://archive.org/details/archive.org_bot',
    checked: CHECKED,
  },
  {
    name: 'ia_archiver',
    token: 'ia_archiver',
    operator: 'Internet Archive',
    purpose: 'archiving',
    purposes: ['archiving'],
    remark: "The Internet Archive's older token, still widely written.",
    docs: 'https://archive.org/details/archive.org_bot',
    checked: CHECKED,
  },
  {
    name: 'AhrefsBot',
    token: 'AhrefsBot',
    operator: 'Ahrefs',
    purpose: 'seo',
    purposes: ['seo'],
    docs: 'https://ahrefs.com/robot',
    checked: CHECKED,
  },
  {
    name: 'SemrushBot',
    token: 'SemrushBot',
    operator: 'Semrush',
    purpose: 'seo',
    purposes: ['seo'],
    docs: 'https://www.semrush.com/bot/',
    checked: CHECKED,
  },
  {
    name: 'MJ12bot',
    token: 'MJ12bot',
    operator: 'Majestic',
    purpose: 'seo',
    purposes: ['seo'],
    docs: 'https://mj12bot.com/',
    checked: CHECKED,
  },
];
