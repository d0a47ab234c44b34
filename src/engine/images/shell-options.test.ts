/**
 * Shell options in container shells. Every expected text and status was recorded on this machine
 * from BusyBox 1.35 (`busybox sh -c …`, the busybox image's ash), Debian's dash 0.5.12 (`sh` in
 * debian:12) and bash 5.2.15, running the same script.
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, processExit, processLogs, startProcess } from './process';

function run(image: string, command: string[]): { exitCode: number | undefined; lines: string[] } {
  const p = startProcess({ image: resolveImage(image), env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 7, podIP: '10.244.1.5', hostname: 'demo', command });
  const exit = processExit(p);
  return { exitCode: exit?.exitCode, lines: processLogs(p, exit?.at ?? 60_000).map((l) => (l.stream === 'stderr' ? `!${l.text}` : l.text)) };
}
const ash = (script: string): ReturnType<typeof run> => run('busybox:1.36', ['sh', '-c', script]);
const dash = (script: string): ReturnType<typeof run> => run('debian:12', ['sh', '-c', script]);
const bash = (script: string): ReturnType<typeof run> => run('debian:12', ['bash', '-c', script]);
const all = { ash, dash, bash };

describe('set -e', () => {
  it('ends the shell at the first failing command, with its status, in every dialect', () => {
    for (const sh of Object.values(all)) expect(sh('set -e; echo a; false; echo b')).toEqual({ exitCode: 1, lines: ['a'] });
    expect(ash('set -e; echo a; ls /nope; echo b')).toEqual({ exitCode: 1, lines: ['a', "!ls: /nope: No such file or directory"] });
    expect(ash('set -e; nosuchcmd; echo b')).toEqual({ exitCode: 127, lines: ['!sh: nosuchcmd: not found'] });
  });

  it('is ignored in conditions, before the last command of && and ||, and after !', () => {
    const script = 'set -e; if false; then :; fi; while false; do :; done; false && true; ! true; echo ok1; false || false; echo no';
    for (const sh of Object.values(all)) expect(sh(script)).toEqual({ exitCode: 1, lines: ['ok1'] });
    for (const sh of Object.values(all)) expect(sh('set -e; (false; echo in) || echo or; echo out')).toEqual({ exitCode: 0, lines: ['in', 'out'] });
    for (const sh of Object.values(all)) expect(sh('set -e; if { false; echo in; } | cat; then echo yes; fi')).toEqual({ exitCode: 0, lines: ['in', 'yes'] });
  });

  it('a failing subshell ends the shell; a brace group whose failure was ignored does not', () => {
    for (const sh of Object.values(all)) {
      expect(sh('set -e; (false; echo in); echo out')).toEqual({ exitCode: 1, lines: [] });
      expect(sh('set -e; (false && true); echo out')).toEqual({ exitCode: 1, lines: [] });
      expect(sh('set -e; { false && true; }; echo out')).toEqual({ exitCode: 0, lines: ['out'] });
      expect(sh('set -e; for i in 1 2; do false; done; echo out')).toEqual({ exitCode: 1, lines: [] });
      expect(sh('set -e; if true; then false; fi; echo out')).toEqual({ exitCode: 1, lines: [] });
      expect(sh("set -e; sh -c 'exit 3'; echo out")).toEqual({ exitCode: 3, lines: [] });
      expect(sh('set -e; false | true; echo p1; true | false; echo p2')).toEqual({ exitCode: 1, lines: ['p1'] });
      expect(sh('set -e; set +e; false; echo still')).toEqual({ exitCode: 0, lines: ['still'] });
    }
  });

  it('dash keeps -e inside $(…), bash and BusyBox ash clear it there', () => {
    expect(dash('set -e; x=$(false; echo y); echo "[$x]"')).toEqual({ exitCode: 1, lines: [] });
    expect(ash('set -e; x=$(false; echo y); echo "[$x]"')).toEqual({ exitCode: 0, lines: ['[y]'] });
    expect(bash('set -e; x=$(false; echo y); echo "[$x]"')).toEqual({ exitCode: 0, lines: ['[y]'] });
    for (const sh of Object.values(all)) {
      expect(sh('set -e; x=$(false); echo "[$x]"')).toEqual({ exitCode: 1, lines: [] });
      expect(sh('set -e; echo $(false) z; echo after')).toEqual({ exitCode: 0, lines: ['z', 'after'] });
    }
  });

  it('given to the shell itself: sh -ec, sh -e -c', () => {
    expect(run('busybox:1.36', ['/bin/sh', '-ec', 'echo $-; false; echo no'])).toEqual({ exitCode: 1, lines: ['ce'] });
    expect(run('debian:12', ['/bin/sh', '-e', '-c', 'echo $-; false; echo no'])).toEqual({ exitCode: 1, lines: ['e'] });
    expect(run('debian:12', ['bash', '-ec', 'echo $-; false; echo no'])).toEqual({ exitCode: 1, lines: ['ehBc'] });
  });

  it('sh -e FILE and sh -x FILE run a script with the option; its #! line is then a comment', () => {
    const write = 'printf "#!/bin/sh -e\\necho one \\$-\\nfalse\\necho two\\n" > /tmp/s.sh';
    expect(ash(`${write}; sh -e /tmp/s.sh; echo rc=$?; sh /tmp/s.sh; echo rc=$?`)).toEqual({ exitCode: 0, lines: ['one e', 'rc=1', 'one', 'two', 'rc=0'] });
    expect(dash(`${write}; sh -x /tmp/s.sh`).lines).toEqual(['!+ echo one x', 'one x', '!+ false', '!+ echo two', 'two']);
  });

  it('a kubectl exec shell starts without the container shell\'s options', () => {
    const p = startProcess({ image: resolveImage('busybox:1.36'), env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 7, podIP: '10.244.1.5', hostname: 'demo', command: ['sh', '-ec', 'sleep 3600'] });
    expect(execInContainer(p, 1000, ['sh', '-c', 'false; echo $-'])).toMatchObject({ exitCode: 0, output: 'c\n' });
  });
});

describe('set -u', () => {
  it('an unset parameter is an error that ends the shell', () => {
    expect(ash('set -u; echo $X; echo after')).toEqual({ exitCode: 2, lines: ['!sh: X: parameter not set'] });
    expect(dash('set -u; echo ${X}; echo after')).toEqual({ exitCode: 2, lines: ['!sh: 1: X: parameter not set'] });
    expect(bash('set -u; echo $X; echo after')).toEqual({ exitCode: 127, lines: ['!bash: X: unbound variable'] });
    expect(ash('set -u; echo "$1"')).toEqual({ exitCode: 2, lines: ['!sh: 1: parameter not set'] });
    expect(dash('set -u; echo "$1"')).toEqual({ exitCode: 2, lines: ['!sh: 1: 1: parameter not set'] });
    expect(bash('set -u; echo "$1"')).toEqual({ exitCode: 127, lines: ['!bash: $1: unbound variable'] });
    expect(bash('set -u; echo ${#Y}')).toEqual({ exitCode: 127, lines: ['!bash: Y: unbound variable'] });
    expect(bash('set -u; echo "${1}"')).toEqual({ exitCode: 127, lines: ['!bash: 1: unbound variable'] });
    expect(bash('set -u; echo $((Z+Y)); echo after')).toEqual({ exitCode: 127, lines: ['!bash: Z: unbound variable'] });
    expect(ash('set -u; echo $((Z+1))')).toEqual({ exitCode: 0, lines: ['1'] });
    expect(dash('echo ${A:?x} ${B:?y}; echo after')).toEqual({ exitCode: 2, lines: ['!sh: 1: A: x'] });
  });

  it('defaults, $@ and $# are not errors', () => {
    for (const sh of Object.values(all)) expect(sh('set -u; echo ${X:-d} "$@" $#; echo after')).toEqual({ exitCode: 0, lines: ['d 0', 'after'] });
  });
});

describe('set -x', () => {
  const script = `set -x; echo "a b" c 'd'e x=1; X=2; Y="p q" echo z; echo "it's" ""; echo a 2>/dev/null`;

  it('dash quotes nothing', () => {
    expect(dash(script).lines).toEqual(['!+ echo a b c de x=1', 'a b c de x=1', '!+ X=2', '!+ Y=p q echo z', 'z', "!+ echo it's ", "it's ", '!+ echo a', 'a']);
  });

  it('BusyBox ash single-quotes words with special characters, = among them', () => {
    expect(ash(script).lines).toEqual(["!+ echo 'a b' c de 'x=1'", 'a b c de x=1', '!+ X=2', "!+ Y='p q' echo z", 'z', `!+ echo 'it'"'"'s' `, "it's ", '!+ echo a', 'a']);
    expect(ash('set -x; test 1 = 1; [ -n x ]; export A=1 B').lines).toEqual(["!+ test 1 '=' 1", "!+ '[' -n x ]", "!+ export 'A=1' B"]);
  });

  it('bash quotes as sh_single_quote, traces assignments on their own lines and $(…) with ++', () => {
    expect(bash(script).lines).toEqual(["!+ echo 'a b' c de x=1", 'a b c de x=1', '!+ X=2', "!+ Y='p q'", '!+ echo z', 'z', `!+ echo 'it'\\''s' ''`, "it's ", '!+ echo a', 'a']);
    expect(bash('set -x; x=$(echo $(echo hi)); export A=1 B "C=x y"; [ -n x ]').lines).toEqual(['!+++ echo hi', '!++ echo hi', '!+ x=hi', "!+ export A=1 B 'C=x y'", '!+ A=1', "!+ C='x y'", "!+ '[' -n x ']'"]);
    expect(bash('set -x; for i in 1 "a b"; do :; done').lines).toEqual(['!+ for i in 1 "a b"', '!+ :', '!+ for i in 1 "a b"', '!+ :']);
  });

  it('PS4 prefixes the trace; set +x is traced and ends it', () => {
    expect(ash('set -x; PS4="> "; echo a; set +x; echo b').lines).toEqual(["!> PS4='> '", '!> echo a', 'a', '!> set +x', 'b']);
    expect(bash('set -x; PS4="> "; echo a').lines).toEqual(["!+ PS4='> '", '!> echo a', 'a']);
    expect(run('busybox:1.36', ['sh', '-x', '-c', 'echo $- "$0" $1', 'n1', 'a1']).lines).toEqual(['!+ echo xc n1 a1', 'xc n1 a1']);
  });
});

describe('set -o pipefail', () => {
  it('BusyBox ash and bash: the pipeline fails with the last failing stage', () => {
    for (const sh of [ash, bash]) {
      expect(sh('set -o pipefail; false | true; echo $?').lines).toEqual(['1']);
      expect(sh('set -o pipefail; (exit 3) | (exit 4) | true; echo $?').lines).toEqual(['4']);
    }
    expect(run('debian:12', ['bash', '-euo', 'pipefail', '-c', 'false | true; echo no'])).toEqual({ exitCode: 1, lines: [] });
    expect(run('busybox:1.36', ['sh', '-euo', 'pipefail', '-c', 'false | true; echo no'])).toEqual({ exitCode: 1, lines: [] });
  });

  it('dash has no pipefail: set -o pipefail ends the script, sh -o pipefail does not start', () => {
    expect(dash('set -euo pipefail; echo no')).toEqual({ exitCode: 2, lines: ['!sh: 1: set: Illegal option -o pipefail'] });
    expect(run('debian:12', ['sh', '-o', 'pipefail', '-c', 'echo no'])).toEqual({ exitCode: 2, lines: ['!sh: 0: Illegal option -o pipefail'] });
  });
});

describe('set errors, set -o and $-', () => {
  it('a bad option: dash ends the script, ash ends it for a letter, bash carries on', () => {
    expect(dash('set -q; echo after')).toEqual({ exitCode: 2, lines: ['!sh: 1: set: Illegal option -q'] });
    expect(ash('set -q; echo after')).toEqual({ exitCode: 2, lines: ['!sh: set: line 0: illegal option -q'] });
    expect(ash('set -o bogus; echo $?')).toEqual({ exitCode: 0, lines: ['!sh: set: line 0: illegal option -o bogus', '1'] });
    expect(bash('set -o bogus; echo $?')).toEqual({ exitCode: 0, lines: ['!bash: line 1: set: bogus: invalid option name', '2'] });
    expect(bash('set -q; echo $?').lines).toEqual(['!bash: line 1: set: -q: invalid option', '!set: usage: set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]', '2']);
  });

  it('$- lists the options in each shell\'s order', () => {
    expect(dash('echo "[$-]"; set -efuxv; echo $-').lines).toEqual(['[]', '!+ echo uvxfe', 'uvxfe']);
    expect(ash('echo $-; set -efuxv; echo $-').lines).toEqual(['c', '!+ echo uvxcfe', 'uvxcfe']);
    expect(bash('echo $-; set -efuxv; echo $-').lines).toEqual(['hBc', '!+ echo efhuvxBc', 'efhuvxBc']);
  });

  it('set -o and set +o list the settings', () => {
    const ashList = ash('set -e -o pipefail; set -o').lines;
    expect(ashList[0]).toBe('errexit         on');
    expect(ashList.at(-1)).toBe('pipefail        on');
    expect(ashList).toHaveLength(14);
    expect(dash('set -o').lines.slice(0, 2)).toEqual(['Current option settings', 'errexit         off']);
    expect(dash('set -x; set +o').lines.filter((l) => l.includes('xtrace'))).toEqual(['set -o xtrace']);
    const bashList = bash('set -u; set -o').lines;
    expect(bashList).toContain('nounset        \ton');
    expect(bashList).toContain('braceexpand    \ton');
    expect(bashList).toContain('interactive-comments\ton');
    expect(bash('set +o').lines).toContain('set -o hashall');
  });

  it('set with operands still sets the positional parameters', () => {
    for (const sh of Object.values(all)) expect(sh('set -e a b; echo $# $1 $2; set -- c; echo $#').lines).toEqual(['2 a b', '1']);
  });
});
