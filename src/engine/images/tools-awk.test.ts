/**
 * awk through the real engine: Debian's image runs mawk 1.3.4, busybox:1.36 BusyBox's awk. The
 * table below was recorded on this machine from mawk 1.3.4 20200120 (invoked as `awk`) and
 * BusyBox 1.35's awk (`busybox awk`), each row: argv after `awk`, stdin, then what each printed
 * (stdout then stderr) and its status.
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';

function container(image: string): ReturnType<typeof startProcess> {
  return startProcess({ image: resolveImage(image), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1, hostname: 'p' });
}

function sh(image: string, script: string): { exitCode: number; output: string } {
  const r = execInContainer(container(image), 1_000, ['sh', '-c', script]);
  return { exitCode: r.exitCode, output: r.output };
}

type Recorded = [output: string, status: number];

/** [argv after awk, stdin, mawk's answer, BusyBox's answer]. */
const RECORDED: [string[], string, Recorded, Recorded][] = [
  [["{print $1}"], "NAME READY STATUS\nweb-1 1/1 Running\nweb-2 0/1 Pending\n", ["NAME\nweb-1\nweb-2\n", 0], ["NAME\nweb-1\nweb-2\n", 0]],
  [["$3 > 0 {print $1, $3}"], "a 1 2\nb 2 0\nc x -1\n", ["a 2\n", 0], ["a 2\n", 0]],
  [["{sum += $2} END {print sum}"], "a 1\nb 2.5\nc 3\n", ["6.5\n", 0], ["6.5\n", 0]],
  [["-F:", "$3 >= 1000 {print $1}"], "root:x:0:0\nbob:x:1000:1000\nnobody:x:65534:65534\n", ["bob\nnobody\n", 0], ["bob\nnobody\n", 0]],
  [["NR>1 && $3 != \"Running\" {printf \"%-30s %s\\n\", $1, $3}"], "NAME READY STATUS\nweb-1 1/1 Running\nweb-2 0/1 Pending\n", ["web-2                          Pending\n", 0], ["web-2                          Pending\n", 0]],
  [["{a[$3]++} END {for (s in a) print s, a[s]}"], "NAME READY STATUS\nweb-1 1/1 Running\nweb-2 0/1 Pending\nweb-3 1/1 Running\ndb-0 0/1 CrashLoopBackOff\n", ["CrashLoopBackOff 1\nPending 1\nRunning 2\nSTATUS 1\n", 0], ["STATUS 1\nCrashLoopBackOff 1\nRunning 2\nPending 1\n", 0]],
  [["-v", "ns=default", "$1 == ns"], "default a\nkube-system b\n", ["default a\n", 0], ["default a\n", 0]],
  [["BEGIN {FS=\",\"} {print $2}"], "a,b,c\nd,e\n", ["b\ne\n", 0], ["b\ne\n", 0]],
  [["{print length($1)}"], "hello world\nab\n", ["5\n2\n", 0], ["5\n2\n", 0]],
  [["{gsub(/-[a-z0-9]+$/, \"\", $1); print $1}"], "web-7d4b9c-abc12 x\n", ["web-7d4b9c\n", 0], ["web-7d4b9c\n", 0]],
  [["{print toupper($1)}"], "hello world\n", ["HELLO\n", 0], ["HELLO\n", 0]],
  [["END {print NR}"], "a\nb\nc\n", ["3\n", 0], ["3\n", 0]],
  [["NR==2, NR==3"], "1\n2\n3\n4\n", ["2\n3\n", 0], ["2\n3\n", 0]],
  [["{ $5 = \"X\"; print; print NF; NF = 2; print }"], "a b c\n", ["a b c  X\n5\na b\n", 0], ["a b c  X\n5\na b\n", 0]],
  [["BEGIN { OFS = \":\" } { $1 = $1 } 1"], "a b  c\n", ["a:b:c\n", 0], ["a:b:c\n", 0]],
  [["BEGIN { print 1/3, 1e6, 0.1 + 0.2, 2147483647, 2147483648, 100000 * 100000 }"], "", ["0.333333 1000000 0.3 2147483647 2.14748e+09 1e+10\n", 0], ["0.333333 1000000 0.3 2147483647 2147483648 10000000000\n", 0]],
  [["BEGIN { OFMT = \"%.2f\"; x = 3.14159; print x, x \"\" }"], "", ["3.14 3.14159\n", 0], ["3.14 3.14159\n", 0]],
  [["{ print ($1 < $2) }"], "10 9\nabc abd\n2 10\n", ["0\n1\n1\n", 0], ["0\n1\n1\n", 0]],
  [["BEGIN { n = split(\"a:b:c\", p, \":\"); print n, p[1] p[3] }"], "", ["3 ac\n", 0], ["3 ac\n", 0]],
  [["BEGIN { s = \"hello world\"; print substr(s, 7), substr(s, 0, 2), index(s, \"o\"), match(s, /o w/), RSTART, RLENGTH }"], "", ["world he 5 5 5 3\n", 0], ["world he 5 5 5 3\n", 0]],
  [["BEGIN { s = \"foo.bar.baz\"; n = gsub(/\\./, \"/\", s); print n, s; sub(/o+/, \"[&]\", s); print s }"], "", ["2 foo/bar/baz\nf[oo]/bar/baz\n", 0], ["2 foo/bar/baz\nf[oo]/bar/baz\n", 0]],
  [["BEGIN { s = \"aaa\"; print gsub(/a*/, \"-\", s), s }"], "", ["1 -\n", 0], ["2 --\n", 0]],
  [["BEGIN { printf \"%5.2f|%-6s|%06.1f|%x|%o|%e|%g|%c|%c|%%\\n\", 3.14159, \"ab\", -2.5, 255, 8, 12345.678, 0.0001234, 65, \"xyz\" }"], "", [" 3.14|ab    |-002.5|ff|10|1.234568e+04|0.0001234|A|x|%\n", 0], [" 3.14|ab    |-002.5|ff|10|1.234568e+04|0.0001234|A|x|%\n", 0]],
  [["BEGIN { printf \"%d %d %x\\n\", 5e9, -5, -1 }"], "", ["2147483647 -5 0\n", 0], ["-2147483648 -5 ffffffff\n", 0]],
  [["NR == 2 { next } { print } END { print \"done\" }"], "a\nb\nc\n", ["a\nc\ndone\n", 0], ["a\nc\ndone\n", 0]],
  [["{ print; if (NR == 2) exit 3 } END { print \"end\" }"], "a\nb\nc\n", ["a\nb\nend\n", 3], ["a\nb\nend\n", 3]],
  [["function f(x) { return x * 2 } { print f($1) }"], "3\n4.5\n", ["6\n9\n", 0], ["6\n9\n", 0]],
  [["BEGIN { RS = \"\" } { print NR \": \" $1 \"/\" $NF }"], "a b\nc\n\n\nd e\nf\n", ["1: a/c\n2: d/f\n", 0], ["1: a/c\n2: d/f\n", 0]],
  [["BEGIN { while ((getline line) > 0) n++; print n, line }"], "a\nb\nc\n", ["3 c\n", 0], ["3 c\n", 0]],
  [["{ print ($1 == 8), $1 + 0 }"], "010\n", ["0 10\n", 0], ["1 8\n", 0]],
  [["BEGIN { print 017, 0x10 }"], "", ["17 0\n", 0], ["15 16\n", 0]],
  [["BEGIN{for(i=1;i<=12;i++) a[\"k\" i]; for (k in a) printf \"%s \", k; print \"\"}"], "", ["k1 k2 k12 k5 k11 k6 k8 k3 k10 k7 k9 k4 \n", 0], ["k1 k2 k3 k4 k5 k6 k10 k7 k11 k8 k12 k9 \n", 0]],
  [["BEGIN{for(i=1;i<=5;i++) c[i]; for (k in c) printf \"%s \", k; print \"\"}"], "", ["3 5 2 1 4 \n", 0], ["1 2 3 4 5 \n", 0]],
  [["{print $1"], "", ["awk: line 2: missing } near end of file\n", 2], ["awk: cmd. line:1: Unexpected token\n", 1]],
  [["{x = }"], "", ["awk: line 1: syntax error at or near }\n", 2], ["awk: cmd. line:1: Unexpected token\n", 1]],
  [["{print $1}}"], "", ["awk: line 1: extra '}'\nawk: line 1: syntax error at or near end of line\n", 2], ["awk: cmd. line:1: Unexpected token\n", 1]],
  [["{print \"abc}"], "", ["awk: line 1: runaway string constant \"abc} ...\n", 2], ["awk: cmd. line:1: Unexpected end of string\n", 1]],
  [["BEGIN{print 1/0}"], "", ["inf\n", 0], ["awk: cmd. line:1: Division by zero\n", 1]],
  [["{print $(-1)}"], "a\n", ["awk: run time error: negative field index $-1\n\tFILENAME=\"-\" FNR=1 NR=1\n", 2], ["awk: cmd. line:1: Access to negative field\n", 1]],
  [["BEGIN{printf \"%z\\n\", 3}"], "", ["awk: run time error: improper conversion(number 1) in printf(\"%z\n\")\n\tFILENAME=\"\" FNR=0 NR=0\n", 2], ["awk: cmd. line:1: Invalid format specifier\n", 1]],
  [["BEGIN { printf \"%s %d\\n\" }"], "", ["awk: run time error: not enough arguments passed to printf(\"%s %d\n\")\n\tFILENAME=\"\" FNR=0 NR=0\n", 2], [" 0\n", 0]],
  [["BEGIN { printf \"%*d|\\n\", 5, 42 }"], "", ["   42|\n", 0], ["awk: cmd. line:1: %*x formats are not supported\n", 1]],
  [["BEGIN { exit 1 } END { print \"end\"; exit }"], "", ["end\n", 1], ["end\n", 1]],
  [["BEGIN { break }"], "", ["awk: line 1: break statement outside of loop\n", 2], ["awk: cmd. line:1: 'break' not in a loop\n", 1]],
  [["BEGIN { next }"], "", ["awk: line 1: improper use of next\n", 2], ["", 0]],
  [["{ foo(1) }"], "a\n", ["awk: line 2: function foo never defined\n", 2], ["awk: cmd. line:1: Call to undefined function\n", 1]],
  [["{ print $1) }"], "a\n", ["awk: line 1: extra ')'\n", 2], ["awk: cmd. line:1: Unexpected token\n", 1]],
  [["{ print ( $1 }"], "a\n", ["awk: line 1: missing ) near }\n", 2], ["awk: cmd. line:1: Unexpected token\n", 1]],
  [["$1 ~ /a(/"], "a\n", ["awk: line 1: regular expression compile failed (missing ')')\na(\n", 2], ["awk: bad regex 'a(': Unmatched ( or \\(\n", 1]],
  [["{ print $1 } END"], "a\n", ["awk: line 1: syntax error at or near end of line\n", 2], ["awk: cmd. line:1: Unexpected token\n", 1]],
  [["BEGIN { x = 1\n y = 2 }"], "", ["", 0], ["", 0]],
];

