/**
 * `which` and `stat` in busybox, alpine and debian:12 containers. Expected texts recorded on this
 * machine from debianutils 5.7's /usr/bin/which, GNU stat (coreutils 9.1) and BusyBox 1.35's
 * which and stat, with the container's paths, sizes and times in place.
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';

const run = (image: string, line: string) =>
  execInContainer(startProcess({ image: resolveImage(image), env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 7, podIP: '10.244.1.5', hostname: 'demo', command: ['sleep', '3600'] }), 1000, ['sh', '-c', line]);

describe('which', () => {
  it('prints where each program is on PATH, every one with -a, and fails for one that is not', () => {
    expect(run('busybox:1.36', 'which sh ls which')).toMatchObject({ exitCode: 0, output: '/bin/sh\n/bin/ls\n/bin/which\n' });
    expect(run('busybox:1.36', 'which -a env')).toMatchObject({ exitCode: 0, output: '/usr/bin/env\n/bin/env\n' });
    // Alpine installs applets where BusyBox's applet table says.
    expect(run('alpine:3.20', 'which sh which')).toMatchObject({ exitCode: 0, output: '/bin/sh\n/usr/bin/which\n' });
    // Debian 12 is merged-/usr: /usr/bin comes first on PATH, /bin is the same directory.
    expect(run('debian:12', 'which -a sh')).toMatchObject({ exitCode: 0, output: '/usr/bin/sh\n/bin/sh\n' });
    expect(run('debian:12', 'which sh nosuch ls; echo $?')).toMatchObject({ output: '/usr/bin/sh\n/usr/bin/ls\n1\n' });
    expect(run('debian:12', 'which /bin/sh ./nosuch; echo $?')).toMatchObject({ output: '/bin/sh\n1\n' });
  });

  it('command -v names the same place as which (one table of where a userland installs its programs)', () => {
    expect(run('alpine:3.20', 'which wget; command -v wget').output).toBe('/usr/bin/wget\n/usr/bin/wget\n');
    expect(run('debian:12', 'which chroot; command -v chroot').output).toBe('/usr/sbin/chroot\n/usr/sbin/chroot\n');
  });

  it('finds a script the learner made executable, and not one without x', () => {
    expect(run('debian:12', 'printf "#!/bin/sh\\necho hi\\n" > /usr/local/bin/hi; which hi; echo $?; chmod +x /usr/local/bin/hi; which hi')).toMatchObject({ output: '1\n/usr/local/bin/hi\n' });
  });

  it('answers a bad option or no operand as each implementation does', () => {
    expect(run('debian:12', 'which -x')).toMatchObject({ exitCode: 2, output: 'Illegal option -x\nUsage: /usr/bin/which [-a] args\n' });
    expect(run('debian:12', 'which')).toMatchObject({ exitCode: 1, output: '' });
    expect(run('busybox:1.36', 'which')).toMatchObject({ exitCode: 1, output: expect.stringContaining('Usage: which [-a] COMMAND...\n\nLocate COMMAND\n') });
    // Recorded, BusyBox 1.35.0 over glibc: getopt takes -a after a COMMAND; `--` ends the options; any --word is unrecognized.
    expect(run('busybox:1.36', 'which env -a')).toMatchObject({ exitCode: 0, output: '/usr/bin/env\n/bin/env\n' });
    expect(run('busybox:1.36', 'which -- -a; echo $?')).toMatchObject({ output: '1\n' });
    expect(run('busybox:1.36', 'which -ax ls 2>&1 >/dev/null | head -1')).toMatchObject({ output: "which: invalid option -- 'x'\n" });
    expect(run('busybox:1.36', 'which --a ls 2>&1 >/dev/null | head -1')).toMatchObject({ output: "which: unrecognized option '--a'\n" });
    // debianutils' script (dash's getopts) stops at the first COMMAND.
    expect(run('debian:12', 'which sh -a; echo $?')).toMatchObject({ output: '/usr/bin/sh\n1\n' });
  });
});

describe('stat', () => {
  it("prints GNU's default layout in Debian and BusyBox's in busybox", () => {
    const gnu = run('debian:12', 'echo hello > /tmp/f; stat /tmp/f').output.split('\n');
    expect(gnu[0]).toBe('  File: /tmp/f');
    expect(gnu[1]).toBe('  Size: 6         \tBlocks: 8          IO Block: 4096   regular file');
    expect(gnu[2]).toMatch(/^Device: 0,48\tInode: \d+ +Links: 1$/);
    expect(gnu[3]).toBe('Access: (0644/-rw-r--r--)  Uid: (    0/    root)   Gid: (    0/    root)');
    expect(gnu[4]).toMatch(/^Access: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{9} \+0000$/);
    expect(gnu[7]).toMatch(/^ Birth: /);
    const busybox = run('busybox:1.36', 'mkdir /tmp/d; stat /tmp/d').output.split('\n');
    expect(busybox[1]).toBe('  Size: 4096      \tBlocks: 8          IO Block: 4096   directory');
    expect(busybox[2]).toMatch(/^Device: 30h\/48d\tInode: \d+ +Links: 2$/);
    expect(busybox).toHaveLength(8);
    expect(run('debian:12', 'stat /dev/null').output).toContain('Links: 1     Device type: 1,3\n');
  });

  it('formats -c directives and refuses the ones the filesystem model cannot answer', () => {
    expect(run('debian:12', 'echo hello > /tmp/f; stat -c "%s %n %a %A %U %G %u %g %F %N %q" /tmp/f /tmp')).toMatchObject({
      exitCode: 0,
      output: "6 /tmp/f 644 -rw-r--r-- root root 0 0 regular file '/tmp/f' ?\n4096 /tmp 1777 drwxrwxrwt root root 0 0 directory '/tmp' ?\n",
    });
    expect(run('busybox:1.36', 'echo hello > /tmp/f; stat -c "%s %N %q" /tmp/f')).toMatchObject({ exitCode: 0, output: '6 /tmp/f q\n' });
    expect(run('debian:12', 'stat --printf "%s\\n" /etc/hostname')).toMatchObject({ exitCode: 0, output: '5\n' });
    expect(run('debian:12', 'stat -c %i /etc/hostname').exitCode).toBe(1);
  });

  it('names a missing file in its own words', () => {
    expect(run('debian:12', 'stat /nope')).toMatchObject({ exitCode: 1, output: "stat: cannot statx '/nope': No such file or directory\n" });
    expect(run('busybox:1.36', 'stat /nope')).toMatchObject({ exitCode: 1, output: "stat: can't stat '/nope': No such file or directory\n" });
    expect(run('debian:12', 'stat')).toMatchObject({ exitCode: 1, output: "stat: missing operand\nTry 'stat --help' for more information.\n" });
  });
});
