/**
 * `trap` in containers' shells: EXIT as the shell ends (by `exit` or running out of commands),
 * ERR where `set -e` would look, listings and resets. Expected texts recorded from bash 5.2.15,
 * dash 0.5.12 and BusyBox 1.35 running the same `-c` scripts on this machine.
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess, type ProcessState } from './process';

function start(image: string): ProcessState {
  return startProcess({ image: resolveImage(image), env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 7, podIP: '10.244.1.5', hostname: 'demo', command: ['sleep', '3600'] });
}
const run = (image: string, shell: string, script: string) => execInContainer(start(image), 1000, [shell, '-c', script]);
const SHELLS = [['debian', 'bash'], ['debian', 'sh'], ['busybox:1.36', 'sh']] as const;

describe('trap', () => {
  it('lists what is set in each shell’s words, resets with -, ignores with an empty action, and runs EXIT as the script exits', () => {
    const script = `trap "echo bye \\$?" EXIT; trap "echo int" INT; trap; trap - INT; trap "" TERM; trap; echo end; exit 3`;
    expect(run('debian', 'bash', script)).toMatchObject({ exitCode: 3, output: "trap -- 'echo bye $?' EXIT\ntrap -- 'echo int' SIGINT\ntrap -- 'echo bye $?' EXIT\ntrap -- '' SIGTERM\nend\nbye 3\n" });
    for (const [image, shell] of SHELLS.slice(1)) {
      expect(run(image, shell, script)).toMatchObject({ exitCode: 3, output: "trap -- 'echo bye $?' EXIT\ntrap -- 'echo int' INT\ntrap -- 'echo bye $?' EXIT\ntrap -- '' TERM\nend\nbye 3\n" });
    }
  });

  it('runs EXIT when the script runs out of commands, in a subshell for the subshell’s own, and an exit in it decides the status', () => {
    for (const [image, shell] of SHELLS) {
      expect(run(image, shell, `trap "echo sub" EXIT; (trap "echo inner" EXIT; echo in); echo mid`)).toMatchObject({ exitCode: 0, output: 'in\ninner\nmid\nsub\n' });
      expect(run(image, shell, `trap "echo bye; exit 7" EXIT; echo a`)).toMatchObject({ exitCode: 7, output: 'a\nbye\n' });
      expect(run(image, shell, `f() { trap "echo fn-exit" EXIT; }; f; echo after`)).toMatchObject({ exitCode: 0, output: 'after\nfn-exit\n' });
      // exec puts a program in the shell's place: nothing is left to run the trap; exec with only redirections keeps it.
      expect(run(image, shell, `trap "echo t" EXIT; exec echo hi`).output).toBe('hi\n');
      expect(run(image, shell, `trap "echo t2" EXIT; exec 2>/dev/null; echo x`).output).toBe('x\nt2\n');
    }
  });

  it('runs ERR after a failing command where set -e would look (bash, BusyBox); dash has no ERR trap', () => {
    const script = `trap "echo err \\$?" ERR; false; echo next; if false; then :; fi; false || true; (exit 4); f() { false; return 5; }; f; echo "st=$?"`;
    expect(run('debian', 'bash', script).output).toBe('err 1\nnext\nerr 4\nerr 5\nst=5\n');
    expect(run('busybox:1.36', 'sh', script).output).toBe('err 1\nnext\nerr 4\nerr 5\nst=5\n');
    expect(run('debian', 'sh', script).output).toBe('trap: ERR: bad trap\nnext\nst=5\n');
    // Under set -e: ERR, then EXIT, then the shell exits with the failure.
    expect(run('debian', 'bash', `set -e; trap "echo err" ERR; trap "echo bye" EXIT; false; echo no`)).toMatchObject({ exitCode: 1, output: 'err\nbye\n' });
  });

  it("refuses what it does not know as each shell words it; -p is bash's only", () => {
    expect(run('debian', 'bash', 'trap x FOO; echo rc=$?').output).toBe('bash: line 1: trap: FOO: invalid signal specification\nrc=1\n');
    expect(run('debian', 'sh', 'trap x FOO; echo rc=$?').output).toBe('trap: FOO: bad trap\nrc=1\n');
    expect(run('busybox:1.36', 'sh', 'trap x FOO; echo rc=$?').output).toBe('sh: trap: line 0: FOO: invalid signal specification\nrc=1\n');
    expect(run('debian', 'bash', `trap "echo it's" int; trap -p; trap -p EXIT`).output).toBe("trap -- 'echo it'\\''s' SIGINT\n");
    expect(run('debian', 'sh', `trap "echo it's" 2; trap`).output).toBe(`trap -- 'echo it'"'"'s' INT\n`);
    expect(run('debian', 'sh', 'trap -p; echo no')).toMatchObject({ exitCode: 2, output: 'sh: 1: trap: Illegal option -p\n' });
    expect(run('busybox:1.36', 'sh', 'trap -p; echo no')).toMatchObject({ exitCode: 2, output: 'sh: trap: line 0: illegal option -p\n' });
  });
});

describe('$LINENO', () => {
  it('is the line a command starts on: bash from 1, BusyBox one less; dash leaves it empty (recorded with multi-line -c scripts)', () => {
    expect(run('debian', 'bash', 'echo $LINENO\necho "a\nb" $LINENO;\nf() {\necho $LINENO; }; f\necho "x\ny"; echo $LINENO').output).toBe('1\na\nb 3\n5\nx\ny\n7\n');
    expect(run('busybox:1.36', 'sh', 'echo $LINENO\necho "a\nb" $LINENO; f() { echo $LINENO; }; f\necho "x\ny"; echo $LINENO').output).toBe('0\na\nb 1\n2\nx\ny\n4\n');
    expect(run('debian', 'sh', 'echo "[$LINENO]"').output).toBe('[]\n');
  });
});