describe('awk runs the programs learners write, as mawk and BusyBox do (recorded)', () => {
  const debian = container('debian:12');
  const busybox = container('busybox:1.36');
  for (const [args, stdin, mawk, bbox] of RECORDED) {
    it(`awk ${args.map((a) => `'${a}'`).join(' ')}`, () => {
      const m = execInContainer(debian, 1_000, ['awk', ...args], undefined, undefined, stdin);
      expect([m.output, m.exitCode]).toEqual(mawk);
      const b = execInContainer(busybox, 1_000, ['awk', ...args], undefined, undefined, stdin);
      expect([b.output, b.exitCode]).toEqual(bbox);
    });
  }
});

describe('awk reads its FILE operands', () => {
  it('reads the files in order, NR counting across them, `-` for stdin and var=value skipped', () => {
    const r = sh('busybox:1.36', "printf 'a b\\nc d\\n' > /tmp/x; printf 'e f\\n' > /tmp/y; echo 'g h' | awk '{print NR, $2}' /tmp/x - n=1 /tmp/y");
    expect(r).toEqual({ exitCode: 0, output: '1 b\n2 d\n3 h\n4 f\n' });
    expect(sh('busybox:1.36', "awk '{print $1}' /etc/hostname").output).toBe('p\n');
    expect(sh('busybox:1.36', "awk -F: '$3 >= 65534 {print $1}' /etc/passwd").output).toBe('nobody\n');
  });

  it('BusyBox awk dies at a file it cannot open, after what it printed (status 1)', () => {
    expect(sh('busybox:1.36', "echo x > /tmp/x; awk '{print $1}' /tmp/x /nope /tmp/x")).toEqual({ exitCode: 1, output: "x\nawk: /nope: No such file or directory\n" });
    expect(sh('busybox:1.36', "awk '{print $1}' /tmp")).toEqual({ exitCode: 1, output: 'awk: cmd. line:1: Is a directory\n' });
  });

  it("Debian's mawk stops there too, in its own words, and exits 2", () => {
    expect(sh('debian:12', "echo x > /tmp/x; awk '{print $1}' /tmp/x /nope /tmp/x")).toEqual({ exitCode: 2, output: 'x\nawk: cannot open /nope (No such file or directory)\n' });
    expect(sh('debian:12', "awk '{print $1}' /tmp")).toEqual({ exitCode: 2, output: 'awk: read error (Is a directory)\n' });
  });
});

