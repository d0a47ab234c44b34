/**
 * printf in a container's shells, against bash 5.2.15 (`bash -c`), dash 0.5.12 (`dash -c`, run
 * here as `sh`, so its messages start `sh: 1:`) and BusyBox 1.35 (`busybox sh -c`), each case
 * recorded on this machine with stdout and stderr apart (LC_ALL=C.UTF-8). The engine writes a
 * call's messages as they arise and its output at the end, as the shells' buffered stdout does.
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';

type Dialect = 'ash' | 'dash' | 'bash';
const IMAGES: Record<Dialect, { image: string; shell: string }> = {
  ash: { image: 'busybox:1.36', shell: 'sh' },
  dash: { image: 'debian:12', shell: 'sh' },
  bash: { image: 'debian:12', shell: 'bash' },
};

function run(d: Dialect, script: string): { output: string; exitCode: number } {
  const p = startProcess({ image: resolveImage(IMAGES[d].image), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1 });
  const r = execInContainer(p, 500, [IMAGES[d].shell, '-c', script]);
  return { output: r.output, exitCode: r.exitCode };
}

/** `printf <args>`: each dialect's [stdout, stderr, status]. */
const CASES: readonly (readonly [string, Readonly<Record<Dialect, readonly [string, string, number]>>])[] = [
  ["'%-10s|%5d|%05.1f|%x|%X|%o|%c|%e\\n' ab 42 3.14159 255 255 8 xyz 1234.5", { bash: ["ab        |   42|003.1|ff|FF|10|x|1.234500e+03\n", "", 0], dash: ["ab        |   42|003.1|ff|FF|10|x|1.234500e+03\n", "", 0], ash: ["ab        |   42|003.1|ff|FF|10|x|1.234500e+03\n", "", 0] }],
  ["'%s\\n' a b c", { bash: ["a\nb\nc\n", "", 0], dash: ["a\nb\nc\n", "", 0], ash: ["a\nb\nc\n", "", 0] }],
  ["'%d|%d\\n' 1", { bash: ["1|0\n", "", 0], dash: ["1|0\n", "", 0], ash: ["1|0\n", "sh: invalid number ''\n", 1] }],
  ["'%5s|%-5s|%.2s|%*d|%-*d|\\n' a b abcdef 4 7 3 8", { bash: ["    a|b    |ab|   7|8  |\n", "", 0], dash: ["    a|b    |ab|   7|8  |\n", "", 0], ash: ["    a|b    |ab|   7|8  |\n", "", 0] }],
  ["'%d\\n' abc", { bash: ["0\n", "bash: line 1: printf: abc: invalid number\n", 1], dash: ["0\n", "sh: 1: printf: abc: expected numeric value\n", 1], ash: ["0\n", "sh: invalid number 'abc'\n", 1] }],
  ["'%d\\n' 12abc", { bash: ["12\n", "bash: line 1: printf: 12abc: invalid number\n", 1], dash: ["12\n", "sh: 1: printf: 12abc: not completely converted\n", 1], ash: ["0\n", "sh: invalid number '12abc'\n", 1] }],
  ["'%d %d\\n' \"'A\" 0x1F", { bash: ["65 31\n", "", 0], dash: ["65 31\n", "", 0], ash: ["65 31\n", "", 0] }],
  ["'%i %u %d\\n' 010 -1 +5", { bash: ["8 18446744073709551615 5\n", "", 0], dash: ["8 18446744073709551615 5\n", "", 0], ash: ["8 18446744073709551615 5\n", "", 0] }],
  ["'%g %g %G %g\\n' 0.0001 123456789 1e-10 100", { bash: ["0.0001 1.23457e+08 1E-10 100\n", "", 0], dash: ["0.0001 1.23457e+08 1E-10 100\n", "", 0], ash: ["0.0001 1.23457e+08 1E-10 100\n", "", 0] }],
  ["'%+d % d %#o %#x\\n' 5 5 8 255", { bash: ["+5  5 010 0xff\n", "", 0], dash: ["+5  5 010 0xff\n", "", 0], ash: ["+5  5 010 0xff\n", "", 0] }],
  ["'a\\101b\\x41c\\u00e9\\n'", { bash: ["aAbAcé\n", "", 0], dash: ["aAb\\x41c\\u00e9\n", "", 0], ash: ["aAbAc\\u00e9\n", "", 0] }],
  ["'%b|\\n' 'a\\101b\\0101\\x41\\c'", { bash: ["aAbAA", "", 0], dash: ["aAbA\\x41", "", 0], ash: ["aAbAA", "", 0] }],
  ["'%q\\n' \"a b'c\"", { bash: ["a\\ b\\'c\n", "", 0], dash: ["", "sh: 1: printf: %q: invalid directive\n", 2], ash: ["", "sh: %q\\n: invalid format\n", 1] }],
  ["'%z\\n' x", { bash: ["", "bash: line 1: printf: `\\': invalid format character\n", 1], dash: ["", "sh: 1: printf: %z: invalid directive\n", 2], ash: ["", "sh: %\\n: invalid format\n", 1] }],
  ["'%s'", { bash: ["", "", 0], dash: ["", "", 0], ash: ["", "", 0] }],
  ["'x%5%|\\n'", { bash: ["x", "bash: line 1: printf: `%': invalid format character\n", 1], dash: ["x", "sh: 1: printf: %5%: invalid directive\n", 2], ash: ["x", "sh: %5%|\\n: invalid format\n", 1] }],
  ["'\\e[1m|\\c|after\\n'", { bash: ["\u001b[1m|\\c|after\n", "", 0], dash: ["\u001b[1m|\\c|after\n", "", 0], ash: ["\u001b[1m|", "", 0] }],
  ["'%.3d|%08.3f|%-8.2e|\\n' 5 3.14159 31415.9", { bash: ["005|0003.142|3.14e+04|\n", "", 0], dash: ["005|0003.142|3.14e+04|\n", "", 0], ash: ["005|0003.142|3.14e+04|\n", "", 0] }],
  ["'%x\\n' -1", { bash: ["ffffffffffffffff\n", "", 0], dash: ["ffffffffffffffff\n", "", 0], ash: ["ffffffffffffffff\n", "", 0] }],
  ["'%d\\n' 99999999999999999999", { bash: ["9223372036854775807\n", "bash: line 1: printf: warning: 99999999999999999999: Numerical result out of range\n", 0], dash: ["9223372036854775807\n", "sh: 1: printf: 99999999999999999999: Numerical result out of range\n", 1], ash: ["0\n", "sh: invalid number '99999999999999999999'\n", 1] }],
  ["'%.0f %.0f %.0f %.1f %.2f\\n' 0.5 1.5 2.5 0.25 1.005", { bash: ["0 2 2 0.2 1.00\n", "", 0], dash: ["0 2 2 0.2 1.00\n", "", 0], ash: ["0 2 2 0.2 1.00\n", "", 0] }],
  ["'%s %s\\n' a", { bash: ["a \n", "", 0], dash: ["a \n", "", 0], ash: ["a \n", "", 0] }],
  ["'ab%zc|\\n' 1", { bash: ["ab1|\n", "", 0], dash: ["ab", "sh: 1: printf: %z: invalid directive\n", 2], ash: ["ab1|\n", "", 0] }],
  ["'%s|%y|%s\\n' a b", { bash: ["a|", "bash: line 1: printf: `y': invalid format character\n", 1], dash: ["a|", "sh: 1: printf: %y: invalid directive\n", 2], ash: ["a|", "sh: %y|%s\\n: invalid format\n", 1] }],
  ["'%d\\n' 3.5", { bash: ["3\n", "bash: line 1: printf: 3.5: invalid number\n", 1], dash: ["3\n", "sh: 1: printf: 3.5: not completely converted\n", 1], ash: ["0\n", "sh: invalid number '3.5'\n", 1] }],
  ["'%d\\n' \" 42\"", { bash: ["42\n", "", 0], dash: ["42\n", "", 0], ash: ["42\n", "", 0] }],
  ["'%f\\n' abc", { bash: ["0.000000\n", "bash: line 1: printf: abc: invalid number\n", 1], dash: ["0.000000\n", "sh: 1: printf: abc: expected numeric value\n", 1], ash: ["0.000000\n", "sh: invalid number 'abc'\n", 1] }],
  ["'%a %a %a\\n' 1 0.5 -2", { bash: ["0x8p-3 0x8p-4 -0x8p-2\n", "", 0], dash: ["0x1p+0 0x1p-1 -0x1p+1\n", "", 0], ash: ["", "sh: %a %a %a\\n: invalid format\n", 1] }],
  ["'%5s|%.1s|\\n' é éa", { bash: ["   é|�|\n", "", 0], dash: ["   é|�|\n", "", 0], ash: ["   é|�|\n", "", 0] }],
  ["'%05d|%-05d|%.0d|\\n' -42 7 0", { bash: ["-0042|7    ||\n", "", 0], dash: ["-0042|7    ||\n", "", 0], ash: ["-0042|7    ||\n", "", 0] }],
  ["'%#g|%g|%g|%g|%g\\n' 1 1e6 1e-5 0.00001234 123456", { bash: ["1.00000|1e+06|1e-05|1.234e-05|123456\n", "", 0], dash: ["1.00000|1e+06|1e-05|1.234e-05|123456\n", "", 0], ash: ["1.00000|1e+06|1e-05|1.234e-05|123456\n", "", 0] }],
  ["'%s\\n'", { bash: ["\n", "", 0], dash: ["\n", "", 0], ash: ["\n", "", 0] }],
  ["'[\\e][\\E][\\\"][\\x27][\\?][\\q][\\0101][\\400][\\8]\\n'", { bash: ["[\u001b][\u001b][\"]['][?][\\q][\b1][\u0000][\\8]\n", "", 0], dash: ["[\u001b][\\E][\\\"][\\x27][\\?][\\q][\b1][\u0000][\\8]\n", "", 0], ash: ["[\u001b][\\E][\\\"]['][\\?][\\q][\b1][ 0][\\8]\n", "", 0] }],
  ["'%b\\n' '[\\e][\\E][\\\"][\\x27][\\?][\\q][\\0101][\\101][\\400][\\8][\\u00e9][\\x41]'", { bash: ["[\u001b][\u001b][\\\"]['][\\?][\\q][A][A][\u0000][\\8][é][A]\n", "", 0], dash: ["[\u001b][\\E][\\\"][\\x27][\\?][\\q][A][A][\u0000][\\8][\\u00e9][\\x41]\n", "", 0], ash: ["[\u001b][\\E][\\\"]['][\\?][\\q][A][A][ 0][\\8][\\u00e9][A]\n", "", 0] }],
  ["'%q|%q|%q\\n' '' 'a\\b' '~/a$b*'", { bash: ["''|a\\\\b|\\~/a\\$b\\*\n", "", 0], dash: ["", "sh: 1: printf: %q: invalid directive\n", 2], ash: ["", "sh: %q|%q|%q\\n: invalid format\n", 1] }],
  ["'%.3s|%c|\\n' 'abcdef' ''", { bash: ["abc|\u0000|\n", "", 0], dash: ["abc|\u0000|\n", "", 0], ash: ["abc|\u0000|\n", "", 0] }],
  ["'%10.4f|%-10.2e|%+.3g\\n' 3.14159265 0.000123 12345", { bash: ["    3.1416|1.23e-04  |+1.23e+04\n", "", 0], dash: ["    3.1416|1.23e-04  |+1.23e+04\n", "", 0], ash: ["    3.1416|1.23e-04  |+1.23e+04\n", "", 0] }],
  ["'%i|%d\\n' 0x 08", { bash: ["0|0\n", "bash: line 1: printf: 0x: invalid hex number\nbash: line 1: printf: 08: invalid octal number\n", 1], dash: ["0|0\n", "sh: 1: printf: 0x: not completely converted\nsh: 1: printf: 08: not completely converted\n", 1], ash: ["0|0\n", "sh: invalid number '0x'\nsh: invalid number '08'\n", 1] }],
  ["'%#x %#o %o\\n' 0 0 0", { bash: ["0 0 0\n", "", 0], dash: ["0 0 0\n", "", 0], ash: ["0 0 0\n", "", 0] }],
  ["'%-8s|%8s|\\n' NAME READY", { bash: ["NAME    |   READY|\n", "", 0], dash: ["NAME    |   READY|\n", "", 0], ash: ["NAME    |   READY|\n", "", 0] }],
  ["'%s=%s\\n' a 1 b 2 c", { bash: ["a=1\nb=2\nc=\n", "", 0], dash: ["a=1\nb=2\nc=\n", "", 0], ash: ["a=1\nb=2\nc=\n", "", 0] }],
  ["'%e %e\\n' 0 -0.000012345", { bash: ["0.000000e+00 -1.234500e-05\n", "", 0], dash: ["0.000000e+00 -1.234500e-05\n", "", 0], ash: ["0.000000e+00 -1.234500e-05\n", "", 0] }],
  ["'%5.1f%%\\n' 99.44", { bash: [" 99.4%\n", "", 0], dash: [" 99.4%\n", "", 0], ash: [" 99.4%\n", "", 0] }],
];

