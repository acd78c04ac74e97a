import { describe, expectTypeOf, it } from 'vitest';
import {
  allowAll,
  type Explanation,
  type Group,
  type LineMetadata,
  parseRobotsTxt,
  type RobotsPolicy,
  type RobotsTxt,
  type Selection,
} from '../src/index.js';

// Type-level contract of the public API (checked by `tsc -p tsconfig.json`, which includes test/).
describe('public types', () => {
  it('parseRobotsTxt takes text or bytes and returns a RobotsTxt', () => {
    expectTypeOf(parseRobotsTxt).parameter(0).toEqualTypeOf<string | Uint8Array | ArrayBuffer>();
    expectTypeOf(parseRobotsTxt('')).toEqualTypeOf<RobotsTxt>();
    expectTypeOf<RobotsTxt>().toExtend<RobotsPolicy>();
  });

  it('checks take one agent or a list and answer plain data', () => {
    const robots = parseRobotsTxt('');
    expectTypeOf(robots.isAllowed).parameter(0).toEqualTypeOf<string | URL>();
    expectTypeOf(robots.isAllowed).parameter(1).toEqualTypeOf<string | readonly string[]>();
    expectTypeOf(robots.isAllowed('/', 'a')).toEqualTypeOf<boolean>();
    expectTypeOf(robots.explain('/', ['a'])).toEqualTypeOf<Explanation>();
    expectTypeOf<Explanation['selection']>().toEqualTypeOf<Selection>();
    expectTypeOf(robots.groups).toEqualTypeOf<readonly Group[]>();
    expectTypeOf(robots.lines).toEqualTypeOf<readonly LineMetadata[]>();
    expectTypeOf(robots.crawlDelay('a')).toEqualTypeOf<number | undefined>();
  });

  it('outcome policies are RobotsPolicy', () => {
    expectTypeOf(allowAll('x')).toEqualTypeOf<RobotsPolicy>();
  });
});
