/**
 * Command substitution in a container's shells: backquotes (all three shells) and bash's
 * `$(< file)`. Every expected text and status was recorded on this machine (bash 5.2.15,
 * dash 0.5.12, BusyBox 1.35 `busybox sh -c`); dash prints its own name (`dash: 1:`), here
 * `sh: 1:` as invoked.
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
  const r = execInContainer(p, 1000, [IMAGES[d].shell, '-c', script]);
  return { output: r.output, exitCode: r.exitCode };
}

const BACKQUOTES = 'x=`printf "a\\n\\n"`; echo "[$x]"; echo `echo "a  b"` "`echo "a  b"`"; echo `echo a\\$b \\\\\\\\ c`; echo "`echo \\"q\\"`"; echo `echo \\`echo nest\\``';

describe('backquotes', () => {
  it.each(['bash', 'dash', 'ash'] as const)('%s: split unquoted, whole in double quotes, \\$ \\` \\\\ (and \\" in quotes) lose their backslash', (d) => {
    expect(run(d, BACKQUOTES)).toEqual({ output: '[a]\na b a  b\na \\ c\nq\nnest\n', exitCode: 0 });
  });

  it.each([
    ['bash', "bash: -c: line 1: unexpected EOF while looking for matching ``'\n"],
    ['dash', 'sh: 1: Syntax error: EOF in backquote substitution\n'],
    ['ash', 'sh: syntax error: EOF in backquote substitution\n'],
  ] as const)('%s: an unclosed backquote is its syntax error', (d, message) => {
    expect(run(d, 'echo `echo hi')).toEqual({ output: message, exitCode: 2 });
  });
});

describe('$(< file)', () => {
  const script = 'printf "l1\\nl2\\n\\n" > /tmp/f; x=$(< /tmp/f); echo "[$x]"; x=$(<nofile); echo "st=$? [$x]"; echo $(0< /tmp/f) "[$(< /tmp/f 2>/dev/null)]" "[$(< /tmp)]"';
  it('bash reads the file itself; a missing one is its error (no line number) and status 1', () => {
    expect(run('bash', script)).toEqual({ output: '[l1\nl2]\nbash: nofile: No such file or directory\nst=1 []\nl1 l2 [] []\n', exitCode: 0 });
  });

  it.each([
    ['dash', 'sh: 1: cannot open /nofile: No such file\nst=2 []\n'],
    ['ash', "sh: can't open /nofile: no such file\nst=1 []\n"],
  ] as const)('%s runs it as an empty command: the value is empty, a missing file the redirection\'s error', (d, missing) => {
    expect(run(d, 'printf "l1\\n" > /tmp/f; x=$(< /tmp/f); echo "[$x]"; x=$(< /nofile); echo "st=$? [$x]"')).toEqual({ output: `[]\n${missing}`, exitCode: 0 });
  });
});

describe('process substitution <(…)', () => {
  it('bash names /dev/fd/63, 62 …, readable by the command and by `done < <(…)`, gone once the command ends', () => {
    const script = 'echo <(true) <(true); diff <(echo a) <(echo b); echo st=$?; cat <(echo x) <(echo y); n=0; while read -r l; do n=$((n+1)); done < <(printf "a\\nb\\n"); echo $n; x=<(echo hi); cat $x; echo st=$?; wc -l < <(printf "a\\nb\\n")';
    expect(run('bash', script)).toEqual({ output: '/dev/fd/63 /dev/fd/62\n1c1\n< a\n---\n> b\nst=1\nx\ny\n2\ncat: /dev/fd/63: No such file or directory\nst=1\n2\n', exitCode: 0 });
  });

  it('BusyBox ash (1.35 on) has it too, numbering up from /dev/fd/64', () => {
    const script = 'echo <(true) <(true); diff <(echo a) <(echo b); echo st=$?; while read l; do echo "[$l]"; done < <(echo q)';
    expect(run('ash', script)).toEqual({ output: '/dev/fd/64 /dev/fd/65\n1c1\n< a\n---\n> b\nst=1\n[q]\n', exitCode: 0 });
  });

  it('dash has none: `<(` is its syntax error', () => {
    expect(run('dash', 'cat <(echo x)')).toEqual({ output: 'sh: 1: Syntax error: "(" unexpected\n', exitCode: 2 });
  });
});
