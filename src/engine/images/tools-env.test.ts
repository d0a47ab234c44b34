/**
 * `env` runs a program in the environment it builds (GNU coreutils 9.1 and BusyBox 1.35, recorded
 * on this machine with the same arguments): it printed the environment whatever it was given.
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';

const run = (image: string, argv: string[]) =>
  execInContainer(startProcess({ image: resolveImage(image), env: { GREETING: 'hi' }, ports: {}, startedAt: 0, restartCount: 0, seed: 7, podIP: '10.244.1.5', hostname: 'demo', command: ['sleep', '3600'] }), 1000, argv);

describe('env', () => {
  it('runs the command with the assignments, after -i (or -) starts it empty and -u removes a variable', () => {
    expect(run('busybox:1.36', ['env', 'FOO=bar', 'sh', '-c', 'echo "$FOO $GREETING"'])).toMatchObject({ exitCode: 0, output: 'bar hi\n' });
    expect(run('debian:12', ['env', '-i', 'A=1', 'B=2', 'env'])).toMatchObject({ exitCode: 0, output: 'A=1\nB=2\n' });
    expect(run('debian:12', ['env', '-', 'X=1', 'env'])).toMatchObject({ exitCode: 0, output: 'X=1\n' });
    expect(run('debian:12', ['env', '-u', 'GREETING', 'sh', '-c', 'echo "[$GREETING]"'])).toMatchObject({ exitCode: 0, output: '[]\n' });
    // A changed variable keeps its place; a new one comes last, as putenv leaves them.
    const listed = run('debian:12', ['env', 'Z=last', 'GREETING=changed']).output.trim().split('\n');
    expect(listed.at(-1)).toBe('Z=last');
    expect(listed).toContain('GREETING=changed');
  });

  it('execs a program, never a shell builtin or function, and says so in its own words when there is none', () => {
    expect(run('debian:12', ['env', 'nosuch'])).toMatchObject({ exitCode: 127, output: "env: 'nosuch': No such file or directory\n" });
    expect(run('busybox:1.36', ['env', 'nosuch'])).toMatchObject({ exitCode: 127, output: "env: can't execute 'nosuch': No such file or directory\n" });
    expect(run('debian:12', ['sh', '-c', 'f() { echo fn; }; env f'])).toMatchObject({ exitCode: 127, output: "env: 'f': No such file or directory\n" });
  });

  it('a usage error is status 125', () => {
    expect(run('debian:12', ['env', '-u'])).toMatchObject({ exitCode: 125, output: "env: option requires an argument -- 'u'\nTry 'env --help' for more information.\n" });
    expect(run('debian:12', ['env', '-x'])).toMatchObject({ exitCode: 125, output: "env: invalid option -- 'x'\nTry 'env --help' for more information.\n" });
  });
});
