/**
 * The userland's programs are files: every program `command -v` and `which` find is where `ls`
 * finds it, per image family (program-dirs.ts and userland-files.ts read the same tables), and
 * the files look as the real images' do (`ls -l /bin/sh` in debian, the busybox image's hard
 * links, Alpine's symbolic links). Expected texts from the packages' `dpkg-deb -c` listings
 * (debian-files-data.ts), this Debian 12 machine's `ls -l /usr/bin/awk /etc/alternatives/awk`,
 * base-passwd's passwd.master, and `make busybox.links` of BusyBox 1.36.1.
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';
import { TOOLS } from './tools';

const run = (image: string, line: string) =>
  execInContainer(startProcess({ image: resolveImage(image), env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 7, podIP: '10.244.1.5', hostname: 'demo', command: ['sleep', '3600'] }), 1000, ['sh', '-c', line]);

/** Shell builtins: `command -v` names them bare in dash, bash and ash alike (not modelled: some print a path). */
const BUILTINS = new Set(['echo', 'printf', 'test', 'true', 'false', 'kill', 'pwd', 'read', 'cd', 'type', 'command']);

/** Every name a userland may answer for: the tools, shells, package managers and network tools. */
const NAMES = [...[...TOOLS.keys()].filter((n) => !BUILTINS.has(n)), 'sh', 'ash', 'dash', 'bash', 'zsh', 'apt', 'apt-get', 'apk', 'wget', 'curl', 'nc', 'nslookup', 'ping', 'telnet', 'getent', 'ip', 'dig', 'host', 'python3', 'pip', 'node', 'npm', 'go', 'ruby', 'gem', 'nginx', 'redis-server', 'git'].filter((n) => /^[a-z][a-z0-9_.+-]*$/.test(n));

const IMAGES = ['debian:12', 'debian:13', 'ubuntu:22.04', 'ubuntu:24.04', 'python:3.12', 'python:3.12-slim', 'node:22', 'golang:1.25', 'ruby:3.4', 'nginx:1.29', 'nginx:1.27', 'redis:7', 'busybox:1.36', 'alpine:3.22', 'node:22-alpine'];

describe('the programs a userland finds are files', () => {
  it.each(IMAGES)('%s: every program command -v and which find, ls finds there', (image) => {
    const script = `for n in ${NAMES.join(' ')}; do p=$(command -v $n) || continue; case $p in /*) ;; *) continue;; esac; ls -d "$p" >/dev/null 2>&1 || echo "no file: $p"; w=$(which $n); [ "$w" = "$p" ] || echo "which $n: $w, command -v: $p"; done`;
    expect(run(image, script).output).toBe('');
  });
});

