/**
 * Files created where their directory is missing (or is a file) fail as open(2) makes them fail,
 * with BusyBox's, GNU coreutils' (C locale) and the shells' words, recorded on this machine from
 * BusyBox 1.35, coreutils 9.1, dash 0.5.12: nothing is written.
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';

function container(image: string) {
  return startProcess({ image: resolveImage(image), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1 });
}

describe('creating a file in a directory that is not there', () => {
  it('BusyBox: touch, cp, mv, mkdir, tee and ash redirections refuse, and nothing appears', () => {
    const p = container('busybox:1.36');
    const run = (line: string) => execInContainer(p, 1000, ['sh', '-c', line]);
    expect(run('touch /nope/x')).toMatchObject({ exitCode: 1, output: 'touch: /nope/x: No such file or directory\n' });
    expect(run('cp /etc/hostname /nope/z')).toMatchObject({ exitCode: 1, output: "cp: can't create '/nope/z': No such file or directory\n" });
    expect(run('echo x > /tmp/f; mv /tmp/f /nope/q')).toMatchObject({ exitCode: 1, output: "mv: can't rename '/tmp/f': No such file or directory\n" });
    expect(run('mkdir /nope/b')).toMatchObject({ exitCode: 1, output: "mkdir: can't create directory '/nope/b': No such file or directory\n" });
    expect(run('echo hi | tee /nope/t')).toMatchObject({ exitCode: 1, output: 'tee: /nope/t: No such file or directory\nhi\n' });
    expect(run('echo hi > /nope/y')).toMatchObject({ exitCode: 1, output: "sh: can't create /nope/y: nonexistent directory\n" });
    expect(run('touch /etc/hostname/x')).toMatchObject({ exitCode: 1, output: 'touch: /etc/hostname/x: Not a directory\n' });
    expect(run('ls /nope; cat /tmp/f')).toMatchObject({ output: 'ls: /nope: No such file or directory\nx\n' });
    // With the directory made first, or mkdir -p, all of it works.
    expect(run('mkdir -p /nope/b && touch /nope/x && echo hi > /nope/y && ls /nope')).toMatchObject({ exitCode: 0, output: 'b\nx\ny\n' });
  });

  it('GNU coreutils and dash (a Debian image)', () => {
    const p = container('debian:12');
    const run = (line: string) => execInContainer(p, 1000, ['sh', '-c', line]);
    expect(run('touch /nope/x')).toMatchObject({ exitCode: 1, output: "touch: cannot touch '/nope/x': No such file or directory\n" });
    expect(run('cp /etc/hostname /nope/z')).toMatchObject({ exitCode: 1, output: "cp: cannot create regular file '/nope/z': No such file or directory\n" });
    expect(run('mkdir /nope/b')).toMatchObject({ exitCode: 1, output: "mkdir: cannot create directory '/nope/b': No such file or directory\n" });
    expect(run('echo hi > /nope/y')).toMatchObject({ exitCode: 2, output: 'sh: 1: cannot create /nope/y: Directory nonexistent\n' });
  });
});
