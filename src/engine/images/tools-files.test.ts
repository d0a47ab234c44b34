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

describe("the file tools' options, walked as GNU coreutils 9.1 and BusyBox 1.36 walk them", () => {
  // Recorded on this machine: `rm -Q`, `rm --f nonexist`, `mkdir --par x/y` (GNU), `busybox rm -Q`, `busybox mkdir --parents q/w`.
  it('GNU: long-option prefixes, getopt’s words and the Try line; what it has and this one does not model is refused by name', () => {
    const run = (line: string) => execInContainer(container('debian:12'), 1000, ['sh', '-c', line]);
    expect(run('rm --f /nonexist; mkdir --par /x/y && ls -d /x/y; rm -r --rec /x; ls /x').output).toBe("/x/y\nls: cannot access '/x': No such file or directory\n");
    // The simulator's own refusal is one line, not a usage error (tool-options.ts).
    expect(run('rm -Q; echo $?; rm -i /etc/hostname; echo $?').output).toBe(
      "rm: invalid option -- 'Q'\nTry 'rm --help' for more information.\n1\nrm: option '-i' is not supported by this simulator\n1\n",
    );
  });
  it('BusyBox: getopt32’s words and the applet’s usage', () => {
    const run = (line: string) => execInContainer(container('busybox:1.36'), 1000, ['sh', '-c', line]);
    expect(run('mkdir --parents /q/w && ls -d /q/w').output).toBe('/q/w\n');
    expect(run('rm -Q; echo $?').output).toBe("rm: invalid option -- 'Q'\nBusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: rm [-irf] FILE...\n\nRemove (unlink) FILEs\n\n\t-i\tAlways prompt before removing\n\t-f\tNever prompt\n\t-R,-r\tRecurse\n1\n");
  });
});

// Recorded on this machine: coreutils 9.1 `cat` and BusyBox 1.35 `busybox cat` (1.36's cat.c) on the same file.
const CAT_FILE = "printf 'a\\tb\\n\\n\\n\\nc\\001\\177é \\r\\nlast' > /tmp/f; ";

describe('cat -n -b -s -v -E -T -A -e -t', () => {
  it('GNU: %6d<TAB> numbers, squeezing, $ ends, ^I, ^X and M- forms; the state runs on across FILEs', () => {
    const run = (line: string) => execInContainer(container('debian:12'), 1000, ['sh', '-c', CAT_FILE + line]).output;
    expect(run('cat -A /tmp/f')).toBe('a^Ib$\n$\n$\n$\nc^A^?M-CM-) ^M$\nlast');
    expect(run('cat -n /tmp/f /tmp/f')).toBe('     1\ta\tb\n     2\t\n     3\t\n     4\t\n     5\tc\x01\x7fé \r\n     6\tlasta\tb\n     7\t\n     8\t\n     9\t\n    10\tc\x01\x7fé \r\n    11\tlast');
    expect(run('cat -sn /tmp/f')).toBe('     1\ta\tb\n     2\t\n     3\tc\x01\x7fé \r\n     4\tlast');
    expect(run('cat -bv /tmp/f /nope /tmp; echo " $?"')).toBe("     1\ta\tb\n\n\n\n     2\tc^A^?M-CM-) ^M\n     3\tlastcat: /nope: No such file or directory\ncat: /tmp: Is a directory\n 1\n");
    expect(run('cat -ET /tmp/f; cat -e /tmp/f; cat -t /tmp/f')).toBe('a^Ib$\n$\n$\n$\nc\x01\x7fé ^M$\nlasta\tb$\n$\n$\n$\nc^A^?M-CM-) ^M$\nlasta^Ib\n\n\n\nc^A^?M-CM-) ^M\nlast');
  });

  it('BusyBox: -n/-b alone number as nl does (every line ended); with -v -e -t -A as catv, `%6u `; no -s -E -T', () => {
    const run = (line: string) => execInContainer(container('busybox:1.36'), 1000, ['sh', '-c', CAT_FILE + line]).output;
    expect(run('cat -n /tmp/f /nope /tmp /tmp/f; echo $?')).toBe(
      '     1\ta\tb\n     2\t\n     3\t\n     4\t\n     5\tc\x01\x7fé \r\n     6\tlast\ncat: /nope: No such file or directory\n     7\ta\tb\n     8\t\n     9\t\n    10\t\n    11\tc\x01\x7fé \r\n    12\tlast\n1\n',
    );
    expect(run('cat -b /tmp/f')).toBe('     1\ta\tb\n\n\n\n     2\tc\x01\x7fé \r\n     3\tlast\n');
    expect(run('cat -bv /tmp/f /nope /tmp; echo " $?"')).toBe("     1 a\tb\n\n\n\n     2 c^A^?M-CM-) ^M\n     3 lastcat: can't open '/nope': No such file or directory\n 1\n");
    expect(run('cat -nA /tmp/f')).toBe('     1 a^Ib$\n     2 $\n     3 $\n     4 $\n     5 c^A^?M-CM-) ^M$\n     6 last');
    expect(run('cat -E /tmp/f; echo $?')).toMatch(/^cat: invalid option -- 'E'\nBusyBox v1\.36\.1 .*\n\nUsage: cat \[-nbvteA\] \[FILE\]\.\.\.\n[^]*\n1\n$/);
  });
});

