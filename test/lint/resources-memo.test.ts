import { describe, expect, it } from 'vitest';
import { perValue, ValueMemo } from '../../src/lint/families/resources/memo.js';
import { warnedResources } from '../../src/lint/families/resources.js';
import { byteStringBody, resolveOptions } from '../../src/parse/body.js';
import { ParsedRobotsTxt } from '../../src/robots.js';

// Fix verification checks what blocked-resources would warn of in a copy of the file per fix;
// the copies share all but their edited values, and a ValueMemo reads each value once per lint.

const parse = (text: string) =>
  new ParsedRobotsTxt(byteStringBody(text), resolveOptions({}, 'test'));

describe('ValueMemo', () => {
  it('reads each distinct value once over the lists it numbers', () => {
    const memo = new ValueMemo();
    const reads: string[] = [];
    const read = (value: string) => {
      reads.push(value);
      return value.length;
    };
    // A file's values, then a copy's: one value edited.
    const file = memo.number(['/a/', '/wp-content/', '/b/', '/a/']);
    const copy = memo.number(['/a/', '/wp-content/', '/c/', '/a/']);
    const at = perValue(file, 'length', read);
    expect([0, 1, 2, 3].map(at)).toEqual([3, 12, 3, 3]);
    const inCopy = perValue(copy, 'length', read);
    expect([0, 1, 2, 3].map(inCopy)).toEqual([3, 12, 3, 3]);
    expect(reads).toEqual(['/a/', '/wp-content/', '/b/', '/c/']);
    // A list no memo numbered is read value by value.
    const plain = perValue(['/a/', '/a/'], 'length', read);
    expect([0, 1].map(plain)).toEqual([3, 3]);
    expect(reads).toHaveLength(6);
  });

  it('changes nothing blocked-resources warns of, across copies sharing one memo', () => {
    const file = [
      'User-agent: *',
      'Disallow: /wp-includes/',
      'Disallow: /wp-content/plugins/',
      'Disallow: /assets/',
      'Disallow: about',
      '',
    ].join('\n');
    const copies = [
      file,
      file.replace('Disallow: about', 'Disallow: /about'),
      file.replace('Disallow: about', 'Disallow: /static/'),
      file.replace('Disallow: /assets/', 'Disallow: /assets/pdf/'),
    ];
    const memo = new ValueMemo();
    for (const text of copies) {
      const robots = parse(text);
      expect([...warnedResources(robots, file, memo)]).toEqual([...warnedResources(robots, file)]);
    }
    expect([...warnedResources(parse(copies[2]!), file, memo)]).toContain('/static/css/main.css');
  });
});
