/**
 * The option walker, family by family, with the real programs' optstrings. Every expected message
 * and order was recorded on this machine: bash 5.2.15 (`bash -c 'mapfile -x'`), BusyBox 1.35.0
 * built against glibc (`busybox which ls -a`), procps-ng 4.0.2 watch, GNU xargs 4.9.0, dash 0.5.12
 * getopts (debianutils' which).
 */
import { describe, expect, it } from 'vitest';
import { getopt, getopt32, messageOf, optionWords, type GetoptFamily, type GetoptSpec } from './getopt';

/** The options as `letter=value` (`letter` alone without one), then the operands or the family's message. */
function walk(args: string[], spec: GetoptSpec, family: GetoptFamily = 'glibc'): string[] {
  const seen: string[] = [];
  const r = getopt(args, spec, ({ key, value }) => {
    seen.push(value === undefined ? key : `${key}=${value}`);
    return undefined;
  });
  if (r.k === 'error') return [...seen, `error: ${messageOf(family, r.error)}`];
  return [...seen, `operands: ${r.k === 'done' ? r.operands.join(' ') : ''}`];
}

describe('bash builtins (internal_getopt)', () => {
  const MAPFILE: GetoptSpec = { short: '+d:u:n:O:C:c:s:t' };
  it('walks clusters, attached and separate arguments, and `--`', () => {
    // `mapfile -tn5 a` reads at most 5 lines, trimmed, into a.
    expect(walk(['-tn5', 'a'], MAPFILE, 'bash')).toEqual(['t', 'n=5', 'operands: a']);
    expect(walk(['-t', '-n', '5', 'a'], MAPFILE, 'bash')).toEqual(['t', 'n=5', 'operands: a']);
    // `mapfile -- -x` takes -x as the array name (`-x': not a valid identifier).
    expect(walk(['-t', '--', '-x'], MAPFILE, 'bash')).toEqual(['t', 'operands: -x']);
    // `mapfile -t -`: `-' is the name.
    expect(walk(['-t', '-'], MAPFILE, 'bash')).toEqual(['t', 'operands: -']);
  });
  it('takes a word that is exactly `--help` as the help option (GETOPT_HELP), wherever an option may stand', () => {
    const HELP: GetoptSpec = { ...MAPFILE, help: true };
    expect(walk(['-t', '--help', 'a'], HELP, 'bash')).toEqual(['t', 'help', 'operands: a']);
    // `mapfile -n --help`: the count; `mapfile a --help`: an operand; `--hel`: a cluster.
    expect(walk(['-n', '--help'], HELP, 'bash')).toEqual(['n=--help', 'operands: ']);
    expect(walk(['a', '--help'], HELP, 'bash')).toEqual(['operands: a --help']);
    expect(walk(['--hel'], HELP, 'bash')).toEqual(['error: --: invalid option']);
  });
  it('stops at the first operand: `mapfile a -x` reads into a and says nothing', () => {
    expect(walk(['a', '-x'], MAPFILE, 'bash')).toEqual(['operands: a -x']);
  });
  it('says `-x: invalid option` and `-n: option requires an argument`, after the options before it', () => {
    expect(walk(['-x'], MAPFILE, 'bash')).toEqual(['error: -x: invalid option']);
    expect(walk(['-tx'], MAPFILE, 'bash')).toEqual(['t', 'error: -x: invalid option']);
    expect(walk(['-tn'], MAPFILE, 'bash')).toEqual(['t', 'error: -n: option requires an argument']);
    // `mapfile --foo` and `mapfile -:`: `--: invalid option`, `-:: invalid option`.
    expect(walk(['--foo'], MAPFILE, 'bash')).toEqual(['error: --: invalid option']);
    expect(walk(['-:'], MAPFILE, 'bash')).toEqual(['error: -:: invalid option']);
  });
});