// Recorded on this machine from coreutils 9.1 and BusyBox 1.35 (`busybox rm -rv`, `busybox mkdir -pv`, `busybox rmdir -pv`, `busybox mkdir -m +t`).
describe('rm -v, mkdir -v -m, rmdir -p -v --ignore-fail-on-non-empty, readlink -n -z', () => {
  it('GNU', () => {
    const run = (line: string) => execInContainer(container('debian:12'), 1000, ['sh', '-c', line]).output;
    expect(run('mkdir -p d/e; touch d/e/x f; rm -v f; rm -rv d')).toBe("removed 'f'\nremoved 'd/e/x'\nremoved directory 'd/e'\nremoved directory 'd'\n");
    expect(run('mkdir -pv b/c/d a; mkdir -v a; mkdir -m 700 m1; mkdir -m u=rwx,g=rx m2; mkdir -m +t m3; mkdir -m bad m4; echo $?; ls -ld m1 m2 m3 m4')).toBe(
      "mkdir: created directory 'b'\nmkdir: created directory 'b/c'\nmkdir: created directory 'b/c/d'\nmkdir: created directory 'a'\nmkdir: cannot create directory 'a': File exists\nmkdir: invalid mode 'bad'\n1\n" +
        "ls: cannot access 'm4': No such file or directory\ndrwx------ 2 root root 4096 Sep  1 09:00 m1\ndrwxr-xrwx 2 root root 4096 Sep  1 09:00 m2\ndrwxr-xr-t 2 root root 4096 Sep  1 09:00 m3\n",
    );
    expect(run('mkdir -p p/q/r s/t; touch s/z; rmdir -pv p/q/r; rmdir -pv s/t; echo $?; mkdir s/t; rmdir -p --ignore-fail-on-non-empty s/t; echo $?; rmdir nope s/z; ls p s')).toBe(
      "rmdir: removing directory, 'p/q/r'\nrmdir: removing directory, 'p/q'\nrmdir: removing directory, 'p'\nrmdir: removing directory, 's/t'\nrmdir: removing directory, 's'\nrmdir: failed to remove directory 's': Directory not empty\n1\n0\n" +
        "rmdir: failed to remove 'nope': No such file or directory\nrmdir: failed to remove 's/z': Not a directory\nls: cannot access 'p': No such file or directory\ns:\nz\n",
    );
    expect(run('readlink -n /dev/stdout; readlink -n /dev/stdout /dev/stdout; readlink -z /dev/stdout /dev/stdout')).toBe(
      '/proc/self/fd/1readlink: ignoring --no-newline with multiple arguments\n/proc/self/fd/1\n/proc/self/fd/1\n/proc/self/fd/1\0/proc/self/fd/1\0',
    );
  });
  it('BusyBox', () => {
    const run = (line: string) => execInContainer(container('busybox:1.36'), 1000, ['sh', '-c', line]).output;
    expect(run('mkdir -p d/e; touch d/e/x f; rm -v f; rm -rv d')).toBe("removed 'f'\nremoved 'd/e/x'\nremoved directory: 'd/e'\nremoved directory: 'd'\n");
    expect(run('mkdir -pv b/c/d a; mkdir -m +t m3; mkdir -m bad m4; echo $?; ls -ld m3')).toBe(
      "created directory: 'b/'\ncreated directory: 'b/c/'\ncreated directory: 'b/c/d'\ncreated directory: 'a'\nmkdir: invalid mode 'bad'\n1\ndrwxrwxrwt    2 root     root          4096 Sep  1 09:00 m3\n",
    );
    expect(run('mkdir -p s/t; touch s/z; rmdir -pv s/t; echo $?; mkdir s/t; rmdir --ignore-fail-on-non-empty -p s/t; echo $?; rmdir nope')).toBe(
      "rmdir: removing directory, 's/t'\nrmdir: removing directory, 's'\nrmdir: 's': Directory not empty\n1\n0\nrmdir: 'nope': No such file or directory\n",
    );
    expect(run('readlink -n /dev/stdout; readlink -n /dev/stdout /dev/stdout; echo " $?"')).toMatch(/^\/proc\/self\/fd\/1BusyBox v1\.36\.1 [^]*Usage: readlink \[-fnv\] FILE\n[^]* 1\n$/);
  });
});

