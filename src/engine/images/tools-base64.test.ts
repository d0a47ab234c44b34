/**
 * base64 against GNU coreutils 9.1 (Debian 12): every row was printed by the real tool under
 * LANG=C.UTF-8 (its messages quote as en_US.UTF-8 does), given stdin through a pipe; `f.txt`
 * holds "line1\nline2\n". Then the one-liners the terminal is for.
 */
import { describe } from 'vitest';
import { parity, type Row } from './gnu-parity.testing';

const ROWS: Row[] = [
  [["base64"], "hello\n", "aGVsbG8K\n", "", 0],
  [["base64"], "", "", "", 0],
  [["base64"], "The quick brown fox jumps over the lazy dog. The quick brown fox jumps over the lazy dog. The quick brown fox jumps over the lazy dog. ", "VGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZy4gVGhlIHF1aWNrIGJy\nb3duIGZveCBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZy4gVGhlIHF1aWNrIGJyb3duIGZveCBqdW1w\ncyBvdmVyIHRoZSBsYXp5IGRvZy4g\n", "", 0],
  [["base64", "-w", "0"], "The quick brown fox jumps over the lazy dog. The quick brown fox jumps over the lazy dog. The quick brown fox jumps over the lazy dog. ", "VGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZy4gVGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZy4gVGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZy4g", "", 0],
  [["base64", "-w0"], "admin", "YWRtaW4=", "", 0],
  [["base64", "--wrap=20"], "The quick brown fox jumps over the lazy dog. The quick brown fox jumps over the lazy dog. The quick brown fox jumps over the lazy dog. ", "VGhlIHF1aWNrIGJyb3du\nIGZveCBqdW1wcyBvdmVy\nIHRoZSBsYXp5IGRvZy4g\nVGhlIHF1aWNrIGJyb3du\nIGZveCBqdW1wcyBvdmVy\nIHRoZSBsYXp5IGRvZy4g\nVGhlIHF1aWNrIGJyb3du\nIGZveCBqdW1wcyBvdmVy\nIHRoZSBsYXp5IGRvZy4g\n", "", 0],
  [["base64", "-w", "10"], "abcdefghij", "YWJjZGVmZ2\nhpag==\n", "", 0],
  [["base64", "-w", "1"], "ab", "Y\nW\nI\n=\n", "", 0],
  [["base64"], "héllo", "aMOpbGxv\n", "", 0],
  [["base64", "-d"], "aGVsbG8K", "hello\n", "", 0],
  [["base64", "--decode"], "czNjcmV0", "s3cret", "", 0],
  [["base64", "-d"], "aGVsbG8", "hello", "base64: invalid input\n", 1],
  [["base64", "-d"], "aGV!sbG8K", "he", "base64: invalid input\n", 1],
  [["base64", "-d"], "aGk=aGk=", "hihi", "", 0],
  [["base64", "-d"], "aGk=\n", "hi", "", 0],
  [["base64", "-d"], "aG\nk=\n\n", "hi", "", 0],
  [["base64", "-d"], " aGk=", "", "base64: invalid input\n", 1],
  [["base64", "-d"], "a", "", "base64: invalid input\n", 1],
  [["base64", "-d"], "=", "", "base64: invalid input\n", 1],
  [["base64", "-d"], "aGk", "hi", "base64: invalid input\n", 1],
  [["base64", "-d"], "aG==", "h", "", 0],
  [["base64", "-d"], "aGk==", "hi", "base64: invalid input\n", 1],
  [["base64", "-d"], "aGk=x", "hi", "base64: invalid input\n", 1],
  [["base64", "-d"], "aGVsbG8gd29ybGQ=\r\n", "hello world", "base64: invalid input\n", 1],
  [["base64", "-di"], "aG!Vs bG8=\n", "hello", "", 0],
  [["base64", "-d", "-i"], "**aGk=**", "hi", "", 0],
  [["base64", "--ignore-garbage", "-d"], "aGk=%aGk=", "hihi", "", 0],
  [["base64", "-d"], "w6k=", "é", "", 0],
  [["base64", "-d"], "/w==", "�", "", 0],
  [["base64", "-d"], "", "", "", 0],
  [["base64", "f.txt"], "", "bGluZTEKbGluZTIK\n", "", 0],
  [["base64", "-"], "x", "eA==\n", "", 0],
  [["base64", "nope"], "", "", "base64: nope: No such file or directory\n", 1],
  [["base64", "/tmp"], "", "", "base64: read error: Is a directory\n", 1],
  [["base64", "-d", "nope"], "", "", "base64: nope: No such file or directory\n", 1],
  [["base64", "a", "b"], "", "", "base64: extra operand ‘b’\nTry 'base64 --help' for more information.\n", 1],
  [["base64", "-w", "x"], "", "", "base64: invalid wrap size: ‘x’\n", 1],
  [["base64", "-w", "-1"], "", "", "base64: invalid wrap size: ‘-1’\n", 1],
  [["base64", "-x"], "", "", "base64: invalid option -- 'x'\nTry 'base64 --help' for more information.\n", 1],
  [["base64", "--foo"], "", "", "base64: unrecognized option '--foo'\nTry 'base64 --help' for more information.\n", 1],
  [["base64", "-w"], "", "", "base64: option requires an argument -- 'w'\nTry 'base64 --help' for more information.\n", 1],
  [["base64", "--wrap"], "", "", "base64: option '--wrap' requires an argument\nTry 'base64 --help' for more information.\n", 1],
  [["base64", "--d"], "aGk=", "hi", "", 0],
];

describe('base64 (GNU coreutils 9.1)', () => {
  parity(ROWS, { files: { 'f.txt': 'line1\nline2\n' } });
});
