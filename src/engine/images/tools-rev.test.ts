/**
 * rev in BusyBox and Debian images. Outputs and messages recorded on this machine from BusyBox
 * 1.35's applet (/tmp/bb) and util-linux 2.38.1's rev: `printf 'foo\nbar baz\n\nnoeol' > f`.
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';

const run = (image: string, line: string) =>
  execInContainer(startProcess({ image: resolveImage(image), env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 7, podIP: '10.244.1.5', hostname: 'demo', command: ['sleep', '3600'] }), 1000, ['sh', '-c', line]);

const FILE = "printf 'foo\\nbar baz\\n\\nnoeol' > /tmp/f; ";

describe('rev', () => {
  it('reverses each line, keeping newlines where they were (BusyBox and util-linux alike)', () => {
    for (const image of ['busybox:1.36', 'debian:12']) {
      expect(run(image, `${FILE}rev /tmp/f`)).toMatchObject({ exitCode: 0, output: 'oof\nzab rab\n\nloeon' });
      expect(run(image, "printf 'héllo\\n' | rev")).toMatchObject({ output: 'olléh\n' });
    }
  });

  it("BusyBox: a missing FILE is warned of and the next read; `-` is stdin; a directory reads as nothing", () => {
    expect(run('busybox:1.36', `${FILE}rev /nonexist /tmp/f; echo " $?"`)).toMatchObject({ output: 'rev: /nonexist: No such file or directory\noof\nzab rab\n\nloeon 1\n' });
    expect(run('busybox:1.36', 'echo abc | rev - /tmp; echo $?')).toMatchObject({ output: 'cba\n0\n' });
    expect(run('busybox:1.36', 'rev --zero; echo $?')).toMatchObject({ output: "rev: unrecognized option '--zero'\nBusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: rev [FILE]...\n\nReverse lines of FILE\n1\n" });
  });

  it("util-linux: its own words for a missing FILE and a directory, and getopt's for an option", () => {
    expect(run('debian:12', `${FILE}rev /tmp /tmp/f; echo " $?"`)).toMatchObject({ output: 'rev: /tmp: 0: Is a directory\noof\nzab rab\n\nloeon 1\n' });
    expect(run('debian:12', 'rev /nonexist; echo $?')).toMatchObject({ output: 'rev: cannot open /nonexist: No such file or directory\n1\n' });
    expect(run('debian:12', 'rev -x; echo $?')).toMatchObject({ output: "rev: invalid option -- 'x'\nTry 'rev --help' for more information.\n1\n" });
  });
});
