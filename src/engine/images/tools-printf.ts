/**
 * printf as each shell's builtin runs it: bash 5.2's, dash 0.5.12's and BusyBox ash's (1.35,
 * the same code as the images' 1.36/1.37), and as a program: coreutils 9.1's /usr/bin/printf in a
 * Debian image (run by its path, through `env`, `xargs`, `find -exec`, or by `kubectl exec` with
 * no shell), BusyBox's printf applet in the others. Every output, message and status was recorded
 * on this machine (`bash -c`, `dash -c`, `busybox sh -c` with `printf …`, `/usr/bin/printf …`
 * under LC_ALL=C; tools-printf.test.ts lists them).
 *
 * What the three share is C's printf: flags `-+ #0`, width and precision (`*` from the arguments),
 * d i o u x X c s f F e E g G a A and `%%`, integers as 64-bit (`%u` of -1 is 2^64-1, `'A` is
 * 65, 0x1F and 010 are hex and octal), the format reused while arguments remain, a missing
 * argument read as empty or 0. They differ in the escapes they decode (bash: `\xHH \uHHHH`, `\e`;
 * dash: octal only; ash: `\xHH` and `\c`), in %b, %q (bash only), and in every message.
 *
 * coreutils' program names itself as it was run (`/usr/bin/printf: 'abc': expected a numeric
 * value`), takes `-v` for the format, warns `ignoring excess arguments` when the format used none,
 * and quotes %q as gnulib's shell-escape style does (`'a b'`, `"it's"`, `'a'$'\n''b'`); the applet
 * names itself `printf:` where ash's builtin says `sh:`.
 *
 * Approximate: bash's long double (1e400 prints its digits here as `inf`, %a uses bash's 0x8p-3
 * form from the double); %q quotes as bash does for the common cases (backslashes before
 * specials, `$'…'` for control characters); coreutils' escapes are decoded as bash's (they differ
 * only in %b's `\NNN` without a leading 0); coreutils' --help and --version are not modelled.
 * `printf -v NAME` (bash) is the shell's: shell-builtins.ts assigns what this prints.
 *
 * Over 400 lines: the three builtins and two programs share one formatter; what differs (escapes,
 * %b/%q, every message) is a switch case by case in that formatter, not a copy per shell.
 */
import { getopt, messageOf } from '../../k8s/getopt';
import { formatFloat, formatInteger, pad, truncateBytes } from './c-format';
import { unescapeAll } from './backslash-escapes';
import { utf8Bytes } from '../../k8s/utf8';
import { quote, utf8Locale } from './tool-options';
import type { ToolEnv, ToolResult } from './tool-types';

/** Whose printf speaks: a shell's builtin, or coreutils' program (BusyBox's applet is ash's code). */
type Voice = ToolEnv['dialect'] | 'gnu';

function voiceOf(env: ToolEnv): Voice {
  if (env.asProgram === undefined) return env.dialect;
  return env.flavour === 'busybox' ? 'ash' : 'gnu';
}

/** One `%…` directive as written: its flags, width/precision (or `*`), conversion and text. */
interface Directive {
  flags: string;
  width?: number | '*';
  precision?: number | '*';
  conv: string;
  text: string;
}

/** Where each dialect's messages start (a builtin names its shell, as tools-test's do; a program itself as run). */
function prefix(env: ToolEnv): string {
  const shell = env.shell ?? 'sh';
  if (env.asProgram !== undefined) return env.flavour === 'busybox' ? 'printf: ' : `${env.asProgram}: `;
  switch (env.dialect) {
    case 'bash': return env.interactive ? `${shell}: printf: ` : `${shell}: line 1: printf: `;
    case 'dash': return `${shell}: ${env.interactive?.line ?? 1}: printf: `;
    case 'ash': return 'sh: ';
  }
}

const USAGE: Record<ToolEnv['dialect'], string> = {
  bash: 'printf: usage: printf [-v var] format [arguments]\n',
  dash: 'printf: usage: printf format [arg ...]\n',
  ash: 'usage: printf FORMAT [ARGUMENT...]\n',
};

