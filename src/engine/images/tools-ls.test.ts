/**
 * `ls` in a Debian image (GNU coreutils 9.1) and in busybox (BusyBox 1.36). The expected layouts
 * were recorded on this machine from GNU ls 9.1 and BusyBox 1.35's ls on a tree of the same shape
 * (column widths, `total`, -h sizes, `name -> target`, old times with the year, headers and blank
 * lines between operands), with the image's names, sizes and times in place.
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';
import { nodeBaseFs } from './base-fs';
import { newLayer, writeFile } from './fs';
import { ls } from './tools-ls';
import { gnuHuman } from './tools-disk';
import { bbHuman } from './tools-sysinfo';
import { Simulation } from '../simulation';

function container(image: string) {
  return startProcess({ image: resolveImage(image), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1 });
}

describe('ls in the nginx image (GNU coreutils)', () => {
  const p = container('nginx:1.29');
  const run = (line: string) => execInContainer(p, 1000, ['sh', '-c', line]);

  it('shows the access and error logs as the links to stdout and stderr the Dockerfile made', () => {
    expect(run('ls -la /var/log/nginx').output).toBe(
      [
        'total 8',
        'drwxr-xr-x 2 root root 4096 Aug 13 16:34 .',
        'drwxr-xr-x 3 root root 4096 Aug 13 16:34 ..',
        'lrwxrwxrwx 1 root root   11 Aug 13 16:34 access.log -> /dev/stdout',
        'lrwxrwxrwx 1 root root   11 Aug 13 16:34 error.log -> /dev/stderr',
        '',
      ].join('\n'),
    );
  });

  it("lists /etc/nginx with the package's files, sizes as shipped, and the modules link", () => {
    expect(run('ls -l /etc/nginx').output).toBe(
      [
        'total 28',
        'drwxr-xr-x 2 root root 4096 Aug 13 16:34 conf.d',
        '-rw-r--r-- 1 root root 1007 Aug 13 16:34 fastcgi_params',
        '-rw-r--r-- 1 root root 5349 Aug 13 16:34 mime.types',
        'lrwxrwxrwx 1 root root   22 Aug 13 16:34 modules -> /usr/lib/nginx/modules',
        '-rw-r--r-- 1 root root  644 Aug 13 16:34 nginx.conf',
        '-rw-r--r-- 1 root root  636 Aug 13 16:34 scgi_params',
        '-rw-r--r-- 1 root root  664 Aug 13 16:34 uwsgi_params',
        '',
      ].join('\n'),
    );
    expect(run('ls -A /etc/nginx/conf.d; ls -Sr /etc/nginx | head -2; ls -lh /etc/nginx/mime.types').output).toBe(
      'default.conf\nmodules\nscgi_params\n-rw-r--r-- 1 root root 5.3K Aug 13 16:34 /etc/nginx/mime.types\n',
    );
  });

  it('--full-time and -n imply -l (recorded: GNU prints nanoseconds, BusyBox none)', () => {
    expect(run('ls --full-time /etc/nginx/nginx.conf; ls -n /etc/nginx/nginx.conf').output).toBe(
      '-rw-r--r-- 1 root root 644 2025-08-13 16:34:01.000000000 +0000 /etc/nginx/nginx.conf\n-rw-r--r-- 1 0 0 644 Aug 13 16:34 /etc/nginx/nginx.conf\n',
    );
    expect(execInContainer(container('busybox:1.36'), 1000, ['ls', '--full-time', '/etc/passwd']).output).toBe('-rw-r--r--    1 root     root           340 2023-05-18 22:34:17 +0000 /etc/passwd\n');
  });

  it('follows a link operand unless -l, or when it ends in a slash', () => {
    expect(run('ls /etc/nginx/modules | head -1').output).toBe('ngx_http_geoip_module-debug.so\n');
    expect(run('ls -l /etc/nginx/modules').output).toBe('lrwxrwxrwx 1 root root 22 Aug 13 16:34 /etc/nginx/modules -> /usr/lib/nginx/modules\n');
    expect(run('ls -ld /etc/nginx/modules/').output).toBe('drwxr-xr-x 2 root root 4096 Aug 13 16:34 /etc/nginx/modules/\n');
  });

  it('lists file operands first, then each directory under its header; a missing one is exit 2', () => {
    expect(run('ls /etc/nginx/conf.d /nope /etc/nginx/nginx.conf')).toMatchObject({
      exitCode: 2,
      output: "ls: cannot access '/nope': No such file or directory\n/etc/nginx/nginx.conf\n\n/etc/nginx/conf.d:\ndefault.conf\n",
    });
    expect(run('ls -z')).toMatchObject({ exitCode: 2, output: "ls: invalid option -- 'z'\nTry 'ls --help' for more information.\n" });
  });

  it("walks GNU ls 9.1's whole long-option table: unambiguous prefixes, and an ambiguous one's candidates in ls.c's order", () => {
    // Recorded with coreutils 9.1's ls on this machine.
    expect(run('ls --all /etc/nginx/conf.d; ls --al /etc/nginx/conf.d; ls --almost /etc/nginx/conf.d; ls --dir /; ls --direc --inode=1 /')).toMatchObject({
      exitCode: 2,
      output:
        ".\n..\ndefault.conf\nls: option '--al' is ambiguous; possibilities: '--all' '--almost-all'\nTry 'ls --help' for more information.\ndefault.conf\n" +
        "ls: option '--dir' is ambiguous; possibilities: '--directory' '--dired'\nTry 'ls --help' for more information.\nls: option '--inode' doesn't allow an argument\nTry 'ls --help' for more information.\n",
    });
    expect(run('ls --a')).toMatchObject({ exitCode: 2, output: "ls: option '--a' is ambiguous; possibilities: '--all' '--almost-all' '--author'\nTry 'ls --help' for more information.\n" });
    expect(run('ls --b')).toMatchObject({ exitCode: 2, output: "ls: option '--block-size' requires an argument\nTry 'ls --help' for more information.\n" });
    expect(run('ls /etc/nginx/conf.d --rev -w')).toMatchObject({ exitCode: 2, output: "ls: option requires an argument -- 'w'\nTry 'ls --help' for more information.\n" });
  });

  it('lists what an exec wrote with the time it wrote it, -R and -t over it', () => {
    const at = (ms: number, line: string) => execInContainer(p, ms, ['sh', '-c', line]);
    at(60_000, 'mkdir /srv/x && echo hello > /srv/x/a');
    at(120_000, 'echo hi > /srv/b');
    expect(at(180_000, 'cd /srv && ls -lRt').output).toBe(
      ['.:', 'total 8', '-rw-r--r-- 1 root root    3 Sep  1 09:02 b', 'drwxr-xr-x 2 root root 4096 Sep  1 09:01 x', '', './x:', 'total 4', '-rw-r--r-- 1 root root 6 Sep  1 09:01 a', ''].join('\n'),
    );
  });

  it("has Debian's merged /usr: bin, lib, lib64 and sbin are links into usr", () => {
    expect(run('ls -l / | grep -e "->"').output).toBe(
      [
        'lrwxrwxrwx 1 root root    7 Aug 13 16:34 bin -> usr/bin',
        'lrwxrwxrwx 1 root root    7 Aug 13 16:34 lib -> usr/lib',
        'lrwxrwxrwx 1 root root    9 Aug 13 16:34 lib64 -> usr/lib64',
        'lrwxrwxrwx 1 root root    8 Aug 13 16:34 sbin -> usr/sbin',
        '',
      ].join('\n'),
    );
    expect(run('ls /sbin | grep nginx; /bin/sh -c "echo through /bin"').output).toBe('nginx\nnginx-debug\nthrough /bin\n');
  });

  it('has the root directory and the entrypoint scripts of the real image', () => {
    expect(run('ls /').output).toBe('bin\nboot\ndev\ndocker-entrypoint.d\ndocker-entrypoint.sh\netc\nhome\nlib\nlib64\nmedia\nmnt\nopt\nproc\nroot\nrun\nsbin\nsrv\nsys\ntmp\nusr\nvar\n');
    expect(run('ls /docker-entrypoint.d').output).toBe('10-listen-on-ipv6-by-default.sh\n15-local-resolvers.envsh\n20-envsubst-on-templates.sh\n30-tune-worker-processes.sh\n');
    expect(run('grep -c "include /etc/nginx/conf.d/\\*.conf;" /etc/nginx/nginx.conf; grep "index  index.html" /etc/nginx/conf.d/default.conf').output).toBe(
      '1\n        index  index.html index.htm;\n',
    );
  });

  it('reads and writes through the log links to the exec itself', () => {
    expect(execInContainer(p, 1000, ['cat', '/var/log/nginx/access.log'], undefined, undefined, 'typed\n').output).toBe('typed\n');
    expect(execInContainer(p, 1000, ['tail', '-n1', '/var/log/nginx/error.log'], undefined, undefined, 'a\nb\n')).toMatchObject({ exitCode: 0, output: 'b\n' });
    expect(run('echo hi > /var/log/nginx/access.log; ls -l /var/log/nginx/access.log').output).toBe('hi\nlrwxrwxrwx 1 root root 11 Aug 13 16:34 /var/log/nginx/access.log -> /dev/stdout\n');
  });
});

describe('links and the tools that meet them', () => {
  it('readlink prints a target, rm removes the link and not what it points at', () => {
    const p = container('nginx:1.29');
    const run = (line: string) => execInContainer(p, 1000, ['sh', '-c', line]);
    expect(run('readlink /var/log/nginx/access.log /etc/nginx/modules; readlink /etc/hostname; echo $?').output).toBe('/dev/stdout\n/usr/lib/nginx/modules\n1\n');
    expect(run('readlink -f /etc/nginx/modules/ngx_http_js_module.so').output).toBe('/usr/lib/nginx/modules/ngx_http_js_module.so\n');
    expect(run('rm /etc/nginx/modules; ls /etc/nginx; ls /usr/lib/nginx/modules | wc -l').output).toBe('conf.d\nfastcgi_params\nmime.types\nnginx.conf\nscgi_params\nuwsgi_params\n12\n');
    // A file written where the link was is a plain file: nginx would log into the layer.
    expect(run('rm /var/log/nginx/access.log && echo GET > /var/log/nginx/access.log && cat /var/log/nginx/access.log && ls -l /var/log/nginx').output).toBe(
      'GET\ntotal 4\n-rw-r--r-- 1 root root  4 Sep  1 09:00 access.log\nlrwxrwxrwx 1 root root 11 Aug 13 16:34 error.log -> /dev/stderr\n',
    );
  });
});

describe('ls in busybox (BusyBox 1.36)', () => {
  const p = container('busybox:1.36');
  const run = (line: string) => execInContainer(p, 1000, ['sh', '-c', line]);

  it('prints the message and its usage for a bad option, in glibc getopt words; Alpine says them in musl\'s', () => {
    // Recorded with BusyBox 1.35's ls (the same ls.c options and usage as 1.36.1); musl's words from its src/misc/getopt.c and getopt_long.c.
    const bad = run('ls -z /; ls --all /');
    expect(bad.output).toMatch(/^ls: invalid option -- 'z'\nBusyBox v1\.36\.1 \(2023-05-18 22:34:17 UTC\) multi-call binary\.\n\nUsage: ls \[-1AaCxdLHRFplinshrSXvctu\] \[-w WIDTH\] \[FILE\]\.\.\.\n/);
    expect(bad.output).toContain("\t--color[={always,never,auto}]\nls: unrecognized option '--all'\nBusyBox v1.36.1");
    expect(run('ls --full /etc/passwd').output).toBe('-rw-r--r--    1 root     root           340 2023-05-18 22:34:17 +0000 /etc/passwd\n');
    const alpine = container('alpine:3.20');
    const onAlpine = (line: string) => execInContainer(alpine, 1000, ['sh', '-c', line]);
    expect(onAlpine('ls -z').output).toMatch(/^ls: unrecognized option: z\nBusyBox /);
    expect(onAlpine('ls --all=1 /').output).toMatch(/^ls: unrecognized option: all=1\nBusyBox /);
    expect(onAlpine('ls -w').output).toMatch(/^ls: option requires an argument: w\nBusyBox /);
    expect(onAlpine('ls --full-time=1 /').output).toMatch(/^ls: option does not take an argument: full-time\nBusyBox /);
    // The busybox image's musl variant; its default (glibc, docker-library/busybox's first variant) said glibc's words above.
    expect(execInContainer(container('busybox:musl'), 1000, ['ls', '-z']).output).toMatch(/^ls: unrecognized option: z\nBusyBox /);
  });

  it("prints BusyBox's fixed columns, the year for the 2023 image and the kubelet's files as new", () => {
    expect(run('ls -la /etc').output).toBe(
      [
        'total 44',
        'drwxr-xr-x    3 root     root          4096 May 18  2023 .',
        'drwxr-xr-x   13 root     root          4096 May 18  2023 ..',
        '-rw-r--r--    1 root     root           307 May 18  2023 group',
        '-rw-r--r--    1 root     root            10 Sep  1 09:00 hostname',
        '-rw-r--r--    1 root     root           203 Sep  1 09:00 hosts',
        '-rw-r--r--    1 root     root           114 May 18  2023 localtime',
        'drwxr-xr-x    6 root     root          4096 May 18  2023 network',
        '-rw-r--r--    1 root     root           494 May 18  2023 nsswitch.conf',
        '-rw-r--r--    1 root     root           340 May 18  2023 passwd',
        '-rw-r--r--    1 root     root           103 Sep  1 09:00 resolv.conf',
        '-rw-------    1 root     root           136 May 18  2023 shadow',
        '',
      ].join('\n'),
    );
  });

  it('pads -h sizes to 7 and its total to 7 after it; devices print major, minor', () => {
    expect(run('ls -lh /etc/passwd /dev/null; ls -lhd /tmp; ls -lh /var').output).toBe(
      [
        'crw-rw-rw-    1 root     root        1,   3 Sep  1 09:00 /dev/null',
        '-rw-r--r--    1 root     root         340 May 18  2023 /etc/passwd',
        'drwxrwxrwt    2 root     root        4.0K May 18  2023 /tmp',
        'total 12K    ',
        // The runtime made /var/run for the service account token's mount.
        'drwxr-xr-x    3 root     root        4.0K May 18  2023 run',
        'drwxr-xr-x    3 root     root        4.0K May 18  2023 spool',
        'drwxr-xr-x    2 root     root        4.0K May 18  2023 www',
        '',
      ].join('\n'),
    );
  });

  it('has the image root (no /opt, /srv …) and says a missing operand its way, exit 1', () => {
    expect(run('ls /').output).toBe('bin\ndev\netc\nhome\nlib\nlib64\nproc\nroot\nsys\ntmp\nusr\nvar\n');
    expect(run('ls /nope /etc/hostname')).toMatchObject({ exitCode: 1, output: 'ls: /nope: No such file or directory\n/etc/hostname\n' });
  });
});

describe('human-readable sizes (recorded with truncate -s N, ls -lh)', () => {
  it('GNU rounds up; BusyBox rounds to one decimal and keeps 1024.0K', () => {
    const sizes = [0, 1023, 1024, 1025, 10239, 10241, 1048575, 1500000, 104857600];
    expect(sizes.map(gnuHuman)).toEqual(['0', '1023', '1.0K', '1.1K', '10K', '11K', '1.0M', '1.5M', '100M']);
    expect(sizes.map(bbHuman)).toEqual(['0', '1023', '1.0K', '1.0K', '10.0K', '10.0K', '1024.0K', '1.4M', '100.0M']);
  });
});

describe("a kubeadm node's files", () => {
  it('kubeconfigs, static Pod manifests and private keys are 0600, certificates 0644', () => {
    const base = nodeBaseFs({ '/etc/kubernetes/admin.conf': 'x\n', '/etc/kubernetes/manifests/etcd.yaml': 'y\n', '/etc/kubernetes/pki/ca.crt': 'c\n', '/etc/kubernetes/pki/etcd/ca.key': 'k\n' });
    let out = '';
    const env = { io: { stdin: '', out: (t: string) => (out += t), err: (t: string) => (out += t) }, vars: {}, cwd: '/', clock: 0, fs: newLayer(), base, flavour: 'coreutils' as const, dialect: 'bash' as const, hostname: 'node-1', processes: [], version: '' };
    ls(['-l', '/etc/kubernetes/admin.conf', '/etc/kubernetes/manifests/etcd.yaml', '/etc/kubernetes/pki/ca.crt', '/etc/kubernetes/pki/etcd/ca.key'], env);
    expect(out.split('\n').map((l) => `${l.slice(0, 10)} ${l.slice(l.lastIndexOf(' ') + 1)}`)).toEqual([
      '-rw------- /etc/kubernetes/admin.conf',
      '-rw------- /etc/kubernetes/manifests/etcd.yaml',
      '-rw-r--r-- /etc/kubernetes/pki/ca.crt',
      '-rw------- /etc/kubernetes/pki/etcd/ca.key',
      ' ',
    ]);
  });
});

describe('names in order', () => {
  it("C's byte order in containers, glibc's en_US order where LANG says so (the laptop's prompt)", () => {
    const fs = newLayer();
    const base = nodeBaseFs({});
    for (const f of ['/w/Zeta.txt', '/w/alpha.txt', '/w/.hidden', '/w/Beta/x']) writeFile(fs, base, f, 'x', false);
    const run = (vars: Record<string, string>): string => {
      let out = '';
      const env = { io: { stdin: '', out: (t: string) => (out += t), err: (t: string) => (out += t) }, vars, cwd: '/w', clock: 0, fs, base, flavour: 'coreutils' as const, dialect: 'bash' as const, hostname: 'laptop', processes: [], version: '' };
      ls(['-a'], env);
      return out;
    };
    expect(run({})).toBe('.\n..\n.hidden\nBeta\nZeta.txt\nalpha.txt\n');
    expect(run({ LANG: 'en_US.UTF-8' })).toBe('.\n..\nalpha.txt\nBeta\n.hidden\nZeta.txt\n');
  });
});

describe('volumes and the image USER', () => {
  it("a volume's mount point is 0777 (emptyDir's setupDir); what the USER writes in its layer is its own, a volume's files root's", () => {
    const fs = newLayer();
    fs.mounts = { '/scratch': { layer: newLayer(), readOnly: false } };
    const base = nodeBaseFs({});
    writeFile(fs, base, '/scratch/a', 'x', false);
    writeFile(fs, base, '/home/app/b', 'y', false);
    let out = '';
    const user = { name: 'app', uid: 1000, group: 'app', gid: 1000, home: '/home/app' };
    const env = { io: { stdin: '', out: (t: string) => (out += t), err: (t: string) => (out += t) }, vars: {}, cwd: '/', clock: 0, fs, base, flavour: 'coreutils' as const, dialect: 'bash' as const, hostname: 'p', processes: [], version: '', user };
    ls(['-ld', '/scratch', '/scratch/a', '/home/app/b'], env);
    expect(out).toBe('-rw-r--r-- 1 app  app     1 Sep  1 09:00 /home/app/b\ndrwxrwxrwx 2 root root 4096 Sep  1 09:00 /scratch\n-rw-r--r-- 1 root root    1 Sep  1 09:00 /scratch/a\n');
  });
});

// Recorded on this machine with GNU ls 9.1 and BusyBox 1.35's ls on the same four entries
// (`a b` 3 bytes, `big` 5000, `dd/`, `old` touched to 2024-01-01); -c/-u use the fs's one time.
describe('ls -s -m -g -o -Q -c -u', () => {
  const TREE = "mkdir /L; cd /L; printf '%5000s' x > big; echo hi > 'a b'; mkdir dd; touch -d 2024-01-01 old; ";
  const run = (image: string, line: string): string => execInContainer(container(image), 1000, ['sh', '-c', TREE + line]).output;
  it('GNU', () => {
    expect(run('debian:12', 'ls -s; ls -sh')).toBe('total 16\n4 a b\n8 big\n4 dd\n0 old\ntotal 16K\n4.0K a b\n8.0K big\n4.0K dd\n   0 old\n');
    expect(run('debian:12', 'ls -sl; ls -g; ls -o old')).toBe(
      'total 16\n4 -rw-r--r-- 1 root root    3 Sep  1 09:00 a b\n8 -rw-r--r-- 1 root root 5000 Sep  1 09:00 big\n4 drwxr-xr-x 2 root root 4096 Sep  1 09:00 dd\n0 -rw-r--r-- 1 root root    0 Jan  1  2024 old\n' +
        'total 16\n-rw-r--r-- 1 root    3 Sep  1 09:00 a b\n-rw-r--r-- 1 root 5000 Sep  1 09:00 big\ndrwxr-xr-x 2 root 4096 Sep  1 09:00 dd\n-rw-r--r-- 1 root    0 Jan  1  2024 old\n-rw-r--r-- 1 root 0 Jan  1  2024 old\n',
    );
    expect(run('debian:12', 'ls -Q; ls -lQ old; ls -m; ls -c; ls -lu old')).toBe('"a b"\n"big"\n"dd"\n"old"\n-rw-r--r-- 1 root root 0 Jan  1  2024 "old"\na b, big, dd, old\na b\nbig\ndd\nold\n-rw-r--r-- 1 root root 0 Jan  1  2024 old\n');
    // -m breaks after the comma where the next name would reach the width (80 piped).
    expect(run('debian:12', 'ls -m /etc | head -2')).toMatch(/^[^\n]{1,79},\n/);
  });
  it('BusyBox: `%6llu ` blocks in 1K whatever -h, -g without the owner; no -m or -o', () => {
    expect(run('busybox:1.36', 'ls -s; ls -sh')).toBe('total 16\n     4 a b\n     8 big\n     4 dd\n     0 old\ntotal 16K    \n     4 a b\n     8 big\n     4 dd\n     0 old\n');
    expect(run('busybox:1.36', 'ls -g old; ls -lQ old; ls -o 2>&1 | head -1')).toBe(
      '-rw-r--r--    1 root             0 Jan  1  2024 old\n-rw-r--r--    1 root     root             0 Jan  1  2024 "old"\nls: invalid option -- \'o\'\n',
    );
  });
});

// Recorded on this machine: `ls -s /proc`, `ls -ls /proc/meminfo` (GNU 9.1, BusyBox 1.35): procfs
// and sysfs hold no blocks, and procfs says 0 for every size; `stat` agrees (`regular empty file`).
describe('ls -s on /proc and /sys', () => {
  const sim = new Simulation({ seed: 7 });
  sim.advance(20_000);
  const node = (line: string): string => sim.nodeShell('node-1', line).output.map((c) => c.text).join('');
  it('shows 0 blocks, and procfs files 0 bytes', () => {
    expect(node('ls -s /proc/meminfo /proc/uptime; ls -s /proc | head -2; ls -sd /proc /sys')).toBe('0 /proc/meminfo\n0 /proc/uptime\ntotal 0\n0 cpuinfo\n0 /proc\n0 /sys\n');
    expect(node('ls -ls /proc/meminfo')).toMatch(/^0 -[rw-]{9} 1 root root 0 [A-Z][a-z]{2} [ \d]\d [ \d]\d:?\d\d \/proc\/meminfo\n$/);
    expect(node('stat -c "%s %b %F" /proc/meminfo')).toBe('0 0 regular empty file\n');
    expect(execInContainer(container('busybox:1.36'), 1000, ['sh', '-c', 'ls -s /proc | head -2; ls -sd /proc/1']).output).toBe('total 0\n     0 1\n     0 /proc/1\n');
  });
});
