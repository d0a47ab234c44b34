/**
 * A BusyBox applet refuses a bad option with getopt's message and its usage screen, not GNU's
 * `Try '… --help'` line (recorded: `busybox sort -Q`, `busybox cut --foo`, `busybox whoami x`,
 * BusyBox 1.35 on this machine; GNU coreutils 9.1's whoami).
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';

const shell = (image: string) => {
  const p = startProcess({ image: resolveImage(image), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1 });
  return (line: string) => execInContainer(p, 1000, ['sh', '-c', line]);
};

describe("BusyBox applets' usage after a bad option", () => {
  const run = shell('busybox:1.36');
  it('prints the message, then the usage screen, with the applet’s status', () => {
    expect(run('sort -Q; echo $?').output).toMatch(/^sort: invalid option -- 'Q'\nBusyBox v1\.36\.1 \(2023-05-18 22:34:17 UTC\) multi-call binary\.\n\nUsage: sort \[-nrughMcszbdfiokt\] [^]*\t-z\tNUL terminated input and output\n2\n$/);
    expect(run('cut --foo; echo $?').output).toMatch(/^cut: unrecognized option '--foo'\nBusyBox v1\.36\.1 [^]*\nUsage: cut \[OPTIONS\] \[FILE\]\.\.\.\n[^]*\n1\n$/);
  });
  it('tee, pwd, sync and nproc walk getopt32 too (recorded: `busybox tee -Q`, `pwd -L`, `nproc --al`)', () => {
    expect(run('echo x | tee -ai /tmp/t; pwd -L; sync -d; nproc --al; cat /tmp/t').output).toBe('x\n/\n1\nx\n');
    expect(run('tee -Q; pwd --foo; nproc -a').output).toBe(
      "tee: invalid option -- 'Q'\nBusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: tee [-ai] [FILE]...\n\nCopy stdin to each FILE, and also to stdout\n\n\t-a\tAppend to the given FILEs, don't overwrite\n\t-i\tIgnore interrupt signals (SIGINT)\n" +
        "pwd: unrecognized option '--foo'\nBusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: pwd\n\nPrint the full filename of the current working directory\n" +
        "nproc: invalid option -- 'a'\nBusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: nproc [--all] [--ignore=N]\n\nPrint number of available CPUs\n\n\t--all\t\tNumber of installed CPUs\n\t--ignore=N\tExclude N CPUs\n",
    );
  });
  it('whoami takes no word at all: its usage alone', () => {
    expect(run('whoami; whoami x; echo $?').output).toBe('root\nBusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: whoami\n\nPrint the user name associated with the current effective user id\n1\n');
  });
});

describe("BusyBox text filters walk the applets' own option tables, not GNU's long names", () => {
  const run = shell('busybox:1.36');
  const USAGE = (tool: string) => new RegExp(`^BusyBox v1\\.36\\.1 [^\\n]*\\n\\nUsage: ${tool} `, 'm');
  it("grep knows only --color: --include and --exclude are unrecognized (recorded: busybox 1.35 grep.c's getopt32long)", () => {
    const out = run('printf "b\\n" > /tmp/f; grep --include x b /tmp/f; echo $?; grep --exclude=x b /tmp/f; echo $?; grep --color=auto b /tmp/f; echo $?').output;
    expect(out).toMatch(/^grep: unrecognized option '--include'\nBusyBox v1\.36\.1 [^]*\n2\ngrep: unrecognized option '--exclude=x'\n[^]*\n2\nb\n0\n$/);
  });
  it('head has plain getopt (`--foo` is an invalid -- option); tail, sort, uniq, wc, cut and tr an empty long table', () => {
    const out = run('printf "b\\na\\n" > /tmp/f; head --lines=1 /tmp/f; echo $?').output;
    expect(out).toMatch(/^head: invalid option -- '-'\nBusyBox v1\.36\.1 [^]*\n1\n$/);
    for (const [line, word, status] of [['tail --lines=1', '--lines=1', 1], ['sort --reverse', '--reverse', 2], ['uniq --count', '--count', 1], ['wc --lines', '--lines', 1], ['cut --fields=1', '--fields=1', 1], ['tr --delete a', '--delete', 1]] as const) {
      const o = run(`${line} /tmp/f < /tmp/f; echo $?`).output;
      expect(o.startsWith(`${line.split(' ')[0]}: unrecognized option '${word}'\n`), o).toBe(true);
      expect(o).toMatch(USAGE(line.split(' ')[0]!));
      expect(o.endsWith(`\n${status}\n`)).toBe(true);
    }
  });
  it("their own letters GNU has not are refused by name; `APPLET --help` alone is the usage with status 0; grep and tr without operands show the usage", () => {
    expect(run('cut -O : -f1 /tmp/f; echo $?').output).toBe("cut: option '-O' is not supported by this simulator\n1\n");
    expect(run('head --help; echo $?').output).toMatch(/^BusyBox v1\.36\.1 [^]*\t-v\t\tAlways print headers\n0\n$/);
    expect(run('grep -x; echo $?').output).toMatch(/^BusyBox v1\.36\.1 [^]*\n2\n$/);
    expect(run('tr; echo $?').output).toMatch(/^BusyBox v1\.36\.1 [^]*Usage: tr [^]*\n1\n$/);
  });
  it('in Alpine (musl) head says musl getopt\'s words for the same word', () => {
    expect(shell('alpine:3.20')('head --lines=1 /etc/hostname').output).toMatch(/^head: unrecognized option: -\nBusyBox/);
  });
});

describe("GNU whoami's options and operands", () => {
  it('says getopt’s words and `extra operand`', () => {
    expect(shell('debian:12')('whoami -Q; whoami x; echo $?').output).toBe(
      "whoami: invalid option -- 'Q'\nTry 'whoami --help' for more information.\nwhoami: extra operand 'x'\nTry 'whoami --help' for more information.\n1\n",
    );
  });
});

describe('basename and dirname (recorded: coreutils 9.1, BusyBox 1.35)', () => {
  it('GNU: -a and -s, `missing operand`, `extra operand`, and every dirname operand', () => {
    expect(shell('debian:12')('basename -a /a/b.txt /c/d.txt; basename -s .txt /a/b.txt /c/d.txt; basename a/b.txt .txt; basename; basename a b c; dirname a/b/ a//b / c').output).toBe(
      "b.txt\nd.txt\nb\nd\nb\nbasename: missing operand\nTry 'basename --help' for more information.\nbasename: extra operand 'c'\nTry 'basename --help' for more information.\na\na\n/\n.\n",
    );
  });
  it('BusyBox: getopt32 "^+as:", its usage without an operand or with a third; dirname takes exactly one', () => {
    const out = shell('busybox:1.36')('basename -s .txt /a/b.txt x.txt; basename a b c; dirname a/b c/d; dirname -- a/b/').output;
    expect(out).toMatch(/^b\nx\nBusyBox v1\.36\.1 [^]*\nUsage: basename FILE \[SUFFIX\] \| -a FILE\.\.\. \| -s SUFFIX FILE\.\.\.\n[^]*BusyBox v1\.36\.1 [^]*\nUsage: dirname FILENAME\n\nStrip non-directory suffix from FILENAME\na\n$/);
  });
});
