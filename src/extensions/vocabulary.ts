/**
 * The two AI-usage vocabularies written into robots.txt files, as data: the IETF AIPREF
 * vocabulary carried by `Content-Usage`, and Cloudflare's Content Signals carried by
 * `Content-Signal`. Both are young and still moving, so everything a revision can change (labels,
 * values, what was retired) lives here, with the revision it follows, and nothing else in the code
 * names a label.
 */

/** A preference for one category of use (draft-ietf-aipref-vocab-08 §3: three values). */
export type Preference = 'allowed' | 'disallowed' | 'unknown';

/** The categories of use of the AIPREF vocabulary (draft-ietf-aipref-vocab-08 §4, §6.1). */
export type ContentUsageCategory = 'train-ai' | 'ai-use' | 'search';

/** The signals of Cloudflare's Content Signals Policy. */
export type ContentSignalCategory = 'search' | 'ai-input' | 'ai-train';

/**
 * Cloudflare's `use=` levels, from the most restrictive: `immediate` (interact, store and reuse
 * nothing), `reference` (index, excerpt and link back), `full` (summarise and reproduce).
 */
export type ContentUseLevel = 'immediate' | 'reference' | 'full';

/**
 * The purposes a crawler asks about, one per row of both vocabularies: `search` (a search index
 * with links back), `ai-input` (input to a generative model when answering: RAG, grounding) and
 * `ai-train` (training or fine-tuning a model).
 */
export type UsagePurpose = 'search' | 'ai-input' | 'ai-train';

/** One category of a vocabulary. */
export interface UsageCategoryDescription<Label extends string> {
  /** The label written in files, e.g. `train-ai`. */
  readonly label: Label;
  /** The category's name in its specification, e.g. `AI Training`. */
  readonly name: string;
  /** The purpose it answers for. */
  readonly purpose: UsagePurpose;
  /** Where it is defined. */
  readonly section: string;
}

/** A label an earlier revision defined and a later one dropped. */
export interface RetiredLabel {
  readonly label: string;
  /** The revisions that defined it and what it meant there. */
  readonly note: string;
  /** The current label closest in meaning, if any. */
  readonly replacement?: ContentUsageCategory;
}

/** The IETF AIPREF vocabulary, as `Content-Usage` carries it. */
export interface ContentUsageVocabulary {
  /** The vocabulary draft followed, with its date. */
  readonly vocabulary: { readonly draft: string; readonly date: string; readonly url: string };
  /** The attachment draft followed (robots.txt rule and HTTP header), with its date. */
  readonly attachment: { readonly draft: string; readonly date: string; readonly url: string };
  readonly categories: readonly UsageCategoryDescription<ContentUsageCategory>[];
  /** The tokens for allow and disallow (vocab-08 §6.2): single-byte Tokens, case-sensitive. */
  readonly allow: string;
  readonly disallow: string;
  /** Labels earlier revisions defined: vocab-08 ignores them (§6.4), so they state nothing. */
  readonly retired: readonly RetiredLabel[];
}

/** Cloudflare's Content Signals, as `Content-Signal` carries them. */
export interface ContentSignalVocabulary {
  readonly policy: { readonly name: string; readonly date: string; readonly url: string };
  readonly categories: readonly UsageCategoryDescription<ContentSignalCategory>[];
  readonly allow: string;
  readonly disallow: string;
  /** The `use=` extension (Cloudflare documentation, August 2026), least permissive first. */
  readonly use: {
    readonly key: string;
    readonly levels: readonly ContentUseLevel[];
    readonly source: string;
    readonly date: string;
  };
}

/**
 * The AIPREF vocabulary this library follows: draft-ietf-aipref-vocab-08 (14 September 2026) and
 * draft-ietf-aipref-attach-05 (19 August 2026), the latest revisions on the IETF datatracker when
 * this was written (2026-11-24). Both drafts say they do not yet reflect working-group consensus.
 */
export const CONTENT_USAGE_VOCABULARY: ContentUsageVocabulary = {
  vocabulary: {
    draft: 'draft-ietf-aipref-vocab-08',
    date: '2026-09-14',
    url: 'https://datatracker.ietf.org/doc/draft-ietf-aipref-vocab/08/',
  },
  attachment: {
    draft: 'draft-ietf-aipref-attach-05',
    date: '2026-08-19',
    url: 'https://datatracker.ietf.org/doc/draft-ietf-aipref-attach/05/',
  },
  categories: [
    { label: 'train-ai', name: 'AI Training', purpose: 'ai-train', section: 'vocab-08 §4.1' },
    { label: 'ai-use', name: 'AI Use', purpose: 'ai-input', section: 'vocab-08 §4.2' },
    { label: 'search', name: 'Search', purpose: 'search', section: 'vocab-08 §4.3' },
  ],
  allow: 'y',
  disallow: 'n',
  retired: [
    { label: 'bots', note: 'Automated Processing in vocab-03 and -04, removed in -05' },
    { label: 'all', note: 'Automated Processing in vocab-02, renamed bots in -03' },
    {
      label: 'train-genai',
      note: 'Generative AI Training in vocab-02 and -03, removed in -04',
      replacement: 'train-ai',
    },
    {
      label: 'ai-output',
      note: 'AI Output in vocab-04, removed in -05',
      replacement: 'ai-use',
    },
    { label: 'tdm', note: 'Text and Data Mining in vocab-01, removed in -02' },
    {
      label: 'ai',
      note: 'AI Training in vocab-01, renamed train-ai in -02',
      replacement: 'train-ai',
    },
    {
      label: 'genai',
      note: 'Generative AI Training in vocab-01, renamed train-genai in -02',
      replacement: 'train-ai',
    },
    { label: 'inference', note: 'AI Inference in vocab-01, removed in -02', replacement: 'ai-use' },
  ],
};

/**
 * Cloudflare's Content Signals Policy (announced 24 September 2025, published under CC0 at
 * contentsignals.org), with the `use=` extension Cloudflare's managed robots.txt writes since
 * August 2026 (its crawl endpoint honours it since 31 August 2026). Not an IETF document; an
 * individual draft (draft-romm-aipref-contentsignals-00, 1 October 2025) expired in April 2026.
 */
export const CONTENT_SIGNAL_VOCABULARY: ContentSignalVocabulary = {
  policy: {
    name: 'Content Signals Policy',
    date: '2025-09-24',
    url: 'https://contentsignals.org/',
  },
  categories: [
    { label: 'search', name: 'Search', purpose: 'search', section: 'Content Signals Policy' },
    { label: 'ai-input', name: 'AI input', purpose: 'ai-input', section: 'Content Signals Policy' },
    {
      label: 'ai-train',
      name: 'AI training',
      purpose: 'ai-train',
      section: 'Content Signals Policy',
    },
  ],
  allow: 'yes',
  disallow: 'no',
  use: {
    key: 'use',
    levels: ['immediate', 'reference', 'full'],
    source:
      'https://developers.cloudflare.com/changelog/post/2026-08-31-crawl-content-use/ (Cloudflare bots documentation, managed robots.txt)',
    date: '2026-08-31',
  },
};

/** The purposes, in the order tables show them. */
export const USAGE_PURPOSES: readonly UsagePurpose[] = ['search', 'ai-input', 'ai-train'];
