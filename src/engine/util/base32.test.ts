import { describe, it, expect } from 'vitest';
import { base32Encode } from './base32';
import { utf8Encode } from './sha256';

describe('base32Encode (RFC 4648 §10 test vectors)', () => {
  const cases: Array<[string, string]> = [
    ['', ''],
    ['f', 'MY======'],
    ['fo', 'MZXQ===='],
    ['foo', 'MZXW6==='],
    ['foob', 'MZXW6YQ='],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI======'],
  ];
  for (const [input, expected] of cases) {
    it(`encodes ${JSON.stringify(input)}`, () => {
      expect(base32Encode(utf8Encode(input))).toBe(expected);
    });
  }
  it('encodes a 32-byte digest to 56 chars with 4 padding characters (as Go does)', () => {
    const out = base32Encode(new Uint8Array(32).fill(0xff));
    expect(out).toHaveLength(56);
    expect(out.endsWith('7Q====')).toBe(true);
  });
});
