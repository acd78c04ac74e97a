/**
 * Every diagnostic code with its default severity and a one-line summary, e.g. for SARIF rule
 * metadata or documentation. Assembled from the families (`families/`), where each code lives.
 */

import { families } from './families/index.js';
import type { DiagnosticCode, DiagnosticDescription } from './types.js';

export type { DiagnosticDescription } from './types.js';

/** All diagnostic codes of {@link lintRobotsTxt}, in a stable order (family by family). */
export const diagnosticCatalog: Readonly<Record<DiagnosticCode, DiagnosticDescription>> =
  Object.fromEntries(families.flatMap((f) => Object.entries(f.codes))) as Record<
    DiagnosticCode,
    DiagnosticDescription
  >;
