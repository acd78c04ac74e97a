// Types of hostile-shapes.js, for the tests that import it (the tests are TypeScript; bench/ is
// JavaScript type-checked through its JSDoc).

export declare const MODES: readonly ['last-absent', 'reversed', 'runs', 'early', 'dense'];
export type Mode = (typeof MODES)[number];
export declare const AGENT: 'bot';

export interface ShapeTerms {
  readonly mode: Mode;
  readonly n: number;
  readonly rules: number;
  readonly groups: number;
  readonly pieces: number;
  readonly patternBytes: number;
}

export interface GeneratedShape {
  readonly name: string;
  readonly body: string;
  readonly url: string;
  readonly terms: ShapeTerms;
}

export interface GenerateOptions {
  readonly seed?: number;
  readonly count?: number;
  readonly bytes?: number;
  readonly pathLength?: number;
  readonly rules?: number;
}

export declare function numbers(seed: number): () => number;
export declare function generateShapes(options?: GenerateOptions): GeneratedShape[];
