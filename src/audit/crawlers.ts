/**
 * Well-known crawlers and the product tokens they look for in robots.txt, for audits such as
 * "which search engines and AI crawlers may fetch this path?".
 */

/** What a crawler's fetches are for. */
export type CrawlerPurpose =
  /** Builds a web search index. */
  | 'search'
  /** Collects training data for AI models. */
  | 'ai-training'
  /** Fetches pages on behalf of a user of an AI assistant. */
  | 'ai-assistant'
  /** Builds the search index of an AI search product. */
  | 'ai-search'
  /** SEO and backlink tools. */
  | 'seo'
  /** Link previews, archives and other services. */
  | 'other';

/** A crawler that honours robots.txt under a known product token. */
export interface Crawler {
  /** Display name. */
  readonly name: string;
  /** The product token to write in `User-agent:` lines (and to query with). */
  readonly token: string;
  /** Who runs it. */
  readonly operator: string;
  /** What it crawls for. */
  readonly purpose: CrawlerPurpose;
  /** The operator's documentation of the crawler. */
  readonly docs: string;
}

/**
 * Well-known crawlers, search engines first, then AI crawlers, then SEO tools. Some tokens
 * (`Google-Extended`, `Applebot-Extended`) are control tokens: no crawler sends them, but the
 * operator reads the rules written for them.
 */
export const crawlers: readonly Crawler[] = [
  {
    name: 'Googlebot',
    token: 'Googlebot',
    operator: 'Google',
    purpose: 'search',
    docs: 'https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers',
  },
  {
    name: 'Bingbot',
    token: 'Bingbot',
    operator: 'Microsoft',
    purpose: 'search',
    docs: 'https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0',
  },
  {
    name: 'Applebot',
    token: 'Applebot',
    operator: 'Apple',
    purpose: 'search',
    docs: 'https://support.apple.com/en-us/119829',
  },
  {
    name: 'DuckDuckBot',
    token: 'DuckDuckBot',
    operator: 'DuckDuckGo',
    purpose: 'search',
    docs: 'https://duckduckgo.com/duckduckgo-help-pages/results/duckduckbot',
  },
  {
    name: 'YandexBot',
    token: 'YandexBot',
    operator: 'Yandex',
    purpose: 'search',
    docs: 'https://yandex.com/support/webmaster/robot-workings/check-yandex-robots.html',
  },
  {
    name: 'Baiduspider',
    token: 'Baiduspider',
    operator: 'Baidu',
    purpose: 'search',
    docs: 'https://www.baidu.com/search/robots_english.html',
  },
  {
    name: 'Google-Extended',
    token: 'Google-Extended',
    operator: 'Google',
    purpose: 'ai-training',
    docs: 'https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers#google-extended',
  },
  {
    name: 'Applebot-Extended',
    token: 'Applebot-Extended',
    operator: 'Apple',
    purpose: 'ai-training',
    docs: 'https://support.apple.com/en-us/119829',
  },
  {
    name: 'GPTBot',
    token: 'GPTBot',
    operator: 'OpenAI',
    purpose: 'ai-training',
    docs: 'https://platform.openai.com/docs/bots',
  },
  {
    name: 'OAI-SearchBot',
    token: 'OAI-SearchBot',
    operator: 'OpenAI',
    purpose: 'ai-search',
    docs: 'https://platform.openai.com/docs/bots',
  },
  {
    name: 'ChatGPT-User',
    token: 'ChatGPT-User',
    operator: 'OpenAI',
    purpose: 'ai-assistant',
    docs: 'https://platform.openai.com/docs/bots',
  },
  {
    name: 'ClaudeBot',
    token: 'ClaudeBot',
    operator: 'Anthropic',
    purpose: 'ai-training',
    docs: 'https://support.anthropic.com/en/articles/8896518',
  },
  {
    name: 'Claude-User',
    token: 'Claude-User',
    operator: 'Anthropic',
    purpose: 'ai-assistant',
    docs: 'https://support.anthropic.com/en/articles/8896518',
  },
  {
    name: 'Claude-SearchBot',
    token: 'Claude-SearchBot',
    operator: 'Anthropic',
    purpose: 'ai-search',
    docs: 'https://support.anthropic.com/en/articles/8896518',
  },
  {
    name: 'anthropic-ai',
    token: 'anthropic-ai',
    operator: 'Anthropic',
    purpose: 'ai-training',
    docs: 'https://support.anthropic.com/en/articles/8896518',
  },
  {
    name: 'CCBot',
    token: 'CCBot',
    operator: 'Common Crawl',
    purpose: 'ai-training',
    docs: 'https://commoncrawl.org/ccbot',
  },
  {
    name: 'PerplexityBot',
    token: 'PerplexityBot',
    operator: 'Perplexity',
    purpose: 'ai-search',
    docs: 'https://docs.perplexity.ai/guides/bots',
  },
  {
    name: 'Perplexity-User',
    token: 'Perplexity-User',
    operator: 'Perplexity',
    purpose: 'ai-assistant',
    docs: 'https://docs.perplexity.ai/guides/bots',
  },
  {
    name: 'Bytespider',
    token: 'Bytespider',
    operator: 'ByteDance',
    purpose: 'ai-training',
    docs: 'https://bytedance.com/',
  },
  {
    name: 'Amazonbot',
    token: 'Amazonbot',
    operator: 'Amazon',
    purpose: 'ai-training',
    docs: 'https://developer.amazon.com/amazonbot',
  },
  {
    name: 'meta-externalagent',
    token: 'meta-externalagent',
    operator: 'Meta',
    purpose: 'ai-training',
    docs: 'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers',
  },
  {
    name: 'FacebookBot',
    token: 'FacebookBot',
    operator: 'Meta',
    purpose: 'ai-training',
    docs: 'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers',
  },
  {
    name: 'cohere-ai',
    token: 'cohere-ai',
    operator: 'Cohere',
    purpose: 'ai-assistant',
    docs: 'https://cohere.com/',
  },
  {
    name: 'Diffbot',
    token: 'Diffbot',
    operator: 'Diffbot',
    purpose: 'ai-training',
    docs: 'https://docs.diffbot.com/docs/why-is-my-site-being-crawled-by-diffbot',
  },
  {
    name: 'AhrefsBot',
    token: 'AhrefsBot',
    operator: 'Ahrefs',
    purpose: 'seo',
    docs: 'https://ahrefs.com/robot',
  },
  {
    name: 'SemrushBot',
    token: 'SemrushBot',
    operator: 'Semrush',
    purpose: 'seo',
    docs: 'https://www.semrush.com/bot/',
  },
  {
    name: 'MJ12bot',
    token: 'MJ12bot',
    operator: 'Majestic',
    purpose: 'seo',
    docs: 'https://mj12bot.com/',
  },
];
