/**
 * The catalog's archives, SEO tools and other services (generic and ads crawlers, link
 * previews): each row with its source and the date it was compared with it.
 */

import type { Crawler } from '../crawler.js';

/** Google's list of its special-case crawlers, with the token of each. */
const GOOGLE_SPECIAL_CASE =
  'https://developers.google.com/crawling/docs/crawlers-fetchers/google-special-case-crawlers';

/** Archives, SEO tools and other services. */
export const otherCrawlers: readonly Crawler[] = [
  {
    name: 'archive.org_bot',
    token: 'archive.org_bot',
    operator: 'Internet Archive',
    purpose: 'archiving',
    purposes: ['archiving'],
    remark: "The Wayback Machine's crawler.",
    docs: 'https://archive.org/details/archive.org_bot',
    checked: '2026-11-24',
  },
  {
    name: 'ia_archiver',
    token: 'ia_archiver',
    operator: 'Internet Archive',
    purpose: 'archiving',
    purposes: ['archiving'],
    remark: "The Internet Archive's older token, still widely written.",
    docs: 'https://archive.org/details/archive.org_bot',
    checked: '2026-11-24',
  },
  {
    name: 'AhrefsBot',
    token: 'AhrefsBot',
    operator: 'Ahrefs',
    purpose: 'seo',
    purposes: ['seo'],
    docs: 'https://ahrefs.com/robot',
    checked: '2026-11-24',
  },
  {
    name: 'SemrushBot',
    token: 'SemrushBot',
    operator: 'Semrush',
    purpose: 'seo',
    purposes: ['seo'],
    docs: 'https://www.semrush.com/bot/',
    checked: '2026-11-24',
  },
  {
    name: 'MJ12bot',
    token: 'MJ12bot',
    operator: 'Majestic',
    purpose: 'seo',
    purposes: ['seo'],
    docs: 'https://mj12bot.com/',
    checked: '2026-11-24',
  },
  {
    name: 'GoogleOther',
    token: 'GoogleOther',
    operator: 'Google',
    purpose: 'other',
    purposes: ['other'],
    remark:
      "Google's generic crawler for its product teams: one-off crawls, internal research and development.",
    docs: 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-common-crawlers#googleother',
    checked: '2026-12-02',
  },
  {
    name: 'GoogleOther-Image',
    token: 'GoogleOther-Image',
    operator: 'Google',
    purpose: 'other',
    purposes: ['other'],
    remark: 'GoogleOther for image URLs; it reads the GoogleOther group when no group names it.',
    docs: 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-common-crawlers#googleother-image',
    checked: '2026-12-02',
  },
  {
    name: 'GoogleOther-Video',
    token: 'GoogleOther-Video',
    operator: 'Google',
    purpose: 'other',
    purposes: ['other'],
    remark: 'GoogleOther for video URLs; it reads the GoogleOther group when no group names it.',
    docs: 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-common-crawlers#googleother-video',
    checked: '2026-12-02',
  },
  {
    name: 'Google-InspectionTool',
    token: 'Google-InspectionTool',
    operator: 'Google',
    purpose: 'other',
    purposes: ['other'],
    remark:
      "Google's Search testing tools: the Rich Results Test and Search Console's URL Inspection.",
    docs: 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-common-crawlers',
    checked: '2026-12-02',
  },
  {
    name: 'AdsBot',
    token: 'AdsBot-Google',
    operator: 'Google',
    purpose: 'other',
    purposes: ['other'],
    remark: 'Checks the quality of the pages Google Ads link to.',
    docs: GOOGLE_SPECIAL_CASE,
    checked: '2026-12-02',
  },
  {
    name: 'AdsBot Mobile Web',
    token: 'AdsBot-Google-Mobile',
    operator: 'Google',
    purpose: 'other',
    purposes: ['other'],
    remark: "AdsBot's check of mobile pages.",
    docs: GOOGLE_SPECIAL_CASE,
    checked: '2026-12-02',
  },
  {
    name: 'Mediapartners-Google',
    token: 'Mediapartners-Google',
    operator: 'Google',
    purpose: 'other',
    purposes: ['other'],
    remark: "Google's ad products (AdSense, Ad Manager): which ads fit a page.",
    docs: GOOGLE_SPECIAL_CASE,
    checked: '2026-12-02',
  },
  {
    name: 'APIs-Google',
    token: 'APIs-Google',
    operator: 'Google',
    purpose: 'other',
    purposes: ['other'],
    remark: 'Delivers the push notification messages of Google APIs.',
    docs: GOOGLE_SPECIAL_CASE,
    checked: '2026-12-02',
  },
  {
    name: 'AdIdxBot',
    token: 'AdIdxBot',
    operator: 'Microsoft',
    purpose: 'other',
    purposes: ['other'],
    remark:
      'Microsoft Advertising (Bing Ads): crawls ads and the sites they lead to, for quality control.',
    docs: 'https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0',
    checked: '2026-12-02',
  },
  {
    name: 'OAI-AdsBot',
    token: 'OAI-AdsBot',
    operator: 'OpenAI',
    purpose: 'other',
    purposes: ['other'],
    remark:
      'Visits only the landing pages submitted as ads in ChatGPT, to check their safety; not used to train AI models.',
    docs: 'https://developers.openai.com/api/docs/bots',
    checked: '2026-12-02',
  },
  {
    name: 'FacebookExternalHit',
    token: 'facebookexternalhit',
    operator: 'Meta',
    purpose: 'other',
    purposes: ['other'],
    remark:
      "Fetches pages shared in Meta's apps (Facebook, Instagram, Messenger) for link previews; Meta says it may bypass robots.txt for security or integrity checks.",
    docs: 'https://developers.secure.facebook.com/docs/sharing/webmasters/crawler',
    checked: '2026-12-02',
  },
];