const APPLET_USAGE = 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: printf FORMAT [ARG]...\n\nFormat and print ARG(s) according to FORMAT (a-la C printf)\n';

export function printf(args: string[], env: ToolEnv): ToolResult {
  const v = voiceOf(env);
  let rest = args;
  if (v === 'bash' || v === 'dash') {
    // bash's internal_getopt "v:" (a leading -v is the shell's printfToVar) and dash's nextopt(""):
    // the first bad letter is named (recorded: `printf -xy a` is `-x: invalid option`, `Illegal option -x`).
    const walked = getopt(rest, { short: v === 'bash' ? '+v:' : '+' }, () => undefined);
    if (walked.k === 'error') {
      env.io.err(v === 'bash' ? `${prefix(env)}${messageOf('bash', walked.error)}\n${USAGE.bash}` : `${prefix(env)}${messageOf('dash', walked.error)}\n`);
      return { status: 2 };
    }
    rest = walked.k === 'done' ? walked.operands : rest;
  } else if (rest[0] === '--') rest = rest.slice(1);
  const [format, ...values] = rest;
  if (format === undefined && v === 'gnu') {
    env.io.err(`${prefix(env)}missing operand\nTry '${env.asProgram ?? 'printf'} --help' for more information.\n`);
    return { status: 1 };
  }
  if (format === undefined && env.asProgram !== undefined) {
    env.io.err(APPLET_USAGE);
    return { status: 1 };
  }
  if (format === undefined) {
    env.io.err(env.dialect === 'bash' ? USAGE.bash : `${env.dialect === 'dash' ? `${env.shell ?? 'sh'}: ${env.interactive?.line ?? 1}: ` : 'sh: '}${USAGE[env.dialect]}`);
    return { status: 2 };
  }
  const run = new Run(env, v, values);
  let ended = false;
  do {
    const used = run.next;
    if (!run.pass(format)) {
      ended = true;
      break;
    }
    if (run.next === used) break;
  } while (run.next < values.length && !run.stopped);
  env.io.out(run.out);
  // coreutils: a format that takes no argument leaves them all (`printf x a b`).
  if (v === 'gnu' && !ended && run.next === 0 && values.length > 0) env.io.err(`${prefix(env)}warning: ignoring excess arguments, starting with ${quote(env, values[0]!)}\n`);
  return { status: run.status };
}

/** One printf call: the output so far, the next argument, the status. */
class Run {
  out = '';
  next = 0;
  status = 0;
  /** `\c` (in %b, or in the format for ash): nothing more is printed. */
  stopped = false;

  constructor(
    private readonly env: ToolEnv,
    private readonly v: Voice,
    private readonly values: readonly string[],
  ) {}

  /** The escapes the voice decodes: coreutils' are bash's (see the header). */
  private get escapes(): ToolEnv['dialect'] {
    return this.v === 'gnu' ? 'bash' : this.v;
  }

  /** A number that does not read, as each voice says it. */
  private notNumber(a: string): string {
    switch (this.v) {
      case 'bash': return `${a}: invalid number`;
      case 'dash': return `${a}: expected numeric value`;
      case 'ash': return `invalid number '${a}'`;
      case 'gnu': return `${quote(this.env, a)}: expected a numeric value`;
    }
  }

  private partial(a: string): string {
    switch (this.v) {
      case 'bash': return `${a}: invalid number`;
      case 'gnu': return `${quote(this.env, a)}: value not completely converted`;
      default: return `${a}: not completely converted`;
    }
  }

  private arg(): string | undefined {
    return this.next < this.values.length ? this.values[this.next++] : undefined;
  }

  private fail(message: string, status = 1): void {
    this.env.io.err(`${prefix(this.env)}${message}\n`);
    this.status = Math.max(this.status, status);
  }

