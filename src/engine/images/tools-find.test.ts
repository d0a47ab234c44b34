/**
 * `find` in debian:12 (GNU findutils 4.9) and busybox containers. Expected outputs and messages
 * recorded on this machine from find 4.9.0 (LC_ALL=C, as containers run) and BusyBox 1.35's find
 * on a tree of the same shape; names are walked in byte order here (see tools-find.ts).
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';

const run = (image: string, line: string) =>
  execInContainer(startProcess({ image: resolveImage(image), env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 7, podIP: '10.244.1.5', hostname: 'demo', command: ['sleep', '3600'] }), 1000, ['sh', '-c', line]);

const TREE = 'mkdir -p /d/sub/deep; echo x > /d/f; echo x > /d/sub/A.TXT; echo y > /d/sub/deep/b.txt; cd /; ';

describe('find', () => {
  it('walks paths and prints what the tests select', () => {
    expect(run('debian:12', 'find /etc -name hostname')).toMatchObject({ exitCode: 0, output: '/etc/hostname\n' });
    expect(run('debian:12', `${TREE}find d`).output).toBe('d\nd/f\nd/sub\nd/sub/A.TXT\nd/sub/deep\nd/sub/deep/b.txt\n');
    expect(run('debian:12', `${TREE}find d -name "*.txt"; find d -iname "*.txt" -type f`).output).toBe('d/sub/deep/b.txt\nd/sub/A.TXT\nd/sub/deep/b.txt\n');
    expect(run('debian:12', `${TREE}find d/ -maxdepth 1; find d -mindepth 2 -type d; find d -path "*sub*" -name b.txt`).output).toBe('d/\nd/f\nd/sub\nd/sub/deep\nd/sub/deep/b.txt\n');
    expect(run('busybox:1.36', `${TREE}cd d; find -name f; find . -type f -o -name sub -print0`).output).toBe('./f\n./sub\0');
    expect(run('debian:12', `${TREE}find d -name sub -prune -o -print; find d ! -type d`).output).toBe('d\nd/f\nd/f\nd/sub/A.TXT\nd/sub/deep/b.txt\n');
  });

  it('runs -exec once per file with ;, once for all with +', () => {
    expect(run('debian:12', `${TREE}find d -name "*.txt" -exec echo hi {} \\;; find d -type f -exec echo all {} +`).output).toBe('hi d/sub/deep/b.txt\nall d/f d/sub/A.TXT d/sub/deep/b.txt\n');
    expect(run('busybox:1.36', `${TREE}find d -type f -name f -exec cat {} \\;`)).toMatchObject({ exitCode: 0, output: 'x\n' });
    expect(run('debian:12', `${TREE}find d -name f -exec nosuch {} \\;; echo $?; find d -name f -exec false {} +; echo $?`).output).toBe("find: 'nosuch': No such file or directory\n0\n1\n");
  });

  it("reports a missing path and goes on, and refuses bad expressions in each implementation's words", () => {
    expect(run('debian:12', `${TREE}find /nope d -maxdepth 0`)).toMatchObject({ exitCode: 1, output: "find: '/nope': No such file or directory\nd\n" });
    expect(run('busybox:1.36', 'find /nope')).toMatchObject({ exitCode: 1, output: 'find: /nope: No such file or directory\n' });
    expect(run('debian:12', 'find / -bogus')).toMatchObject({ exitCode: 1, output: "find: unknown predicate `-bogus'\n" });
    expect(run('debian:12', 'find / -type q')).toMatchObject({ exitCode: 1, output: 'find: Unknown argument to -type: q\n' });
    expect(run('debian:12', 'find / -name')).toMatchObject({ exitCode: 1, output: "find: missing argument to `-name'\n" });
    expect(run('debian:12', 'find / -exec echo {}')).toMatchObject({ exitCode: 1, output: "find: missing argument to `-exec'\n" });
    expect(run('debian:12', 'find / -maxdepth x')).toMatchObject({ exitCode: 1, output: "find: Expected a positive decimal integer argument to -maxdepth, but got 'x'\n" });
    expect(run('busybox:1.36', 'find / -type q')).toMatchObject({ exitCode: 1, output: "find: invalid argument 'q' to '-type'\n" });
    expect(run('busybox:1.36', 'find / -name')).toMatchObject({ exitCode: 1, output: 'find: -name requires an argument\n' });
    expect(run('busybox:1.36', 'find / -maxdepth x')).toMatchObject({ exitCode: 1, output: "find: invalid number 'x'\n" });
    expect(run('debian:12', 'find / -mtime 1')).toMatchObject({ exitCode: 1, output: 'find: -mtime: not simulated in this classroom\n' });
  });
});