// Recorded on this machine: coreutils 9.1 touch and `busybox touch` (-t/-d/-r errors); ls shows the time set.
describe('touch -c -d -t -r', () => {
  const line = "touch -t 202401020304 /tmp/a; touch -d '2023-05-06 07:08:09' /tmp/b; touch -r /tmp/a /tmp/c; touch -c /tmp/nope; echo $?; ls /tmp; ls -l --full-time /tmp/a /tmp/b /tmp/c; touch -d bad /tmp/a; touch -t bad /tmp/a; touch -r /nope /tmp/a; echo $?";
  it('GNU', () => {
    expect(execInContainer(container('debian:12'), 1000, ['sh', '-c', line]).output).toBe(
      '0\na\nb\nc\n-rw-r--r-- 1 root root 0 2024-01-02 03:04:00.000000000 +0000 /tmp/a\n-rw-r--r-- 1 root root 0 2023-05-06 07:08:09.000000000 +0000 /tmp/b\n-rw-r--r-- 1 root root 0 2024-01-02 03:04:00.000000000 +0000 /tmp/c\n' +
        "touch: invalid date format 'bad'\ntouch: invalid date format 'bad'\ntouch: failed to get attributes of '/nope': No such file or directory\n1\n",
    );
  });
  it('BusyBox', () => {
    expect(execInContainer(container('busybox:1.36'), 1000, ['sh', '-c', line]).output).toBe(
      '0\na\nb\nc\n-rw-r--r--    1 root     root             0 2024-01-02 03:04:00 +0000 /tmp/a\n-rw-r--r--    1 root     root             0 2023-05-06 07:08:09 +0000 /tmp/b\n-rw-r--r--    1 root     root             0 2024-01-02 03:04:00 +0000 /tmp/c\n' +
        "touch: invalid date 'bad'\ntouch: invalid date 'bad'\ntouch: can't stat '/nope': No such file or directory\n1\n",
    );
  });
});

// Recorded on this machine: coreutils 9.1 cp/mv and `busybox cp -rv`, `busybox mv -v` on the same tree.
describe('cp and mv walk their options: -v, -n, -r/-R/-a, -p', () => {
  const TREE = 'mkdir -p d/s; echo 1 > d/x; echo 2 > d/s/y; echo a > a; ';
  const line = 'cp -rv d e; mkdir g; cp -rv d g; mv -v e h; cp -v a b; mv -v b b2; cp d z; echo $?; cp -n a b2; echo $?; ls h; chmod 700 a; cp -p a ap; ls -l ap';
  it('GNU', () => {
    expect(execInContainer(container('debian:12'), 1000, ['sh', '-c', TREE + line]).output).toBe(
      "'d' -> 'e'\n'd/s' -> 'e/s'\n'd/s/y' -> 'e/s/y'\n'd/x' -> 'e/x'\n'd' -> 'g/d'\n'd/s' -> 'g/d/s'\n'd/s/y' -> 'g/d/s/y'\n'd/x' -> 'g/d/x'\nrenamed 'e' -> 'h'\n'a' -> 'b'\nrenamed 'b' -> 'b2'\n" +
        "cp: -r not specified; omitting directory 'd'\n1\n0\ns\nx\n-rwx------ 1 root root 2 Sep  1 09:00 ap\n",
    );
    expect(execInContainer(container('debian:12'), 1000, ['sh', '-c', 'cp /etc/hostname; cp -i a b']).output).toBe(
      "cp: missing destination file operand after '/etc/hostname'\nTry 'cp --help' for more information.\ncp: option '-i' is not supported by this simulator\n",
    );
  });
  it('BusyBox: a directory named after what is in it', () => {
    expect(execInContainer(container('busybox:1.36'), 1000, ['sh', '-c', TREE + line]).output).toBe(
      "'d/s/y' -> 'e/s/y'\n'd/s' -> 'e/s'\n'd/x' -> 'e/x'\n'd' -> 'e'\n'd/s/y' -> 'g/d/s/y'\n'd/s' -> 'g/d/s'\n'd/x' -> 'g/d/x'\n'd' -> 'g/d'\n'e' -> 'h'\n'a' -> 'b'\n'b' -> 'b2'\n" +
        "cp: omitting directory 'd'\n1\n0\ns\nx\n-rwx------    1 root     root             2 Sep  1 09:00 ap\n",
    );
  });
});

describe('tee -p', () => {
  // Recorded: coreutils 9.1 `tee --output-error=ex` (C locale quotes).
  it('GNU: -p and --output-error=MODE are taken; a MODE argmatch does not know is its usage error', () => {
    expect(execInContainer(container('debian:12'), 1000, ['sh', '-c', 'echo hi | tee -p /tmp/t1; echo x | tee --output-error=warn /tmp/t2; echo y | tee --output-error=ex /tmp/t3; echo $?; cat /tmp/t1 /tmp/t2']).output).toBe(
      "hi\nx\ntee: ambiguous argument 'ex' for '--output-error'\nValid arguments are:\n  - 'warn'\n  - 'warn-nopipe'\n  - 'exit'\n  - 'exit-nopipe'\nTry 'tee --help' for more information.\n1\nhi\nx\n",
    );
  });
});