describe('BusyBox (getopt32 over glibc getopt_long)', () => {
  it('takes options after operands unless the optstring starts with +', () => {
    // `busybox which ls -a` lists every ls; `busybox vi FILE -R` opens FILE read-only.
    expect(walk(['ls', '-a'], getopt32('a'))).toEqual(['a', 'operands: ls']);
    expect(walk(['f', '-R'], getopt32('c:HhR'))).toEqual(['R', 'operands: f']);
    // awk's "+F:v:f:e:W:" stops at the program: `busybox awk 1 -x` reads a file named -x.
    expect(walk(['1', '-x'], getopt32('+F:v:f:e:W:'))).toEqual(['operands: 1 -x']);
    // `busybox which -- -a` looks for a command named -a.
    expect(walk(['--', '-a'], getopt32('a'))).toEqual(['operands: -a']);
  });
  it("says `invalid option -- 'x'`, `option requires an argument -- 'c'`, and `unrecognized option` for any --word", () => {
    expect(walk(['-ax', 'ls'], getopt32('a'))).toEqual(['a', "error: invalid option -- 'x'"]);
    expect(walk(['-cfoo', '-x'], getopt32('c:HhR'))).toEqual(['c=foo', "error: invalid option -- 'x'"]);
    expect(walk(['-c'], getopt32('c:HhR'))).toEqual(["error: option requires an argument -- 'c'"]);
    expect(walk(['--foo'], getopt32('c:HhR'))).toEqual(["error: unrecognized option '--foo'"]);
    expect(walk(['--a', 'ls'], getopt32('a'))).toEqual(["error: unrecognized option '--a'"]);
  });
});

describe('glibc getopt_long (procps watch, GNU xargs)', () => {
  const WATCH: GetoptSpec = {
    short: '+bced::ghq:n:pvtwx',
    long: [['color', 'c', 'none'], ['differences', 'd', 'optional'], ['interval', 'n', 'required'], ['errexit', 'e', 'none'], ['equexit', 'q', 'required'], ['exec', 'x', 'none']],
  };
  it('walks clusters, optional arguments only attached, long names and their unambiguous prefixes', () => {
    expect(walk(['-tn5', 'ls'], WATCH)).toEqual(['t', 'n=5', 'operands: ls']);
    expect(walk(['-n', '5', '-d', 'ls', '-l'], WATCH)).toEqual(['n=5', 'd', 'operands: ls -l']);
    expect(walk(['-dfoo', '--inter=3', '--interval', '4', 'ls'], WATCH)).toEqual(['d=foo', 'n=3', 'n=4', 'operands: ls']);
    expect(walk(['--differences=', '--col', 'ls'], WATCH)).toEqual(['d=', 'c', 'operands: ls']);
  });
  it('permutes without a leading +: GNU `sort FILE -r` sorts in reverse', () => {
    expect(walk(['file', '-r', '--', '-n'], { short: 'rn', long: [] })).toEqual(['r', 'operands: file -n']);
  });
  it("says glibc 2.36's words (recorded from /usr/bin/watch and xargs 4.9)", () => {
    expect(walk(['-y'], WATCH)).toEqual(["error: invalid option -- 'y'"]);
    expect(walk(['-n'], WATCH)).toEqual(["error: option requires an argument -- 'n'"]);
    expect(walk(['--e=3', 'ls'], WATCH)).toEqual(["error: option '--e=3' is ambiguous; possibilities: '--errexit' '--equexit' '--exec'"]);
    expect(walk(['--exec=1', 'ls'], WATCH)).toEqual(["error: option '--exec' doesn't allow an argument"]);
    expect(walk(['--interval'], WATCH)).toEqual(["error: option '--interval' requires an argument"]);
    expect(walk(['--foo'], WATCH)).toEqual(["error: unrecognized option '--foo'"]);
  });
  it('takes one option that two names share as unambiguous (--quiet and --silent)', () => {
    const spec: GetoptSpec = { short: 'q', long: [['quiet', 'q', 'none'], ['silent', 'q', 'none'], ['quit', 'Q', 'none']] };
    expect(walk(['--qui'], spec)).toEqual(["error: option '--qui' is ambiguous; possibilities: '--quiet' '--quit'"]);
    expect(walk(['--s'], spec)).toEqual(['q', 'operands: ']);
  });
  it("reports every error and walks on when asked (util-linux getopt(1): `lsb_release -x --foo -y --de=1 --s`)", () => {
    const errors: string[] = [];
    const spec: GetoptSpec = { short: 'hvidrcas', long: [['description', 'd', 'none'], ['short', 's', 'none']], report: (e) => errors.push(messageOf('glibc', e)) };
    expect(walk(['-xi', '--foo', '-y', '--de=1', '--s', 'x'], spec)).toEqual(['i', 's', 'operands: x']);
    expect(errors).toEqual(["invalid option -- 'x'", "unrecognized option '--foo'", "invalid option -- 'y'", "option '--description' doesn't allow an argument"]);
  });
  it('stops where the tool says, with what it says', () => {
    const r = getopt(['-n', 'x', '-y'], { short: 'n:y' }, ({ key, value }) => (key === 'n' ? `bad ${value}` : undefined));
    expect(r).toEqual({ k: 'stopped', value: 'bad x' });
  });
});

