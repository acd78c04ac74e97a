/**
 * Names site owners write in `User-agent:` lines for an AI product or its company (`ChatGPT`,
 * `Claude`, `Gemini`), or for a search engine's company (`Yahoo!`, `NHN`), which no crawler has: each
 * with the product tokens its operator publishes for its crawlers, the source that lists them, and
 * the date it was compared with it.
 */

/** A product's or company's name, and the tokens its operator's crawlers read. */
export interface ProductName {
  /** The names written for it (compared case-insensitively, `-`, `_`, `.` and spaces aside). */
  readonly names: readonly string[];
  /** Who runs the crawlers. */
  readonly operator: string;
  /** The product tokens the operator publishes, as the catalog's rows write them. */
  readonly tokens: readonly string[];
  /** The operator's page that lists the tokens. */
  readonly docs: string;
  /** The date (YYYY-MM-DD) the row was last compared with `docs`. */
  readonly checked: string;
}

/** Product and company names mistaken for crawler names (AI products', Yahoo's and Naver's). */
export const PRODUCT_NAMES: readonly ProductName[] = [
  {
    names: ['ChatGPT', 'OpenAI'],
    operator: 'OpenAI',
    tokens: ['GPTBot', 'OAI-SearchBot', 'ChatGPT-User'],
    docs: 'https://developers.openai.com/api/docs/bots',
    checked: '2026-12-02',
  },
  {
    names: ['Claude', 'Anthropic'],
    operator: 'Anthropic',
    tokens: ['ClaudeBot', 'Claude-User', 'Claude-SearchBot'],
    docs: 'https://support.claude.com/en/articles/8896518',
    checked: '2026-12-02',
  },
  {
    // Google-Extended is the token that decides whether Gemini (formerly Bard) may train on or
    // ground its answers in pages Googlebot crawled.
    names: ['Gemini', 'Bard', 'GoogleGemini', 'GoogleBard'],
    operator: 'Google',
    tokens: ['Google-Extended'],
    docs: 'https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers#google-extended',
    checked: '2026-11-24',
  },
  {
    names: ['Perplexity', 'PerplexityAI'],
    operator: 'Perplexity',
    tokens: ['PerplexityBot', 'Perplexity-User'],
    docs: 'https://docs.perplexity.ai/guides/bots',
    checked: '2026-11-24',
  },
  {
    // "Website access by Slurp is identified by the "Slurp" User-agent"; Slurp "will obey the
    // first entry in the robots.txt file with a User-agent containing "Slurp"" (`Yahoo! Slurp`
    // is read; `Yahoo!` is not).
    names: ['Yahoo'],
    operator: 'Yahoo',
    tokens: ['Slurp'],
    docs: 'https://help.yahoo.com/kb/search-for-desktop/SLN22600.html',
    checked: '2026-12-03',
  },
  {
    // Naver's search crawler is Yeti ("Mozilla/5.0 (compatible; Yeti/1.1; +https://naver.me/spd)");
    // NHN was Naver's company name (the crawler's old user-agent strings said "NHN Corp.").
    names: ['Naver', 'NHN'],
    operator: 'Naver',
    tokens: ['Yeti'],
    docs: 'https://searchadvisor.naver.com/guide/seo-basic-firewall',
    checked: '2026-12-03',
  },
];

/**
 * The row whose names include `name` (case, `-`, `_`, `.` and spaces aside), or undefined.
 *
 * @example
 * productNameOf('Chat-GPT')?.tokens; // ['GPTBot', 'OAI-SearchBot', 'ChatGPT-User']
 */
export function productNameOf(name: string): ProductName | undefined {
  const key = name.toLowerCase().replace(/[-_.\s]/g, '');
  return PRODUCT_NAMES.find((row) => row.names.some((n) => n.toLowerCase() === key));
}
