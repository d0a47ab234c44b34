/**
 * awk's printf/sprintf: C's conversions through c-format.ts (what the shells' printf uses), on
 * awk values: `%d %i %o %x %X %u` take the number's integer part (a C int, see toCInt), `%e %f %g %E %G`
 * the double, `%s` the string (numbers by CONVFMT), `%c` a number's character or a string's
 * first. Widths and precisions may be `*`. Escapes were decoded by the lexer.
 *
 * A missing argument: mawk stops with a run-time error; BusyBox reads "" (0 for numbers). An
 * unknown conversion stops both.
 * Approximate: `%c` of a number above 127 gives that code point, where C writes one raw byte.
 */
import { formatFloat, formatInteger, pad, truncateBytes } from '../c-format';
import type { Flavour, Val } from './values';

/** On an error, `text` is what was formatted before it (mawk has written it when it stops); `n` the conversion's number. */
export type Formatted = { ok: true; text: string } | { ok: false; error: 'not enough arguments' | 'bad conversion' | 'star'; n: number; text: string };

/**
 * The C integer each awk converts a number to (recorded: printf "%d %x" of 5e9, -5, -2147483649):
 * mawk clamps %d/%i to ±2147483647 and %o/%x/%u to 0…4294967295; BusyBox casts to a 32-bit int
 * (out of range: -2147483648) and prints that int's bits unsigned.
 */
function toCInt(x: number, signed: boolean, flavour: Flavour): bigint {
  const t = Number.isNaN(x) ? 0 : Math.trunc(x);
  if (flavour === 'mawk') return BigInt(signed ? Math.max(-2147483647, Math.min(2147483647, t)) : Math.max(0, Math.min(4294967295, t)));
  const i = t >= -2147483648 && t <= 2147483647 ? t : -2147483648;
  return BigInt(signed ? i : i >>> 0);
}

export function awkSprintf(format: string, args: readonly Val[], str: (v: Val) => string, toNum: (v: Val) => number, flavour: Flavour): Formatted {
  let out = '';
  let next = 0;
  let n = 0;
  const arg = (): Val | undefined => (next < args.length ? args[next++] : undefined);
  for (let i = 0; i < format.length; ) {
    const pct = format.indexOf('%', i);
    if (pct < 0) {
      out += format.slice(i);
      break;
    }
    out += format.slice(i, pct);
    if (format[pct + 1] === '%') {
      out += '%';
      i = pct + 2;
      continue;
    }
    const m = /^%([-+ #0]*)(\*|\d+)?(?:\.(\*|\d*))?([hlLqjzt]*)([a-zA-Z]?)/.exec(format.slice(pct))!;
    const [whole, flags = '', w, p, , conv = ''] = m;
    n++;
    let width: number | undefined;
    let flagsNow = flags;
    let missing = false;
    const take = (): Val => {
      const a = arg();
      if (a === undefined) missing = true;
      return a ?? '';
    };
    // BusyBox 1.35: `awk: cmd. line:1: %*x formats are not supported`.
    if ((w === '*' || p === '*') && flavour === 'busybox') return { ok: false, error: 'star', n, text: out };
    if (w === '*') {
      width = Math.trunc(toNum(take()));
      if (width < 0) {
        flagsNow += '-';
        width = -width;
      }
    } else if (w !== undefined) width = Number(w);
    let precision: number | undefined;
    if (p === '*') {
      const v = Math.trunc(toNum(take()));
      precision = v < 0 ? undefined : v;
    } else if (p !== undefined) precision = Number(p || '0');
    if (!'diouxXeEfFgGcs'.includes(conv) || conv === '') return { ok: false, error: 'bad conversion', n, text: out };
    const a = take();
    if (missing && flavour === 'mawk') return { ok: false, error: 'not enough arguments', n, text: out };
    switch (conv) {
      case 's': {
        const s = str(a);
        out += pad(precision === undefined ? s : truncateBytes(s, precision), width, flagsNow, false);
        break;
      }
      case 'c': {
        // C's %c of an int writes its low byte; of "" the terminating NUL (both recorded: printf "%c|%c", 256, "").
        const s = typeof a === 'number' ? String.fromCharCode(Math.trunc(a) & 0xff) : str(a).slice(0, 1) || '\0';
        out += pad(s, width, flagsNow, false);
        break;
      }
      case 'd':
      case 'i':
        out += formatInteger(toCInt(toNum(a), true, flavour), 'd', flagsNow, width, precision);
        break;
      case 'o':
      case 'u':
      case 'x':
      case 'X':
        out += formatInteger(toCInt(toNum(a), false, flavour), conv, flagsNow, width, precision);
        break;
      default:
        out += formatFloat(toNum(a), conv, flagsNow, width, precision, false);
    }
    i = pct + whole.length;
  }
  return { ok: true, text: out };
}