  /** Prints the format once; false when a bad directive ended the call. */
  pass(format: string): boolean {
    const d = this.v;
    for (let i = 0; i < format.length && !this.stopped; ) {
      if (format[i] !== '%') {
        const next = format.indexOf('%', i);
        const lit = unescapeAll(format.slice(i, next < 0 ? format.length : next), this.escapes, 'format');
        this.out += lit.text;
        if (lit.stop) this.stopped = true;
        i = next < 0 ? format.length : next;
        continue;
      }
      if (format[i + 1] === '%') {
        this.out += '%';
        i += 2;
        continue;
      }
      const dir = readDirective(format, i, d);
      if (!dir.ok) {
        this.badDirective(format, i, dir.bad, dir.mods);
        return false;
      }
      this.convert(dir.directive);
      i = dir.end;
    }
    return true;
  }

  /** `mods`: where the length modifiers began (BusyBox quotes the rest of the format without them). */
  private badDirective(format: string, start: number, badAt: number, mods: number): void {
    const bad = format[badAt] ?? '';
    switch (this.v) {
      case 'bash': this.fail(`\`${bad}': invalid format character`); break;
      case 'dash': this.fail(`${format.slice(start, badAt + 1)}: invalid directive`, 2); break;
      case 'ash': this.fail(`${format.slice(start, mods)}${format.slice(badAt)}: invalid format`); break;
      case 'gnu': this.fail(`${format.slice(start, badAt + 1)}: invalid conversion specification`); break;
    }
  }

  private convert(dir: Directive): void {
    const width = dir.width === '*' ? this.intArg() : dir.width;
    const precision = dir.precision === '*' ? this.intArg() : dir.precision;
    let flags = dir.flags;
    let w = width;
    if (w !== undefined && w < 0) {
      flags += '-';
      w = -w;
    }
    const p = precision !== undefined && precision < 0 ? undefined : precision;
    const a = this.arg();
    switch (dir.conv) {
      case 's': this.out += pad(p === undefined ? (a ?? '') : truncateBytes(a ?? '', p), w, flags, false); return;
      case 'b': {
        const b = unescapeAll(a ?? '', this.escapes, 'b');
        if (b.stop) this.stopped = true;
        this.out += pad(p === undefined ? b.text : truncateBytes(b.text, p), w, flags, false);
        return;
      }
      case 'q': this.out += this.v === 'gnu' ? gnuShellQuote(a ?? '', utf8Locale(this.env)) : pad(shellQuote(a ?? ''), w, flags, false); return;
      case 'c': {
        const ch = a === undefined || a === '' ? '\0' : [...a][0]!;
        this.out += pad(ch.charCodeAt(0) >= 0x80 ? '\ufffd' : ch, w, flags, false);
        return;
      }
      case 'd':
      case 'i':
      case 'o':
      case 'u':
      case 'x':
      case 'X': {
        const n = this.integer(a);
        this.out += formatInteger(n, dir.conv, flags, w, p);
        return;
      }
      default: {
        const x = this.float(a);
        this.out += formatFloat(x, dir.conv, flags, w, p, this.v === 'bash' || this.v === 'gnu');
      }
    }
  }

  /** A `*` width or precision: an integer argument (0 when missing). */
  private intArg(): number {
    return Number(clampInt(this.integer(this.arg())));
  }

