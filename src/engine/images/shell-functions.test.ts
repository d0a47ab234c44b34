/**
 * Functions, `return`, exported variables and `cd -` in containers' shells. Expected texts
 * recorded from dash 0.5.12, BusyBox 1.35 and bash 5.2.15 running the same `-c` scripts.
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess, type ProcessState } from './process';

function start(image: string): ProcessState {
  return startProcess({ image: resolveImage(image), env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 7, podIP: '10.244.1.5', hostname: 'demo', command: ['sleep', '3600'] });
}
const run = (image: string, shell: string, script: string) => execInContainer(start(image), 1000, [shell, '-c', script]);

const CALLS = `f() { echo "a=$1 n=$#"; return 3; echo no; }; set -- x y; f p; echo "st=$? $1"; unset f; f; unset -f f; f`;

describe('shell functions', () => {
  it('take their arguments as $@, return a status, and give the caller its own back (dash, BusyBox)', () => {
    expect(run('debian', 'sh', CALLS)).toMatchObject({ exitCode: 127, output: 'a=p n=1\nst=3 x\na= n=0\nsh: 1: f: not found\n' });
    expect(run('busybox:1.36', 'sh', CALLS)).toMatchObject({ exitCode: 127, output: 'a=p n=1\nst=3 x\na= n=0\nsh: f: not found\n' });
  });

  it('unset without -f: a variable in dash and ash, the function too in bash when no variable has the name', () => {
    expect(run('debian', 'bash', 'f() { echo hi; }; unset f; f')).toMatchObject({ exitCode: 127, output: 'bash: line 1: f: command not found\n' });
  });

  it('return leaves loops inside the function; the function runs in pipelines and $(…); type and command -v name it', () => {
    const script = 'g() { for i in 1 2 3; do echo $i; [ $i = 2 ] && return 7; done; }; g; echo $?; type g; command -v g; g | wc -l; x=$(g); echo "[$x]"';
    expect(run('debian', 'sh', script).output).toBe('1\n2\n7\ng is a shell function\ng\n2\n[1\n2]\n');
    expect(run('busybox:1.36', 'sh', script).output).toBe('1\n2\n7\ng is a function\ng\n2\n[1\n2]\n');
  });

  it('set -e applies inside a function; a new shell has none of its parent’s', () => {
    expect(run('busybox:1.36', 'sh', 'set -e; f() { false; echo no; }; f; echo after')).toMatchObject({ exitCode: 1, output: '' });
    expect(run('busybox:1.36', 'sh', `f() { echo hi; }; sh -c 'f'`)).toMatchObject({ exitCode: 127, output: 'sh: f: not found\n' });
  });
});

describe('cd keeps PWD and OLDPWD', () => {
  it('cd - goes back and says where; unset OLDPWD: dash and ash stay, bash refuses', () => {
    expect(run('debian', 'sh', 'cd /tmp; cd /etc; cd -; echo "$OLDPWD $PWD"').output).toBe('/tmp\n/etc /tmp\n');
    expect(run('busybox:1.36', 'sh', 'cd -').output).toBe('/\n');
    expect(run('debian', 'bash', 'cd -')).toMatchObject({ exitCode: 1, output: 'bash: line 1: cd: OLDPWD not set\n' });
    expect(run('debian', 'bash', 'cd /nope')).toMatchObject({ exitCode: 1, output: 'bash: line 1: cd: /nope: No such file or directory\n' });
  });
});
