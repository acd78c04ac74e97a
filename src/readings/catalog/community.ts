/**
 * The catalog's rows that rest on the ai-robots-txt project's community list (`robots.json`)
 * rather than on their operators' documentation, none having been found that names the token:
 * each marked `secondary`, with the date it was compared with the list.
 */

import type { Crawler } from '../crawler.js';

/** The ai-robots-txt project's list, the source of these rows. */
const LIST = 'https://github.com/ai-robots-txt/ai.robots.txt/blob/main/robots.json';

/** A row whose source is the community list, compared with it on `checked`. */
function listed(row: Omit<Crawler, 'docs' | 'checked' | 'secondary'>): Crawler {
  return { ...row, docs: LIST, checked: '2026-12-02', secondary: true };
}

/** Crawlers known from the community list only. */
export const communityCrawlers: readonly Crawler[] = [
  listed({
    name: 'Meta-WebIndexer',
    token: 'meta-webindexer',
    operator: 'Meta',
    purpose: 'ai-search',
    purposes: ['ai-search'],
    remark:
      "Indexes pages so that Meta AI's answers can cite and link them (Meta's crawler page, as the list quotes it).",
  }),
  listed({
    name: 'Claude-Web',
    token: 'Claude-Web',
    operator: 'Anthropic',
    purpose: 'ai-assistant',
    purposes: ['ai-assistant'],
    remark:
      "An older token still widely written; Anthropic's page documents ClaudeBot, Claude-User and Claude-SearchBot only.",
  }),
  listed({
    name: 'cohere-training-data-crawler',
    token: 'cohere-training-data-crawler',
    operator: 'Cohere',
    purpose: 'ai-training',
    purposes: ['ai-training'],
    remark: "Downloads training data for Cohere's language models.",
  }),
  listed({
    name: 'AI2Bot',
    token: 'AI2Bot',
    operator: 'Ai2',
    purpose: 'ai-training',
    purposes: ['ai-training'],
    remark: "The Allen Institute for AI's crawler, for training open language models.",
  }),
  listed({
    name: 'DeepSeekBot',
    token: 'DeepSeekBot',
    operator: 'DeepSeek',
    purpose: 'ai-training',
    purposes: ['ai-training'],
    remark: 'The list says it does not respect robots.txt.',
  }),
  listed({
    name: 'PanguBot',
    token: 'PanguBot',
    operator: 'Huawei',
    purpose: 'ai-training',
    purposes: ['ai-training'],
    remark: "Training data for Huawei's PanGu models.",
  }),
  listed({
    name: 'TikTokSpider',
    token: 'TikTokSpider',
    operator: 'ByteDance',
    purpose: 'ai-training',
    purposes: ['ai-training'],
  }),
  listed({
    name: 'Timpibot',
    token: 'Timpibot',
    operator: 'Timpi',
    purpose: 'ai-training',
    purposes: ['ai-training'],
    remark: 'Makes the data it collects available for training AI models.',
  }),
  listed({
    name: 'ImagesiftBot',
    token: 'ImagesiftBot',
    operator: 'ImageSift',
    purpose: 'other',
    purposes: ['other'],
    remark: "Indexes images for ImageSift's image search and web intelligence products.",
  }),
];
