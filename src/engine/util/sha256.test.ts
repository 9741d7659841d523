import { describe, it, expect } from 'vitest';
import { sha256Hex, sha256Bytes, utf8Encode } from './sha256';

describe('sha256', () => {
  // FIPS 180-4 / NIST example vectors.
  it('hashes the empty string', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
  it('hashes "abc"', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
  it('hashes the two-block NIST message', () => {
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });
  it('hashes a million "a"s', () => {
    expect(sha256Hex('a'.repeat(1_000_000))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });
  it('handles lengths around the padding boundary', () => {
    expect(sha256Hex('a'.repeat(55))).toBe('9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318');
    expect(sha256Hex('a'.repeat(56))).toBe('b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a');
    expect(sha256Hex('a'.repeat(64))).toBe('ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb');
  });
  it('encodes UTF-8 like Go []byte(string)', () => {
    expect([...utf8Encode('é')]).toEqual([0xc3, 0xa9]);
    expect([...utf8Encode('中')]).toEqual([0xe4, 0xb8, 0xad]);
    expect([...utf8Encode('😀')]).toEqual([0xf0, 0x9f, 0x98, 0x80]);
    expect([...utf8Encode('\ud800')]).toEqual([0xef, 0xbf, 0xbd]);
    expect(sha256Hex('中文')).toBe('72726d8818f693066ceb69afa364218b692e62ea92b385782363780f47529c21');
  });
  it('hashes raw bytes', () => {
    expect(sha256Bytes(new Uint8Array([0x61, 0x62, 0x63]))[0]).toBe(0xba);
  });
});
