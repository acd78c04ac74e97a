/**
 * The catalog's search engines: each row with its source and the date it was compared with it.
 */

import type { Crawler } from '../crawler.js';

/** Google's list of its common crawlers, with the token of each. */
const GOOGLE_COMMON =
  'https://developers.google.com/crawling/docs/crawlers-fetchers/google-common-crawlers';

/** Search engines' crawlers. */
export const searchCrawlers: readonly Crawler[] = [
  {
    name: 'Googlebot',
    token: 'Googlebot',
    operator: 'Google',
    purpose: 'search',
    purposes: ['search', 'ai-search', 'ai-training'],
    remark:
      'Google Search, with its AI Overviews and AI Mode, which Google-Extended does not control.',
    docs: 'https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers',
    checked: '2026-11-24',
  },
  {
    name: 'Googlebot-Image',
    token: 'Googlebot-Image',
    operator: 'Google',
    purpose: 'search',
    purposes: ['search'],
    media: true,
    remark: 'Crawls image URLs for Google Images and the Search features that show images.',
    docs: GOOGLE_COMMON,
    checked: '2026-12-02',
  },
  {
    name: 'Googlebot-Video',
    token: 'Googlebot-Video',
    operator: 'Google',
    purpose: 'search',
    purposes: ['search'],
    media: true,
    remark: 'Crawls video URLs for the Search features that show videos.',
    docs: GOOGLE_COMMON,
    checked: '2026-12-02',
  },
  {
    name: 'Googlebot-News',
    token: 'Googlebot-News',
    operator: 'Google',
    purpose: 'search',
    purposes: ['search'],
    remark:
      "Google News; it fetches with Googlebot's user agent strings, but reads the rules written for Googlebot-News.",
    docs: GOOGLE_COMMON,
    checked: '2026-12-02',
  },
  {
    name: 'Google StoreBot',
    token: 'Storebot-Google',
    operator: 'Google',
    purpose: 'search',
    purposes: ['search'],
    remark: 'Google Shopping: every surface of it, such as the Shopping tab of Google Search.',
    docs: GOOGLE_COMMON,
    checked: '2026-12-02',
  },
  {
    name: 'Bingbot',
    token: 'Bingbot',
    operator: 'Microsoft',
    purpose: 'search',
    purposes: ['search', 'ai-search'],
    remark: "Bing Search; Bing's index also grounds Microsoft Copilot's answers.",
    docs: 'https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0',
    checked: '2026-11-24',
  },
  {
    name: 'Applebot',
    token: 'Applebot',
    operator: 'Apple',
    purpose: 'search',
    purposes: ['search', 'ai-training'],
    remark:
      "Siri, Spotlight and Safari suggestions; Apple's AI training unless Applebot-Extended is blocked.",
    docs: 'https://support.apple.com/en-us/119829',
    checked: '2026-11-24',
  },
  {
    name: 'DuckDuckBot',
    token: 'DuckDuckBot',
    operator: 'DuckDuckGo',
    purpose: 'search',
    purposes: ['search'],
    docs: 'https://duckduckgo.com/duckduckgo-help-pages/results/duckduckbot',
    checked: '2026-11-24',
  },
  {
    name: 'YandexBot',
    token: 'YandexBot',
    operator: 'Yandex',
    purpose: 'search',
    purposes: ['search'],
    docs: 'https://yandex.com/support/webmaster/robot-workings/check-yandex-robots.html',
    checked: '2026-11-24',
  },
  {
    name: 'YandexAdditionalBot',
    token: 'YandexAdditionalBot',
    operator: 'Yandex',
    purpose: 'ai-search',
    purposes: ['ai-search'],
    remark:
      "Its rules limit which pages' content the answers of Yandex AI in Yandex Search show; those answers are made from pages Yandex indexed.",
    docs: 'https://yandex.com/support/webmaster/en/yandex-ai',
    checked: '2026-12-03',
  },
  {
    name: 'YouBot',
    token: 'YouBot',
    operator: 'You.com',
    purpose: 'search',
    purposes: ['search', 'ai-search'],
    remark: 'Indexes the web for the You.com search engine and its AI answers.',
    docs: 'https://docs.you.com/youbot',
    checked: '2026-12-03',
  },
  {
    name: 'Baiduspider',
    token: 'Baiduspider',
    operator: 'Baidu',
    purpose: 'search',
    purposes: ['search'],
    docs: 'https://www.baidu.com/search/robots_english.html',
    checked: '2026-11-24',
  },
  {
    name: 'SeznamBot',
    token: 'SeznamBot',
    operator: 'Seznam.cz',
    purpose: 'search',
    purposes: ['search'],
    remark: 'Crawls for the Czech search engine Seznam.cz; it reads Allow and Crawl-delay.',
    docs: 'https://o-seznam.cz/napoveda/vyhledavani/en/crawling-control',
    checked: '2026-12-03',
  },
  {
    name: 'Qwantbot',
    token: 'Qwantbot',
    operator: 'Qwant',
    purpose: 'search',
    purposes: ['search'],
    remark: "Crawls for Qwant's search index; its news crawler sends Qwantbot-news.",
    docs: 'https://help.qwant.com/bot/',
    checked: '2026-12-03',
  },
  {
    name: 'MojeekBot',
    token: 'MojeekBot',
    operator: 'Mojeek',
    purpose: 'search',
    purposes: ['search'],
    remark:
      'Crawls for the independent search engine Mojeek. It reads the first group whose User-agent line contains "MojeekBot", else the first "*" group, and not Crawl-delay.',
    docs: 'https://www.mojeek.com/bot.html',
    checked: '2026-12-03',
  },
  {
    name: 'PetalBot',
    token: 'PetalBot',
    operator: 'Huawei',
    purpose: 'search',
    purposes: ['search', 'ai-search'],
    remark:
      "Petal Search's crawler; its index also feeds the recommendations of Huawei Assistant and Huawei's AI Search.",
    docs: 'https://aspiegel.com/petalbot',
    checked: '2026-12-03',
  },
];