describe('printf as bash, dash and BusyBox ash run it', () => {
  for (const [args, want] of CASES) {
    for (const d of ['bash', 'dash', 'ash'] as const) {
      it(`${d}: printf ${args}`, () => {
        const [out, err, status] = want[d];
        expect(run(d, `printf ${args}`)).toEqual({ output: err + out, exitCode: status });
      });
    }
  }
});

describe("printf's own options: bash's internal_getopt 'v:' and dash's nextopt", () => {
  it('names the first bad letter, and takes `-` and what follows `--` as operands (recorded: bash 5.2.15, dash 0.5.12)', () => {
    expect(run('bash', "printf -xy a; echo $?; printf -v x -y a; echo $?; printf -- -v; printf - a; echo")).toMatchObject({
      output: 'bash: line 1: printf: -x: invalid option\nprintf: usage: printf [-v var] format [arguments]\n2\nbash: line 1: printf: -y: invalid option\nprintf: usage: printf [-v var] format [arguments]\n2\n-v-\n',
    });
    expect(run('dash', 'printf -xy a; echo $?; printf -- -x; printf - a; echo').output).toBe('sh: 1: printf: Illegal option -x\n2\n-x-\n');
  });
});

describe("bash's %q spells out control characters", () => {
  it('as $\'…\' (recorded: bash 5.2.15)', () => {
    expect(run('bash', String.raw`printf '%q|%q\n' $'x\ty' $'a\x01b'`)).toEqual({ output: "$'x\\ty'|$'a\\001b'\n", exitCode: 0 });
  });
});

