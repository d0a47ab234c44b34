/**
 * RESP2 replies as redis-server sends them and redis-cli prints them: on a terminal
 * (cliFormatReplyTTY: `"1"`, `(integer) 1`, `(nil)`, `1) "a"`, `(error) ERR …`) and otherwise
 * raw (cliFormatReplyRaw, then the command delimiter `\n`: `1`, an empty line for nil, list
 * items one a line). Rules from redis/redis src/redis-cli.c at 7.4.1, unchanged in 8.x.
 */
import { utf8Bytes } from '../../k8s/utf8';

export type Reply =
  | { t: 'status'; v: string }
  | { t: 'error'; v: string }
  | { t: 'int'; v: number }
  | { t: 'bulk'; v: string }
  | { t: 'nil' }
  | { t: 'array'; v: Reply[] };

export const OK: Reply = { t: 'status', v: 'OK' };
export const NIL: Reply = { t: 'nil' };
export const int = (v: number): Reply => ({ t: 'int', v });
export const bulk = (v: string): Reply => ({ t: 'bulk', v });
export const err = (v: string): Reply => ({ t: 'error', v });
export const array = (v: Reply[]): Reply => ({ t: 'array', v });


/**
 * sds.c sdscatrepr: the value in double quotes, `\\` `\"` `\n` `\r` `\t` `\a` `\b` escaped and
 * any other byte isprint() refuses (UTF-8's included) as `\xhh`.
 */
export function repr(s: string): string {
  let out = '"';
  for (const b of utf8Bytes(s)) {
    const c = String.fromCharCode(b);
    if (c === '\\' || c === '"') out += `\\${c}`;
    else if (b === 10) out += '\\n';
    else if (b === 13) out += '\\r';
    else if (b === 9) out += '\\t';
    else if (b === 7) out += '\\a';
    else if (b === 8) out += '\\b';
    else if (b >= 0x20 && b <= 0x7e) out += c;
    else out += `\\x${b.toString(16).padStart(2, '0')}`;
  }
  return `${out}"`;
}

/** cliFormatReplyTTY: `prefix` indents the items of a nested array after the first line. */
export function formatTty(r: Reply, prefix = ''): string {
  switch (r.t) {
    case 'error':
      return `(error) ${r.v}\n`;
    case 'status':
      return `${r.v}\n`;
    case 'int':
      return `(integer) ${r.v}\n`;
    case 'bulk':
      return `${repr(r.v)}\n`;
    case 'nil':
      return '(nil)\n';
    case 'array': {
      if (r.v.length === 0) return '(empty array)\n';
      const idxlen = String(r.v.length).length;
      const inner = prefix + ' '.repeat(idxlen + 2);
      let out = '';
      r.v.forEach((el, i) => {
        out += `${i === 0 ? '' : prefix}${String(i + 1).padStart(idxlen)}) ${formatTty(el, inner)}`;
      });
      return out;
    }
  }
}

/** cliFormatReplyRaw: no quoting, nil is nothing, an error its text and a newline, items joined by `\n`. */
export function formatRaw(r: Reply): string {
  switch (r.t) {
    case 'nil':
      return '';
    case 'error':
      return `${r.v}\n`;
    case 'status':
    case 'bulk':
      return r.v;
    case 'int':
      return String(r.v);
    case 'array':
      return r.v.map(formatRaw).join('\n');
  }
}

/** What redis-cli writes for one reply: raw output ends with its command delimiter. */
export function formatReply(r: Reply, raw: boolean): string {
  return raw ? `${formatRaw(r)}\n` : formatTty(r);
}
