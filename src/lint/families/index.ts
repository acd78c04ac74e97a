/**
 * Every lint family, in the order their codes are listed in the catalog. A new code goes into the
 * family it belongs to (or a new family listed here) and into `DiagnosticCode` (types.ts); a test
 * checks that every code belongs to exactly one family.
 */

import type { LintFamily } from '../context.js';
import { aiPreferences } from './ai-preferences.js';
import { crawlDelay } from './crawl-delay.js';
import { directives } from './directives.js';
import { encoding } from './encoding.js';
import { groups } from './groups.js';
import { limits } from './limits.js';
import { patterns } from './patterns.js';
import { readings } from './readings.js';
import { resources } from './resources.js';
import { rules } from './rules.js';
import { sitemaps } from './sitemaps.js';
import { values } from './values.js';

/** The families, in catalog order. */
export const families: readonly LintFamily[] = [
  encoding,
  limits,
  directives,
  groups,
  crawlDelay,
  patterns,
  values,
  rules,
  resources,
  sitemaps,
  readings,
  aiPreferences,
];