describe('what the simulator adds around the language', () => {
  it('print > file writes the container file (the first > truncates, later prints append), >> appends', () => {
    const r = sh('debian:12', "echo old > /tmp/o; printf 'a b\\nc d\\n' | awk '{ print $1 > \"/tmp/o\"; print $2 >> \"/tmp/p\" }'; cat /tmp/o /tmp/p");
    expect(r).toEqual({ exitCode: 0, output: 'a\nc\nb\nd\n' });
  });

  it('refuses pipes and system() with status 2, saying why, before running anything', () => {
    expect(sh('debian:12', "awk 'BEGIN { print \"x\"; system(\"ls\") }'")).toEqual({ exitCode: 2, output: "awk: system() is not available in this simulator's awk (it runs no other programs)\n" });
    expect(sh('busybox:1.36', "echo a | awk '{ print | \"sort\" }'").exitCode).toBe(2);
    expect(sh('busybox:1.36', "awk 'BEGIN { \"date\" | getline d }'").output).toBe('awk: "command" | getline is not available in this simulator\'s awk (it runs no other programs)\n');
  });

  it("answers mawk's -W version (recorded) and, with no program, each awk's usage", () => {
    expect(sh('debian:12', 'awk -W version 2>/dev/null')).toEqual({ exitCode: 0, output: 'mawk 1.3.4 20200120\nCopyright 2008-2019,2020, Thomas E. Dickey\nCopyright 1991-1996,2014, Michael D. Brennan\n\n' });
    expect(sh('debian:12', 'awk 2>&1 | head -1')).toEqual({ exitCode: 0, output: 'Usage: mawk [Options] [Program] [file ...]\n' });
    expect(sh('busybox:1.36', 'awk; echo $?').output).toMatch(/^BusyBox v1\.36\.1 .*\n\nUsage: awk \[OPTIONS\] \[AWK_PROGRAM\] \[FILE\]\.\.\.\n[\s\S]*\n1\n$/);
  });

  it('walks its options as each awk does (recorded: BusyBox 1.35 getopt32 "+F:v:*f:*e:*W:", mawk one option a word)', () => {
    const first = (image: string, line: string): string => sh(image, `${line} 2>&1 | head -1`).output;
    expect(first('busybox:1.36', 'awk -x')).toBe("awk: invalid option -- 'x'\n");
    expect(first('busybox:1.36', 'awk -F')).toBe("awk: option requires an argument -- 'F'\n");
    expect(first('busybox:1.36', 'awk --foo')).toBe("awk: unrecognized option '--foo'\n");
    // -W is taken and ignored, with one warning however often it is given.
    expect(sh('busybox:1.36', "awk -Wx -W y 'BEGIN { print 1 }' 2>&1")).toEqual({ exitCode: 0, output: 'awk: warning: option -W is ignored\n1\n' });
    // A -v that is no assignment is the usage screen.
    expect(sh('busybox:1.36', "awk -v 'BEGIN { print 1 }' 2>&1; echo $?").output).toMatch(/^BusyBox v1\.36\.1 .*\n\nUsage: awk [\s\S]*\n1\n$/);
    // The program ends the options: `-x` after it is a FILE.
    expect(sh('busybox:1.36', "echo a | awk 1 -x 2>&1").output).toBe('awk: -x: No such file or directory\n');
    expect(sh('busybox:1.36', "awk -vA=4 -e 'BEGIN { print A }'").output).toBe('4\n');
    expect(sh('debian:12', 'awk -x 2>&1; echo $?').output).toBe('awk: not an option: -x\n2\n');
  });

  it('reads the program from -f and sees the environment in ENVIRON', () => {
    expect(sh('debian:12', "echo 'BEGIN { print \"from file\" }' > /tmp/p.awk; awk -f /tmp/p.awk").output).toBe('from file\n');
    expect(sh('debian:12', "X=42 awk 'BEGIN { print ENVIRON[\"X\"] + 1 }'").output).toBe('43\n');
  });
});
