import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { utf8Bytes } from './utf8';
import { hmacSha256, sha256Hex } from './sha256';

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

describe('sha256 and hmacSha256', () => {
  it('give the digests Node’s crypto gives, across block boundaries and multi-byte text', () => {
    for (const text of ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'x'.repeat(1000), '控制面 → kubelet']) {
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    }
  });

  it('signs as RFC 4231 does, with short keys and keys longer than a block', () => {
    for (const [key, msg] of [['0123456789abcdef', 'eyJhbGciOiJIUzI1NiJ9.e30'], ['key', ''], ['k'.repeat(100), 'message'], ['', 'x']] as const) {
      expect(hex(hmacSha256(utf8Bytes(key), utf8Bytes(msg)))).toBe(createHmac('sha256', key).update(msg).digest('hex'));
    }
  });
});