describe("musl's getopt and getopt_long (Alpine's BusyBox)", () => {
  // musl's src/misc/getopt.c and getopt_long.c (bminor/musl 86373b49): the letter or the word without its dashes, after a colon.
  const LS = { short: 'Cadi1lgnsxAkFpRQctuSXrvLHhT:w:', long: [['full-time', 'full-time', 'none'], ['group-directories-first', 'g', 'none'], ['color', 'color', 'optional']] } as const;
  it('says `unrecognized option: x` and `option requires an argument: w`', () => {
    expect(walk(['-lz'], LS, 'musl')).toEqual(['l', 'error: unrecognized option: z']);
    expect(walk(['-w'], LS, 'musl')).toEqual(['error: option requires an argument: w']);
  });
  it('names a long option without its dashes, and lists no candidates', () => {
    expect(walk(['--all=1'], LS, 'musl')).toEqual(['error: unrecognized option: all=1']);
    expect(walk(['--full-time=1'], LS, 'musl')).toEqual(['error: option does not take an argument: full-time']);
    expect(walk(['--e=3'], { short: '', long: [['errexit', 'e', 'none'], ['exec', 'x', 'none']] }, 'musl')).toEqual(['error: option is ambiguous: e=3']);
    expect(walk(['--width'], { short: '', long: [['width', 'w', 'required']] }, 'musl')).toEqual(['error: option requires an argument: width']);
  });
});

describe("dash's getopts (debianutils which)", () => {
  it('stops at the first operand and says `Illegal option -x`', () => {
    expect(walk(['-ax', 'ls'], { short: '+a' }, 'dash')).toEqual(['a', 'error: Illegal option -x']);
    expect(walk(['ls', '-a'], { short: '+a' }, 'dash')).toEqual(['operands: ls -a']);
    expect(walk(['-n'], { short: '+n:' }, 'dash')).toEqual(['error: No arg for -n option']);
  });
});

describe('one option a word (iproute2 ip, mawk)', () => {
  const words = (args: string[], loneDash: 'operand' | 'option'): string[] => {
    const seen: string[] = [];
    const r = optionWords(args, loneDash, (w, next) => {
      seen.push(w === '-f' ? `${w} ${next() ?? '(none)'}` : w);
      return undefined;
    });
    return r.k === 'done' ? [...seen, `operands: ${args.slice(r.operands).join(' ')}`] : seen;
  };
  it('reads words up to `--` or the first word without a dash, an argument being the next word', () => {
    expect(words(['-4', '-f', 'inet', 'addr', '-6'], 'option')).toEqual(['-4', '-f inet', 'operands: addr -6']);
    expect(words(['-4', '--', '-6'], 'option')).toEqual(['-4', 'operands: -6']);
    expect(words(['-f'], 'option')).toEqual(['-f (none)', 'operands: ']);
    // mawk: `-` alone is the program (stdin's), ip takes it as an (unknown) option.
    expect(words(['-', 'x'], 'operand')).toEqual(['operands: - x']);
    expect(words(['-', 'x'], 'option')).toEqual(['-', 'operands: x']);
  });
});
