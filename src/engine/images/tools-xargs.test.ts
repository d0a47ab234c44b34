/**
 * `xargs` runs its command with the items it reads, one run after another. Expected outputs,
 * messages and statuses recorded on this machine from GNU findutils 4.9.0's xargs and BusyBox
 * 1.35's with the same input.
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';

const run = (image: string, line: string) =>
  execInContainer(startProcess({ image: resolveImage(image), env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 7, podIP: '10.244.1.5', hostname: 'demo', command: ['sleep', '3600'] }), 1000, ['sh', '-c', line]);

describe('xargs', () => {
  it('runs the command with all items, N at a time, a line at a time, or once per line with {} replaced', () => {
    expect(run('debian:12', 'echo a b c | xargs echo x; echo a b c | xargs -n 2 echo x; printf "a b\\nc\\n" | xargs -L 1 echo')).toMatchObject({ exitCode: 0, output: 'x a b c\nx a b\nx c\na b\nc\n' });
    expect(run('busybox:1.36', 'printf "a\\nb c\\n" | xargs -I {} echo [{}]')).toMatchObject({ exitCode: 0, output: '[a]\n[b c]\n' });
    expect(run('debian:12', 'echo "a \'b c\' \\"d e\\"" | xargs -n1 echo; echo /etc/hostname | xargs cat')).toMatchObject({ output: 'a\nb c\nd e\ndemo\n' });
    expect(run('busybox:1.36', 'echo a b c | xargs -n1 sh -c "echo [\\$0]"')).toMatchObject({ output: '[a]\n[b]\n[c]\n' });
  });

  it('runs echo when given no command, and once on empty input unless -r', () => {
    expect(run('debian:12', 'echo a b | xargs; echo | xargs echo x; true | xargs -r echo y')).toMatchObject({ exitCode: 0, output: 'a b\nx\n' });
  });

  it("answers with findutils' statuses and each implementation's messages", () => {
    expect(run('debian:12', 'echo a | xargs false; echo $?')).toMatchObject({ output: '123\n' });
    expect(run('debian:12', 'echo a | xargs nosuch')).toMatchObject({ exitCode: 127, output: 'xargs: nosuch: No such file or directory\n' });
    expect(run('debian:12', 'echo "it\'s" | xargs echo')).toMatchObject({ exitCode: 1, output: 'xargs: unmatched single quote; by default quotes are special to xargs unless you use the -0 option\n' });
    expect(run('busybox:1.36', 'echo "it\'s" | xargs echo')).toMatchObject({ exitCode: 1, output: 'xargs: unmatched single quote\n' });
    expect(run('debian:12', 'echo a | xargs -n x echo')).toMatchObject({ exitCode: 1, output: 'xargs: invalid number "x" for -n option\nTry \'xargs --help\' for more information.\n' });
    expect(run('busybox:1.36', 'echo a | xargs -n x echo')).toMatchObject({ exitCode: 1, output: "xargs: invalid number 'x'\n" });
  });
});

describe('xargs and a command that exits 255', () => {
  it('stops there, saying so, with status 124', () => {
    expect(run('debian:12', 'echo a b | xargs -n1 sh -c "echo \\$0; exit 255"')).toMatchObject({ exitCode: 124, output: 'a\nxargs: sh: exited with status 255; aborting\n' });
    expect(run('busybox:1.36', 'echo a b | xargs -n1 sh -c "exit 255"')).toMatchObject({ exitCode: 124, output: 'xargs: sh: exited with status 255; aborting\n' });
  });
});
