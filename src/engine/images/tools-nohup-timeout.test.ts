/**
 * `timeout` and `nohup` run their command (execvp: a program, never a builtin or function).
 * Statuses and messages recorded on this machine from coreutils 9.1 (`timeout 1 sleep 5` 124,
 * `-s KILL` 137, `--preserve-status` 143, usage errors 125) and BusyBox 1.35's timeout (143, its
 * own words, status 1); BusyBox's nohup read in coreutils/nohup.c (github:mirror/busybox).
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';

const run = (image: string, line: string) =>
  execInContainer(startProcess({ image: resolveImage(image), env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 7, podIP: '10.244.1.5', hostname: 'demo', command: ['sleep', '3600'] }), 1000, ['sh', '-c', line]);

describe('timeout', () => {
  it('kills a command that outlives DURATION, after DURATION, with GNU statuses', () => {
    expect(run('debian:12', 'a=$(date +%s); timeout 1 sleep 5; echo $?; b=$(date +%s); echo $((b - a))')).toMatchObject({ exitCode: 0, output: '124\n1\n' });
    expect(run('debian:12', 'timeout -s KILL 1 sleep infinity; echo $?; timeout --preserve-status 2s sleep 5; echo $?')).toMatchObject({ output: '137\n143\n' });
  });

  it("passes on a command's status when it ends in time, and its output", () => {
    expect(run('debian:12', 'timeout 5 sh -c "sleep 1; echo in; exit 3"; echo $?')).toMatchObject({ output: 'in\n3\n' });
    expect(run('busybox:1.36', 'echo piped | timeout 2 cat')).toMatchObject({ exitCode: 0, output: 'piped\n' });
  });

  it('BusyBox kills its own process: 128+SIG', () => {
    expect(run('busybox:1.36', 'timeout 1 sleep 5; echo $?; timeout -s KILL 1 sleep 5; echo $?')).toMatchObject({ output: '143\n137\n' });
  });

  it('reports a missing program and usage errors in each implementation\'s words', () => {
    expect(run('debian:12', 'timeout 1 nosuch')).toMatchObject({ exitCode: 127, output: "timeout: failed to run command 'nosuch': No such file or directory\n" });
    expect(run('debian:12', 'f() { :; }; timeout 1 f')).toMatchObject({ exitCode: 127, output: "timeout: failed to run command 'f': No such file or directory\n" });
    expect(run('debian:12', 'timeout x true')).toMatchObject({ exitCode: 125, output: "timeout: invalid time interval 'x'\nTry 'timeout --help' for more information.\n" });
    expect(run('debian:12', 'timeout -s FOO 1 true')).toMatchObject({ exitCode: 125, output: "timeout: 'FOO': invalid signal\nTry 'timeout --help' for more information.\n" });
    expect(run('debian:12', 'timeout 5')).toMatchObject({ exitCode: 125, output: "Try 'timeout --help' for more information.\n" });
    expect(run('busybox:1.36', 'timeout 1 nosuch')).toMatchObject({ exitCode: 127, output: "timeout: can't execute 'nosuch': No such file or directory\n" });
    expect(run('busybox:1.36', 'timeout x true')).toMatchObject({ exitCode: 1, output: "timeout: invalid number 'x'\n" });
    expect(run('busybox:1.36', 'timeout -s FOO 1 true')).toMatchObject({ exitCode: 1, output: "timeout: unknown signal 'FOO'\n" });
  });
});

describe('nohup', () => {
  it('runs its command, saying nothing when no terminal is involved', () => {
    expect(run('debian:12', 'nohup echo hi; echo $?; ls nohup.out 2>/dev/null')).toMatchObject({ output: 'hi\n0\n' });
    expect(run('busybox:1.36', 'nohup sh -c "echo \\$0"')).toMatchObject({ exitCode: 0, output: 'sh\n' });
  });

  it('reports a missing program and a missing operand', () => {
    expect(run('debian:12', 'nohup nosuch')).toMatchObject({ exitCode: 127, output: "nohup: failed to run command 'nosuch': No such file or directory\n" });
    expect(run('debian:12', 'nohup')).toMatchObject({ exitCode: 125, output: "nohup: missing operand\nTry 'nohup --help' for more information.\n" });
    expect(run('busybox:1.36', 'nohup nosuch')).toMatchObject({ exitCode: 127, output: "nohup: can't execute 'nosuch': No such file or directory\n" });
    expect(run('busybox:1.36', 'nohup')).toMatchObject({ exitCode: 127, output: expect.stringContaining('Usage: nohup PROG ARGS\n') });
  });
});

describe('--version', () => {
  it("prints Debian 12's coreutils 9.1 text, and is the command's own argument after the command", () => {
    expect(run('debian:12', 'timeout --version | head -1; timeout --version | tail -1; stat --version | tail -1; nohup --version | tail -1')).toMatchObject({
      output: 'timeout (GNU coreutils) 9.1\nWritten by Padraig Brady.\nWritten by Michael Meskes.\nWritten by Jim Meyering.\n',
    });
    expect(run('debian:12', 'timeout 5 sh -c "echo \\$1" sh --version')).toMatchObject({ exitCode: 0, output: '--version\n' });
  });
});