describe("Debian's and Ubuntu's program files", () => {
  it('has merged /usr, dash as /bin/sh and the alternatives links, as debian:12-slim does', () => {
    expect(run('debian:12', 'ls -l /bin /bin/sh /usr/bin/awk /etc/alternatives/awk; readlink -f /bin/sh /usr/bin/awk /usr/bin/which').output).toBe(
      [
        'lrwxrwxrwx 1 root root  7 Aug  1 00:00 /bin -> usr/bin',
        'lrwxrwxrwx 1 root root  4 Aug  1 00:00 /bin/sh -> dash',
        'lrwxrwxrwx 1 root root 13 Aug  1 00:00 /etc/alternatives/awk -> /usr/bin/mawk',
        'lrwxrwxrwx 1 root root 21 Aug  1 00:00 /usr/bin/awk -> /etc/alternatives/awk',
        '/usr/bin/dash',
        '/usr/bin/mawk',
        '/usr/bin/which.debianutils',
        '',
      ].join('\n'),
    );
  });

  it("has glibc's loader where the x86-64 ABI looks for it (/lib64, a link into usr)", () => {
    expect(run('debian:12', 'readlink /lib64/ld-linux-x86-64.so.2; readlink -f /lib64/ld-linux-x86-64.so.2').output).toBe('/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2\n/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2\n');
    expect(run('debian:13', 'readlink /lib64/ld-linux-x86-64.so.2').output).toBe('../lib/x86_64-linux-gnu/ld-linux-x86-64.so.2\n');
  });

  it("lists each release's /usr/bin with the packages' sizes, modes and groups", () => {
    // bookworm: 271 files and links from the packages, 4 alternatives (awk, nawk, pager, which).
    expect(run('debian:12', 'ls /usr/bin | wc -l; ls -l /usr/bin/bash /usr/bin/chage /usr/bin/su /usr/bin/perl').output).toBe(
      [
        '275',
        '-rwxr-xr-x 1 root root   1265648 Aug  1 00:00 /usr/bin/bash',
        '-rwxr-sr-x 1 root shadow   80376 Aug  1 00:00 /usr/bin/chage',
        '-rwxr-xr-x 2 root root   3808560 Aug  1 00:00 /usr/bin/perl',
        '-rwsr-xr-x 1 root root     72000 Aug  1 00:00 /usr/bin/su',
        '',
      ].join('\n'),
    );
    // trixie's bash 5.2.37 and $BASH name a file ls finds.
    expect(run('debian:13', 'bash -c \'ls -l "$BASH"\'').output).toBe('-rwxr-xr-x 1 root root 1298416 Aug  1 00:00 /usr/bin/bash\n');
    expect(run('debian:13', 'stat -c "%s %a %U:%G %h %N" /usr/bin/sh /usr/bin/dash').output).toBe("4 777 root:root 1 '/usr/bin/sh' -> 'dash'\n129736 755 root:root 1 '/usr/bin/dash'\n");
  });

  it('runs a program file the classroom does not simulate as a stand-in that says so, and mawk as the awk', () => {
    expect(run('debian:12', 'pinky; echo $?; /usr/bin/tic; echo $?; echo a b | mawk "{print \\$2}"')).toMatchObject({
      output: 'pinky: installed, but not simulated in this classroom\n126\ntic: installed, but not simulated in this classroom\n126\nb\n',
    });
  });

  it("has procps' programs only where the image installs procps (buildpack-deps)", () => {
    expect(run('python:3.12', 'ls /usr/bin/ps /usr/bin/top /usr/sbin/sysctl').output).toBe('/usr/bin/ps\n/usr/bin/top\n/usr/sbin/sysctl\n');
    expect(run('python:3.12-slim', 'ls /usr/bin/ps; echo $?').output).toBe("ls: cannot access '/usr/bin/ps': No such file or directory\n2\n");
  });

  it("has base-passwd's accounts and the image's own users", () => {
    const passwd = run('debian:13', 'cat /etc/passwd').output.split('\n');
    expect(passwd[0]).toBe('root:x:0:0:root:/root:/bin/bash');
    expect(passwd.at(-2)).toBe('nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin');
    expect(passwd).toContain('_apt:x:42:65534::/nonexistent:/usr/sbin/nologin');
    expect(run('debian:12', 'getent group shadow; getent passwd www-data').output).toBe('shadow:x:42:\nwww-data:x:33:33:www-data:/var/www:/usr/sbin/nologin\n');
    expect(run('node:22', 'getent passwd node; getent group node; ls -ld /home/node').output).toBe('node:x:1000:1000::/home/node:/bin/bash\nnode:x:1000:\ndrwxr-xr-x 2 node node 4096 Aug  1 00:00 /home/node\n');
    // ubuntu:24.04 ships a user of its own (its /etc/passwd as `docker run ubuntu:24.04 cat /etc/passwd` prints it).
    expect(run('ubuntu:24.04', 'tail -n 1 /etc/passwd').output).toBe('ubuntu:x:1000:1000:Ubuntu:/home/ubuntu:/bin/bash\n');
    expect(run('ubuntu:22.04', 'tail -n 1 /etc/passwd').output).toBe('nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n');
    expect(run('nginx:1.29', 'getent passwd nginx; getent group nginx').output).toBe('nginx:x:101:101:nginx user:/nonexistent:/bin/false\nnginx:x:101:\n');
  });
});

describe("BusyBox's applets", () => {
  it('are hard links of one binary in the busybox image (`busybox --install /bin`)', () => {
    const out = run('busybox:1.36', 'ls /bin | wc -l; ls -l /bin/busybox /bin/ls').output;
    // 404 applets, busybox itself and Debian's getconf.
    expect(out).toMatch(/^\s*406\n-rwxr-xr-x\s+405 root\s+root\s+\d+ May 18 {2}2023 \/bin\/busybox\n-rwxr-xr-x\s+405 root\s+root\s+\d+ May 18 {2}2023 \/bin\/ls\n$/);
  });

  it('count once in du and share one inode number in stat, as hard links do (du -l counts each)', () => {
    expect(run('busybox:1.36', 'du -sh /bin; du -shl /bin').output).toBe('1.1M\t/bin\n438.3M\t/bin\n');
    const inodes = run('busybox:1.36', 'stat /bin/ls /bin/cat | grep Inode').output.split('\n');
    expect(inodes[0]).toMatch(/Links: 405$/);
    expect(inodes[0]).toBe(inodes[1]);
  });

  it("are symbolic links to /bin/busybox where BusyBox's applet table puts them in Alpine", () => {
    expect(run('alpine:3.22', 'for f in /bin/ls /usr/bin/awk /sbin/ip; do readlink $f; done; ls /lib').output).toBe('/bin/busybox\n/bin/busybox\n/bin/busybox\nld-musl-x86_64.so.1\nlibc.musl-x86_64.so.1\n');
  });
});
