/**
 * base64 as GNU coreutils 9.1 encodes and decodes: wrapped at 76 columns (`-w N`, `-w 0` for one
 * line without a newline), `-d` / `--decode`, `-i` / `--ignore-garbage`, one FILE operand or
 * stdin (`-`), and its messages (`base64: invalid input`, `invalid wrap size`, `extra operand`).
 * Recorded against the real tool in tools-base64.test.ts.
 *
 * Decoding follows gnulib's base64_decode_ctx: newlines are skipped, the rest is read four
 * characters at a time, and the bytes a quartet yields before it turns out invalid are still
 * written (`aGV!` prints `he`, then the error). Text here is a JS string, so the input is its
 * UTF-8 bytes and decoded bytes are read back as UTF-8 (a byte that is not UTF-8 shows as U+FFFD,
 * as a terminal would show it). BusyBox images get GNU's behaviour and messages.
 */
import { base64EncodeBytes } from '../../k8s/base64';
import { utf8Bytes, utf8Decode } from '../../k8s/utf8';
import { stat } from './fs';
import { bareFile, fatal, getopt, HELP_VERSION, quote, usageError, type OptionSpec } from './tool-options';
import { path, type ToolEnv, type ToolResult } from './tool-types';

const BASE64: OptionSpec = {
  tool: 'base64',
  short: 'diw:',
  long: [['decode', 'd', 'none'], ['wrap', 'w', 'required'], ['ignore-garbage', 'i', 'none'], ...HELP_VERSION],
};

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const value = (c: string | undefined): number => (c === undefined ? -1 : ALPHABET.indexOf(c));

/** gnulib's decode_4 on up to four characters: pushes what it can decode, and says whether the quartet was valid. */
function decodeQuartet(q: string, out: number[]): boolean {
  const [a, b, c, d] = [value(q[0]), value(q[1]), value(q[2]), value(q[3])];
  if (q.length < 2 || a < 0 || b < 0) return false;
  out.push(((a << 2) | (b >> 4)) & 0xff);
  if (q.length === 2) return false;
  if (q[2] === '=') return q.length === 4 && q[3] === '=';
  if (c < 0) return false;
  out.push(((b << 4) | (c >> 2)) & 0xff);
  if (q.length === 3) return false;
  if (q[3] === '=') return true;
  if (d < 0) return false;
  out.push(((c << 6) | d) & 0xff);
  return true;
}

function decode(text: string, ignoreGarbage: boolean): { bytes: number[]; ok: boolean } {
  const kept = ignoreGarbage ? text.replace(/[^A-Za-z0-9+/=]/g, '') : text.replace(/\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < kept.length; i += 4) {
    if (!decodeQuartet(kept.slice(i, i + 4), bytes)) return { bytes, ok: false };
  }
  return { bytes, ok: true };
}

function encode(text: string, wrap: number): string {
  const flat = base64EncodeBytes(utf8Bytes(text));
  if (flat === '' || wrap === 0) return flat;
  let out = '';
  for (let i = 0; i < flat.length; i += wrap) out += `${flat.slice(i, i + wrap)}\n`;
  return out;
}

export function base64(args: string[], env: ToolEnv): ToolResult {
  let wrap = 76;
  const p = getopt(args, BASE64, env, (o) => {
    if (o.key !== 'w') return undefined;
    // xdectoimax: a decimal number from 0 up.
    if (!/^\d+$/.test(o.value)) return fatal(env, 'base64', `invalid wrap size: ${quote(env, o.value)}`);
    wrap = Number(o.value);
    return undefined;
  });
  if (!p.ok) return p.result;
  if (p.operands.length > 1) return usageError(env, BASE64, `extra operand ${quote(env, p.operands[1]!)}`);
  const has = (k: string): boolean => p.opts.some((o) => o.key === k);
  const name = p.operands[0] ?? '-';
  let text = env.io.stdin;
  if (name !== '-') {
    const s = stat(env.fs, env.base, path(env, name));
    if (s.kind === 'none') return fatal(env, 'base64', `${bareFile(name)}: No such file or directory`);
    if (s.kind === 'dir') return fatal(env, 'base64', 'read error: Is a directory');
    text = s.content;
  }
  if (!has('d')) {
    env.io.out(encode(text, wrap));
    return { status: 0 };
  }
  const { bytes, ok } = decode(text, has('i'));
  env.io.out(utf8Decode(bytes));
  return ok ? { status: 0 } : fatal(env, 'base64', 'invalid input');
}
