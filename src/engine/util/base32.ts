/**
 * RFC 4648 base32 with the standard alphabet and `=` padding — Go's `base32.StdEncoding.EncodeToString`,
 * which kube-proxy applies to the SHA-256 of a service port name to build chain names (proxier.go `portProtoHash`).
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff; // only the low bits still to be emitted matter
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  // Pad to a multiple of 8 characters (RFC 4648 §6).
  while (out.length % 8 !== 0) out += '=';
  return out;
}