  /** An integer argument as strtoimax reads it, with each shell's complaint when it cannot. */
  private integer(a: string | undefined): bigint {
    const d = this.v;
    if (a === undefined) {
      // BusyBox checks even a missing argument (recorded: `printf '%d|%d\n' 1` → 1|0, invalid number '').
      if (d === 'ash') this.fail(`invalid number ''`);
      return 0n;
    }
    const q = /^\s*['"]([\s\S]?)/.exec(a);
    if (q) return BigInt(q[1] ? (q[1].codePointAt(0) ?? 0) : 0);
    const m = /^\s*([+-]?)(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)/.exec(a);
    // bash names the base it gave up on (`0x: invalid hex number`, `08: invalid octal number`).
    if (d === 'bash' && m && m[0].length < a.length && m[2]!.startsWith('0') && !/^0[xX]./.test(m[2]!)) {
      const hex = /^[xX]/.test(a.slice(m[0].length));
      if (hex || /^[89]/.test(a.slice(m[0].length))) {
        this.fail(`${a}: invalid ${hex ? 'hex' : 'octal'} number`);
        return 0n;
      }
    }
    if (!m) {
      this.fail(this.notNumber(a));
      return 0n;
    }
    const digits = m[2]!;
    let n = digits.length > 1 && digits[0] === '0' && /[xX]/.test(digits[1]!) ? BigInt(digits) : digits.length > 1 && digits[0] === '0' ? BigInt(`0o${digits.slice(1)}`) : BigInt(digits);
    if (m[1] === '-') n = -n;
    if (m[0].length < a.length) {
      if (d === 'ash') {
        this.fail(`invalid number '${a}'`);
        return 0n;
      }
      this.fail(this.partial(a));
    }
    const limit = 1n << 63n;
    if (n >= limit || n < -limit) {
      // %u/%x of a value beyond int64 (the ERANGE of strtoimax): clamped, and each shell says so its way.
      if (d === 'ash') {
        this.fail(`invalid number '${a}'`);
        return 0n;
      }
      if (d === 'bash') this.env.io.err(`${prefix(this.env)}warning: ${a}: Numerical result out of range\n`);
      else this.fail(`${d === 'gnu' ? quote(this.env, a) : a}: Numerical result out of range`);
      return n < 0n ? -limit : limit - 1n;
    }
    return n;
  }

  /** A floating argument as strtod reads it (integers' quoting and hex included). */
  private float(a: string | undefined): number {
    const d = this.v;
    if (a === undefined) return 0;
    const q = /^\s*['"]([\s\S]?)/.exec(a);
    if (q) return q[1] ? (q[1].codePointAt(0) ?? 0) : 0;
    const m = /^\s*[+-]?(?:inf(?:inity)?|nan|0[xX][0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)/i.exec(a);
    if (!m) {
      this.fail(this.notNumber(a));
      return 0;
    }
    const text = m[0].trim();
    const x = /^[+-]?0[xX]/.test(text) ? (text.startsWith('-') ? -1 : 1) * Number.parseInt(text.replace(/^[+-]/, ''), 16) : Number(text.replace(/^([+-]?)inf(inity)?$/i, '$1Infinity').replace(/^[+-]?nan$/i, 'NaN'));
    if (m[0].length < a.length) {
      if (d === 'ash') {
        this.fail(`invalid number '${a}'`);
        return 0;
      }
      this.fail(this.partial(a));
    } else if (!Number.isFinite(x) && !/inf|nan/i.test(text)) {
      if (d === 'ash') this.fail(`invalid number '${a}'`);
      else if (d === 'dash' || d === 'gnu') this.fail(`${d === 'gnu' ? quote(this.env, a) : a}: Numerical result out of range`);
    }
    return x;
  }
}

function clampInt(n: bigint): bigint {
  const max = 2147483647n;
  return n > max ? max : n < -max ? -max : n;
}

/** Reads `%[flags][width][.precision][length]conv` at `i`; `bad`: the index of the character that is not a conversion. */
/** The conversions each dialect knows (recorded: %q is bash's alone, %a not BusyBox's). */
const CONVERSIONS: Record<Voice, string> = { bash: 'diouxXcsbqfFeEgGaA', dash: 'diouxXcsbfFeEgGaA', ash: 'diouxXcsbfFeEgG', gnu: 'diouxXcsbqfFeEgGaA' };

function readDirective(f: string, i: number, d: Voice): { ok: true; directive: Directive; end: number } | { ok: false; bad: number; mods: number } {
  let j = i + 1;
  let flags = '';
  while (j < f.length && '-+ #0\''.includes(f[j]!)) flags += f[j++];
  let width: Directive['width'];
  if (f[j] === '*') {
    width = '*';
    j++;
  } else {
    const m = /^\d+/.exec(f.slice(j));
    if (m) {
      width = Number(m[0]);
      j += m[0].length;
    }
  }
  let precision: Directive['precision'];
  if (f[j] === '.') {
    j++;
    if (f[j] === '*') {
      precision = '*';
      j++;
    } else {
      const m = /^\d*/.exec(f.slice(j))![0];
      precision = Number(m || '0');
      j += m.length;
    }
  }
  // C's length modifiers: bash and BusyBox skip them (every integer is 64-bit here); dash refuses them.
  const mods = j;
  if (d !== 'dash') while (j < f.length && 'hlLjtz'.includes(f[j]!)) j++;
  const conv = f[j];
  if (conv === undefined || !CONVERSIONS[d].includes(conv)) return { ok: false, bad: j, mods };
  // coreutils' %q takes no flags, width or precision (`%5q: invalid conversion specification`).
  if (d === 'gnu' && conv === 'q' && j > i + 1) return { ok: false, bad: j, mods };
  return { ok: true, directive: { flags, ...(width !== undefined ? { width } : {}), ...(precision !== undefined ? { precision } : {}), conv, text: f.slice(i, j + 1) }, end: j + 1 };
}

/** bash's %q (printf_quote: backslashes before shell specials; `$'…'` for control characters; '' for empty). */
function shellQuote(s: string): string {
  if (s === '') return "''";
  // Control characters are what %q must spell out.
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(s)) {
    const body = [...s].map((ch) => {
      const c = ch.charCodeAt(0);
      const named: Record<string, string> = { '\n': '\\n', '\t': '\\t', '\r': '\\r', '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\v': '\\v', '\x1b': '\\E', "'": "\\'", '\\': '\\\\' };
      if (named[ch] !== undefined) return named[ch];
      return c < 0x20 || c === 0x7f ? `\\${c.toString(8).padStart(3, '0')}` : ch;
    }).join('');
    return `$'${body}'`;
  }
  return s.replace(/[^A-Za-z0-9_\-./,:=@%+^\u0080-\uffff]/g, (c) => `\\${c}`).replace(/^~/, '\\~');
}

const NAMED_ESCAPES: Record<string, string> = { '\x07': 'a', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't', '\v': 'v' };

/**
 * coreutils' %q: gnulib's shell-escape quoting (quotearg.c). A word no shell would split or expand
 * prints as it is; one with a `'` and nothing a double quote would expand is `"…"`; otherwise
 * `'…'` with `'\''` for a quote, and each run of unprintable bytes as its own `$'…'` (octal, or
 * C's letters), the empty quotes at the end dropped. Recorded under LC_ALL=C: `' '`, `'='`, `a#`
 * but `'#'`, `'{'` but `a{`, `"it's"`, `'a'$'\n''b'`, `''$'\001'`, é as `''$'\303\251'`.
 */
function gnuShellQuote(s: string, utf8: boolean): string {
  if (s === '') return "''";
  const chars = [...s];
  const printable = (ch: string): boolean => {
    const c = ch.codePointAt(0)!;
    return c >= 0x20 && c !== 0x7f && (c < 0x80 || (utf8 && c >= 0xa0));
  };
  const special = (ch: string, i: number): boolean => " !\"$&'()*;<=>?[\\^`|".includes(ch) || ((ch === '#' || ch === '~') && i === 0) || ((ch === '{' || ch === '}') && chars.length === 1);
  const unprintable = chars.some((ch) => !printable(ch));
  if (!unprintable && !chars.some(special)) return s;
  if (!unprintable && s.includes("'") && !/[$`\\"!]/.test(s)) return `"${s}"`;
  const bytes = (ch: string): string => {
    const named = NAMED_ESCAPES[ch];
    if (named !== undefined) return `\\${named}`;
    return utf8Bytes(ch).map((b) => `\\${b.toString(8).padStart(3, '0')}`).join('');
  };
  let out = "'";
  let quoted = true;
  let dollar = '';
  for (const ch of chars) {
    if (!printable(ch)) {
      if (quoted) out += "'";
      quoted = false;
      dollar += bytes(ch);
      continue;
    }
    if (dollar) out += `$'${dollar}'`;
    dollar = '';
    if (!quoted) out += "'";
    quoted = true;
    out += ch === "'" ? "'\\''" : ch;
  }
  if (dollar) out += `$'${dollar}'`;
  return quoted ? `${out}'` : out;
}
