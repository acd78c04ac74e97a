/**
 * The catalog's user-triggered fetchers: they fetch a page because a person asked for it, and
 * their operator says robots.txt rules generally do not apply then. Site owners meet their
 * tokens in logs (and write some of them in robots.txt); each row with its source and the date it
 * was compared with it.
 */

import type { Crawler } from '../crawler.js';

/** Google's list of its user-triggered fetchers, with the user agent string of each. */
const GOOGLE_USER_TRIGGERED =
  'https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers';

/**
 * A Google fetcher of that list, compared with it on `checked`. Of the list, only its first
 * entries (Google-CWS, FeedFetcher-Google, Google-GeminiNotebook) could be read from Google's
 * page on 2026-12-03; the rows of Google-NotebookLM, Google-Read-Aloud, Google-Site-Verification
 * and GoogleProducer were compared with the same list as other pages quote it.
 */
function google(row: Omit<Crawler, 'operator' | 'docs' | 'checked' | 'userInitiated'>): Crawler {
  return {
    ...row,
    operator: 'Google',
    userInitiated: true,
    docs: GOOGLE_USER_TRIGGERED,
    checked: '2026-12-03',
  };
}

/** Fetchers that act on a person's request. */
export const fetcherCrawlers: readonly Crawler[] = [
  google({
    name: 'Feedfetcher',
    token: 'FeedFetcher-Google',
    purpose: 'other',
    purposes: ['other'],
    remark:
      'Fetches the RSS and Atom feeds people follow in Google News and through WebSub; to keep it out, Google suggests answering it with an error status such as 404.',
  }),
  google({
    name: 'Google NotebookLM',
    token: 'Google-NotebookLM',
    purpose: 'ai-assistant',
    purposes: ['ai-assistant'],
    remark: 'Fetches the pages NotebookLM users add as sources to their notebooks.',
  }),
  google({
    name: 'Gemini Notebook',
    token: 'Google-GeminiNotebook',
    purpose: 'ai-assistant',
    purposes: ['ai-assistant'],
    remark: 'Fetches the pages Gemini users add as sources to a notebook.',
  }),
  google({
    name: 'Google Read Aloud',
    token: 'Google-Read-Aloud',
    purpose: 'other',
    purposes: ['other'],
    remark: "Fetches a page so that Google's text-to-speech can read it to a user.",
  }),
  google({
    name: 'Google Site Verifier',
    token: 'Google-Site-Verification',
    purpose: 'other',
    purposes: ['other'],
    remark:
      'Fetches the verification token a site owner placed, when they ask Google (Search Console) to verify the site.',
  }),
  google({
    name: 'Google Publisher Center',
    token: 'GoogleProducer',
    purpose: 'other',
    purposes: ['other'],
    remark:
      'Fetches the feeds publishers supplied in Publisher Center for their Google News landing pages.',
  }),
  google({
    name: 'Chrome Web Store',
    token: 'Google-CWS',
    purpose: 'other',
    purposes: ['other'],
    remark:
      'Requests the URLs developers give in the metadata of their Chrome extensions and themes.',
  }),
];
