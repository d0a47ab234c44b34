/**
 * chown, hostname, pidof and uptime walk their options as the real tools do (recorded on this
 * machine: coreutils 9.1's chown, hostname 3.23, sysvinit 3.06's pidof, procps-ng 4.0.2's uptime,
 * busybox 1.35's applets; the busybox image's pidof usage from 1.36.1's pidof.c).
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';
import { Simulation } from '../simulation';

const shell = (image: string) => {
  const p = startProcess({ image: resolveImage(image), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1, hostname: 'web-0' });
  return (line: string) => execInContainer(p, 1000, ['sh', '-c', line]).output;
};
const BANNER = 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\n';

describe('GNU userland (Debian)', () => {
  const run = shell('nginx:1.27');
  it('chown: getopt_long errors, missing operands, a missing FILE; a well-formed chown succeeds', () => {
    expect(run('chown -Q; chown --no x f; chown; chown root; chown root /nope; echo $?; chown -Rf root:root /tmp /nope; echo $?; chown root /tmp; echo $?')).toBe(
      "chown: invalid option -- 'Q'\nTry 'chown --help' for more information.\n" +
        "chown: option '--no' is ambiguous; possibilities: '--no-dereference' '--no-preserve-root'\nTry 'chown --help' for more information.\n" +
        "chown: missing operand\nTry 'chown --help' for more information.\nchown: missing operand after 'root'\nTry 'chown --help' for more information.\n" +
        "chown: cannot access '/nope': No such file or directory\n1\n1\n0\n",
    );
  });
  it('hostname 3.23: a bad option is its whole usage on stderr with status 255; setting the name is refused', () => {
    const bad = run('hostname -Q; echo $?');
    expect(bad.startsWith("hostname: invalid option -- 'Q'\nUsage: hostname [-b] {hostname|-F file}         set host name (from file)\n")).toBe(true);
    expect(bad.endsWith('   part of the FQDN) in the /etc/hosts file.\n255\n')).toBe(true);
    expect(run("hostname --a 2>&1 | head -1; hostname -V; hostname -s; hostname -d; echo $?; hostname new; echo $?; hostname -- -x; hostname a b 2>&1 | head -1")).toBe(
      "hostname: option '--a' is ambiguous; possibilities: '--all-fqdns' '--alias' '--all-ip-addresses'\nhostname 3.23\nweb-0\n0\n" +
        'hostname: you must be root to change the host name\n1\nhostname: the specified hostname is invalid\nUsage: hostname [-b] {hostname|-F file}         set host name (from file)\n',
    );
  });
  it("pidof (sysvinit): a bad option is a silent status 1; -s is one PID in all, -d the separator, -q silent", () => {
    expect(run('pidof -Q sleep; echo $?; pidof --foo sleep; echo $?; pidof -s sleep sh; pidof -d , sleep; pidof -q sleep; echo $?')).toBe('1\n1\n1\n1\n0\n');
  });
});

describe('BusyBox', () => {
  const run = shell('busybox:1.36');
  it("chown, hostname, pidof and uptime print getopt's message and their usage", () => {
    expect(run('chown -Q; echo $?')).toBe(`chown: invalid option -- 'Q'\n${BANNER}Usage: chown [-RhLHPcvf]... USER[:[GRP]] FILE...\n\nChange the owner and/or group of FILEs to USER and/or GRP\n\n\t-h\tAffect symlinks instead of symlink targets\n\t-L\tTraverse all symlinks to directories\n\t-H\tTraverse symlinks on command line only\n\t-P\tDon't traverse symlinks (default)\n\t-R\tRecurse\n\t-c\tList changed files\n\t-v\tVerbose\n\t-f\tHide errors\n1\n`);
    expect(run('hostname --fqdn; echo $?')).toBe(`hostname: unrecognized option '--fqdn'\n${BANNER}Usage: hostname [-sidf] [HOSTNAME | -F FILE]\n\nShow or set hostname or DNS domain name\n\n\t-s\tShort\n\t-i\tAddresses for the hostname\n\t-d\tDNS domain name\n\t-f\tFully qualified domain name\n\t-F FILE\tUse FILE's content as hostname\n1\n`);
    expect(run('pidof -x sleep; echo $?')).toBe(`pidof: invalid option -- 'x'\n${BANNER}Usage: pidof [-s] [-o PID] [NAME]...\n\nList PIDs of all processes with names that match NAMEs\n\n\t-s\tShow only one PID\n\t-o PID\tOmit given pid\n\t\tUse %PPID to omit pid of pidof's parent\n1\n`);
    expect(run('uptime -p; echo $?')).toBe(`uptime: invalid option -- 'p'\n${BANNER}Usage: uptime\n\nDisplay the time since the last boot\n1\n`);
  });
  it('chown wants two operands and says a missing FILE even with -f; hostname sets nothing; pidof -s is one PID per NAME', () => {
    expect(run('chown root 2>&1 | head -1; chown -f root /nope; echo $?; chown --recursive root /tmp; echo $?')).toBe(`${BANNER.split('\n')[0]}\nchown: /nope: No such file or directory\n1\n0\n`);
    expect(run('hostname new; echo $?; hostname -s; hostname --help 2>&1 | head -1; pidof -s sleep sleep')).toBe(`hostname: sethostname: Operation not permitted\n1\nweb-0\n${BANNER.split('\n')[0]}\n1 1\n`);
  });
});

describe('uptime on a node (procps-ng)', () => {
  const sim = new Simulation({ seed: 7 });
  sim.advance(20_000);
  const node = (line: string): string => sim.nodeShell('node-1', line).output.map((c) => c.text).join('');
  it('-s is the boot time and wins over -p; a bad option or an operand is the usage on stderr, status 1', () => {
    const since = node('uptime -s');
    expect(since).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\n$/);
    expect(node('uptime -ps; uptime --since --pretty')).toBe(since + since);
    expect(node('uptime -p')).toMatch(/^up \d+ minutes?\n$/);
    expect(node('uptime x; echo $?; uptime -x 2>&1 | head -1')).toBe("\nUsage:\n uptime [options]\n\nOptions:\n -p, --pretty   show uptime in pretty format\n -h, --help     display this help and exit\n -s, --since    system up since\n -V, --version  output version information and exit\n\nFor more details see uptime(1).\n1\nuptime: invalid option -- 'x'\n");
  });
});