describe('echo decodes escapes as each shell does', () => {
  // Recorded: bash's echo -e takes octal only as \0NNN; dash's echo always decodes, without \x;
  // ash's -e takes \NNN and \x; `\c` ends the output and its newline everywhere.
  const script = String.raw`echo -e 'a\x41\0101\101\e[0m\u00e9|\c|x'; echo 'b\x41\0101\c'; echo`;
  it.each([
    ['bash', 'aAA\\101\x1b[0mé|b\\x41\\0101\\c\n\n'],
    ['dash', '-e a\\x41AA\x1b[0m\\u00e9|b\\x41A\n'],
    ['ash', 'aAAA\x1b[0m\\u00e9|b\\x41\\0101\\c\n\n'],
  ] as const)('%s', (d, output) => {
    expect(run(d, script)).toEqual({ output, exitCode: 0 });
  });
});

describe('printf and echo run as programs are the programs, not the shell’s builtins', () => {
  // Recorded: coreutils 9.1's /usr/bin/printf and /bin/echo under LC_ALL=C; BusyBox 1.35's applets.
  const exec = (image: string, argv: string[]): { output: string; exitCode: number } => {
    const p = startProcess({ image: resolveImage(image), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1 });
    const r = execInContainer(p, 500, argv);
    return { output: r.output, exitCode: r.exitCode };
  };

  it('coreutils printf by its path names itself so, quotes %q its own way and warns of unused arguments', () => {
    expect(run('dash', String.raw`/usr/bin/printf '%q|%q|%q|%q|%q|%q\n' 'a b' "it's" '' plain "a'b\$c" '#x'`).output).toBe(`'a b'|"it's"|''|plain|'a'\\''b$c'|'#x'\n`);
    expect(run('bash', String.raw`/usr/bin/printf '%q|%q\n' $'a\nb' $'\x01'`).output).toBe("'a'$'\\n''b'|''$'\\001'\n");
    expect(run('dash', `/usr/bin/printf x a b; echo; /usr/bin/printf %z; echo "st=$?"; /usr/bin/printf; echo "st=$?"`).output).toBe(
      "x/usr/bin/printf: warning: ignoring excess arguments, starting with 'a'\n\n/usr/bin/printf: %z: invalid conversion specification\nst=1\n/usr/bin/printf: missing operand\nTry '/usr/bin/printf --help' for more information.\nst=1\n",
    );
    // The shell's own printf is still dash's.
    expect(run('dash', `printf '%q' x`)).toEqual({ output: 'sh: 1: printf: %q: invalid directive\n', exitCode: 2 });
  });

  it('through env, xargs or kubectl exec without a shell it is the program too', () => {
    expect(exec('debian:12', ['env', 'printf', '%d\n', 'abc'])).toEqual({ output: "printf: 'abc': expected a numeric value\n0\n", exitCode: 1 });
    expect(exec('debian:12', ['printf', '%d|%d\n', '12abc', '99999999999999999999'])).toEqual({
      output: "printf: '12abc': value not completely converted\nprintf: '99999999999999999999': Numerical result out of range\n12|9223372036854775807\n",
      exitCode: 1,
    });
    expect(exec('busybox:1.36', ['sh', '-c', `printf '%d\\n' abc; /bin/printf '%d\\n' abc`]).output).toBe("sh: invalid number 'abc'\n0\nprintf: invalid number 'abc'\n0\n");
  });

  it('/bin/echo is coreutils’ echo: no escapes unless -e, where dash’s builtin always decodes', () => {
    expect(run('dash', String.raw`echo 'a\tb'; /bin/echo 'a\tb'; /bin/echo -e 'a\tb'`).output).toBe('a\tb\na\\tb\na\tb\n');
  });
});

describe("bash's printf -v NAME assigns what printf would print", () => {
  it('to the variable, with bash 5.2’s messages for a missing or bad name', () => {
    expect(run('bash', String.raw`printf -v y '%s-%s' a b; echo "$y"; printf -vz '%d' abc; echo "st=$? [$z]"; printf -v w 'a\n\n'; echo "[$w]"`)).toEqual({
      output: 'a-b\nbash: line 1: printf: abc: invalid number\nst=1 [0]\n[a\n\n]\n',
      exitCode: 0,
    });
    expect(run('bash', `printf -v; echo "st=$?"; printf -v 1x a; echo "st=$?"; printf -v x; echo "st=$?"`).output).toBe(
      "bash: line 1: printf: -v: option requires an argument\nprintf: usage: printf [-v var] format [arguments]\nst=2\nbash: line 1: printf: `1x': not a valid identifier\nst=2\nprintf: usage: printf [-v var] format [arguments]\nst=2\n",
    );
  });
});
