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

describe('local and return', () => {
  const SCOPES = 'x=g; f() { local x; echo "in1[${x-unset}]"; x=l; g; }; g() { echo "g[$x]"; }; f; echo "out[$x]"; h() { local y=1 z; y=2; return 3; }; h; echo "rc=$? y[${y-unset}]"';

  it("gives a call its own variable, seen by what it calls and put back as it returns (bash and BusyBox unset it, dash keeps the caller's value)", () => {
    expect(run('debian', 'bash', SCOPES).output).toBe('in1[unset]\ng[l]\nout[g]\nrc=3 y[unset]\n');
    expect(run('debian', 'sh', SCOPES).output).toBe('in1[g]\ng[l]\nout[g]\nrc=3 y[unset]\n');
    expect(run('busybox:1.36', 'sh', SCOPES).output).toBe('in1[unset]\ng[l]\nout[g]\nrc=3 y[unset]\n');
  });

  it('keeps each call’s locals apart in a recursion, and return leaves from inside a loop with them restored', () => {
    const script = 'n=0; r() { local n=$1; [ "$n" -lt 3 ] && r $((n + 1)); echo "n=$n"; }; r 1; echo "top=$n"';
    expect(run('debian', 'bash', script).output).toBe('n=3\nn=2\nn=1\ntop=0\n');
    expect(run('busybox:1.36', 'sh', script).output).toBe('n=3\nn=2\nn=1\ntop=0\n');
  });

  it('is refused outside a function: bash goes on with status 1, dash and BusyBox end the script with 2', () => {
    expect(run('debian', 'bash', 'local q=1; echo "rc=$?"')).toMatchObject({ exitCode: 0, output: 'bash: line 1: local: can only be used in a function\nrc=1\n' });
    expect(run('debian', 'sh', 'local q=1; echo "rc=$?"')).toMatchObject({ exitCode: 2, output: 'sh: 1: local: not in a function\n' });
    expect(run('busybox:1.36', 'sh', 'local q=1; echo "rc=$?"')).toMatchObject({ exitCode: 2, output: 'sh: local: line 0: not in a function\n' });
  });

  it('return without a number gives $?; a number over 255 wraps in bash and BusyBox, not in dash', () => {
    const script = 'f() { return; }; false; f; echo $?; r() { return 300; }; r; echo $?';
    expect(run('debian', 'bash', script).output).toBe('1\n44\n');
    expect(run('debian', 'sh', script).output).toBe('1\n300\n');
    expect(run('busybox:1.36', 'sh', script).output).toBe('1\n44\n');
  });
});

describe('tilde expansion', () => {
  const script = 'echo ~ ~/x "~" a~ ~+ x=~/y; y=~/z; echo $y; unset HOME; echo ~';
  it('reads ~ at a word’s start as $HOME in every shell; bash also ~+ and NAME=~ arguments (recorded: bash 5.2.15, dash 0.5.12, BusyBox 1.35)', () => {
    const home = (image: string, shell: string) => execInContainer(start(image), 1000, [shell, '-c', `HOME=/root; cd /tmp; ${script}`]).output;
    expect(home('debian', 'bash')).toBe('/root /root/x ~ a~ /tmp x=/root/y\n/root/z\n/root\n');
    expect(home('debian', 'sh')).toBe('/root /root/x ~ a~ ~+ x=~/y\n/root/z\n~\n');
    expect(home('busybox:1.36', 'sh')).toBe('/root /root/x ~ a~ ~+ x=~/y\n/root/z\n~\n');
  });
});
