/**
 * free, df, nproc, uptime and the kernel's files (sysinfo.ts, tools-sysinfo.ts). The formats are
 * checked against the real programs' output on this machine (testdata/sysinfo: procps-ng 4.0.2's
 * free with the /proc/meminfo it read, BusyBox 1.35's free), and a container's view against the
 * classic lesson: /proc shows the node, the cgroup files show the limits.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { newLayer, type BaseFs } from './fs';
import { execInContainer, startProcess } from './process';
import { cpuMax, cpuWeight, nodeMounts, procMeminfo, withSystem, type MachineFacts } from './sysinfo';
import { gnuHuman } from './tools-disk';
import { bbHuman } from './tools-sysinfo';
import { TOOLS, type ToolEnv } from './tools';
import type { ProcessInput } from './types';

const DATA = join(__dirname, 'testdata', 'sysinfo');
const read = (f: string): string => readFileSync(join(DATA, f), 'utf8');

/** A worker's capacity (topology.ts): 4 CPUs, 8141880Ki memory, 61202244Ki ephemeral-storage. */
const NODE: MachineFacts = { cpus: 4, memTotalKib: 8141880, memUsedBytes: 470 * 2 ** 20, diskKib: 61202244, diskUsedKib: 5_400_000, bootedAt: -52_000 };

function run(name: string, args: string[], files: Record<string, string>, flavour: 'busybox' | 'coreutils'): { out: string; err: string; status: number } {
  let out = '';
  let err = '';
  const base: BaseFs = { file: (p) => files[p], isDir: (p) => p === '/' || p === '/proc', list: () => [] };
  const env: ToolEnv = { io: { stdin: '', out: (t) => (out += t), err: (t) => (err += t) }, vars: {}, cwd: '/', clock: 0, fs: newLayer(), base, flavour, dialect: flavour === 'busybox' ? 'ash' : 'bash', hostname: 'h', processes: [], version: '' };
  const status = TOOLS.get(name)!(args, env).status;
  return { out, err, status };
}

describe('free', () => {
  it("prints procps-ng's table from /proc/meminfo, byte for byte as the real free did (plain and -h)", () => {
    const files = { '/proc/meminfo': read('meminfo') };
    expect(run('free', [], files, 'coreutils').out).toBe(read('free'));
    expect(run('free', ['-h'], files, 'coreutils').out).toBe(read('free-h'));
  });

  it("prints BusyBox's table (used = total - free - buff/cache), plain and -h", () => {
    // The numbers the real BusyBox free read when it printed testdata/busybox-free.
    const mi = 'MemTotal:       24683772 kB\nMemFree:        21524904 kB\nMemAvailable:   22700704 kB\nBuffers:           18428 kB\nCached:          1255928 kB\nSwapTotal:             0 kB\nSwapFree:              0 kB\nShmem:             10304 kB\nSReclaimable:     213836 kB\n';
    expect(run('free', [], { '/proc/meminfo': mi }, 'busybox').out).toBe(read('busybox-free'));
    expect(run('free', ['-h'], { '/proc/meminfo': mi }, 'busybox').out).toBe(read('busybox-free-h'));
  });

  it('a node: total is capacity memory, used is the working set, the rest adds up', () => {
    const out = run('free', [], { '/proc/meminfo': procMeminfo(NODE) }, 'coreutils').out.split('\n')[1]!.split(/\s+/);
    const [total, used, free, , cache, available] = out.slice(1).map(Number);
    expect(total).toBe(8141880);
    expect(used).toBe(470 * 1024);
    expect(total! - available!).toBe(used);
    expect(free! + cache! + used!).toBe(total);
    expect(run('free', ['-x'], {}, 'coreutils')).toMatchObject({ status: 1, err: expect.stringMatching(/^free: invalid option -- 'x'\n\nUsage:\n free \[options\]\n/) });
  });
});

describe('df', () => {
  it("GNU's widths (Filesystem at least 14, sizes at least 5), Use% rounded up, -h rounded up", () => {
    expect(gnuHuman(264212084 * 1024)).toBe('252G');
    expect(gnuHuman(24701404 * 1024)).toBe('24G');
    expect(gnuHuman(4 * 1024)).toBe('4.0K');
    expect(gnuHuman(0)).toBe('0');
    expect(bbHuman(264212084 * 1024)).toBe('252.0G');
    expect(bbHuman(24701404 * 1024)).toBe('23.6G');
    const env = (flavour: 'busybox' | 'coreutils'): ToolEnv => {
      const e: ToolEnv = { io: { stdin: '', out: (t) => (text += t), err: () => {} }, vars: {}, cwd: '/', clock: 0, fs: newLayer(), base: { file: () => undefined, isDir: () => true, list: () => [] }, flavour, dialect: 'bash', hostname: 'h', processes: [], version: '' };
      e.system = { machine: NODE, mounts: nodeMounts(NODE) };
      return e;
    };
    let text = '';
    TOOLS.get('df')!(['-h', '/'], env('coreutils'));
    expect(text).toBe('Filesystem      Size  Used Avail Use% Mounted on\n/dev/root        59G  5.2G   51G  10% /\n');
    text = '';
    TOOLS.get('df')!(['/'], env('busybox'));
    expect(text).toBe('Filesystem           1K-blocks      Used Available Use% Mounted on\n/dev/root             61202244   5400000  52742132   9% /\n');
  });
});

describe('cgroup v2 files', () => {
  it("cpu.weight from the request (kubelet's shares, runc's conversion) and cpu.max from the limit", () => {
    expect([0, 100, 250, 500, 1000, 2000].map(cpuWeight)).toEqual([1, 4, 10, 20, 39, 79]);
    expect(cpuMax(500)).toBe('50000 100000\n');
    expect(cpuMax(1)).toBe('1000 100000\n');
    expect(cpuMax(undefined)).toBe('max 100000\n');
  });

  it('a container with limits: free, nproc and /proc/meminfo show the node; memory.max and cpu.max show the limits', () => {
    const input: ProcessInput = {
      image: resolveImage('busybox:1.36'), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1,
      memoryLimitBytes: 128 * 2 ** 20, cpuLimitMillicores: 500, cpuRequestMillicores: 250, machine: NODE,
    };
    const p = startProcess(input);
    const sh = (cmd: string): string => execInContainer(p, 5_000, ['sh', '-c', cmd]).output;
    expect(sh('nproc; grep -c processor /proc/cpuinfo; head -1 /proc/meminfo')).toBe('4\n4\nMemTotal:        8141880 kB\n');
    expect(sh('free | sed -n 2p')).toMatch(/^Mem: +8141880 /);
    expect(sh('cat /sys/fs/cgroup/memory.max /sys/fs/cgroup/cpu.max /sys/fs/cgroup/cpu.weight')).toBe('134217728\n50000 100000\n10\n');
    expect(sh('cat /sys/fs/cgroup/memory.current')).toBe(`${2 ** 20}\n`);
    expect(sh('ls /sys/fs/cgroup')).toBe('cpu.max\ncpu.weight\nmemory.current\nmemory.max\n');
    const none = startProcess({ ...input, memoryLimitBytes: undefined, cpuLimitMillicores: undefined, cpuRequestMillicores: undefined } as ProcessInput);
    expect(execInContainer(none, 5_000, ['cat', '/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/cpu.max', '/sys/fs/cgroup/cpu.weight']).output).toBe('max\nmax 100000\n1\n');
    expect(sh('df -h /; uptime')).toBe('Filesystem                Size      Used Available Use% Mounted on\noverlay                  58.4G      5.1G     50.3G   9% /\n 09:00:05 up 0 min,  0 users,  load average: 0.08, 0.05, 0.01\n');
  });

  it("du: a directory is a block, a file its content rounded up to 4 KiB; GNU's and BusyBox's -h", () => {
    const p = startProcess({ image: resolveImage('busybox:1.36'), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1 });
    const sh = (cmd: string): ReturnType<typeof execInContainer> => execInContainer(p, 1_000, ['sh', '-c', cmd]);
    // The same tree on this machine: `du` printed 8 …/a and 20 …; BusyBox's -sh 20.0K, GNU's 20K.
    expect(sh('mkdir -p /d/a; printf x > /d/a/f; seq 1 1200 > /d/g; du /d; du -sh /d; du -a /d/a').output).toBe('8\t/d/a\n20\t/d\n20.0K\t/d\n4\t/d/a/f\n8\t/d/a\n');
    expect(sh('du -s /nope')).toMatchObject({ exitCode: 1, output: 'du: /nope: No such file or directory\n' });
  });

  it("walks options as each real one does (recorded: procps-ng 4.0.2 free, coreutils 9.1 df and du, BusyBox 1.35)", () => {
    const mi = { '/proc/meminfo': procMeminfo(NODE) };
    // procps free's whole table: prefixes, and an ambiguous one's candidates in free.c's order.
    expect(run('free', ['--tot', '--m'], mi, 'coreutils')).toMatchObject({ status: 1, err: expect.stringMatching(/^free: option '--m' is ambiguous; possibilities: '--mega' '--mebi'\n\nUsage:\n free \[options\]\n/) });
    expect(run('free', ['--t'], mi, 'coreutils').err).toMatch(/^free: option '--t' is ambiguous; possibilities: '--tera' '--tebi' '--total'\n/);
    expect(run('free', ['--mebi', '--tot'], mi, 'coreutils').out).toMatch(/^Total: +7951 /m);
    // BusyBox's free reads only its first word's second character: a bad one is the usage alone.
    const usage = 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: free [-bkmgh]\n\nDisplay free and used memory\n';
    expect(run('free', ['--foo'], mi, 'busybox')).toMatchObject({ status: 1, err: usage, out: '' });
    expect(run('free', ['-x'], mi, 'busybox')).toMatchObject({ status: 1, err: usage });
    expect(run('free', ['-mx', '-y'], mi, 'busybox').out).toMatch(/^Mem: +7951 /m);
    const p = startProcess({ image: resolveImage('busybox:1.36'), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1 });
    const sh = (cmd: string): ReturnType<typeof execInContainer> => execInContainer(p, 1_000, ['sh', '-c', cmd]);
    expect(sh('du -d x /etc')).toMatchObject({ exitCode: 1, output: "du: invalid number 'x'\n" });
    expect(sh('du -z /etc').output).toMatch(/^du: invalid option -- 'z'\nBusyBox v1\.36\.1 \(2023-05-18 22:34:17 UTC\) multi-call binary\.\n\nUsage: du \[-aHLdclsxhmk\] \[FILE\]\.\.\.\n/);
    expect(sh('df -z').output).toMatch(/^df: invalid option -- 'z'\nBusyBox v1\.36\.1 \(2023-05-18 22:34:17 UTC\) multi-call binary\.\n\nUsage: df \[-PkmhTai\] \[-B SIZE\] \[-t TYPE\] \[FILESYSTEM\]\.\.\.\n/);
    const deb = startProcess({ image: resolveImage('debian:12'), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1 });
    const gnu = (cmd: string): ReturnType<typeof execInContainer> => execInContainer(deb, 1_000, ['sh', '-c', cmd]);
    expect(gnu('df --t; du --s /etc; du -d x /etc; du --max')).toMatchObject({
      exitCode: 1,
      output:
        "df: option '--t' is ambiguous; possibilities: '--total' '--type'\nTry 'df --help' for more information.\n" +
        "du: option '--s' is ambiguous; possibilities: '--si' '--separate-dirs' '--summarize'\nTry 'du --help' for more information.\n" +
        "du: invalid maximum depth 'x'\nTry 'du --help' for more information.\n" +
        "du: option '--max-depth' requires an argument\nTry 'du --help' for more information.\n",
    });
    expect(gnu('du --summ --human /etc/apt/sources.list.d').output).toBe('8.0K\t/etc/apt/sources.list.d\n');
  });

  it('the kernel files are only where a machine is known', () => {
    const base: BaseFs = { file: () => undefined, isDir: (p) => p === '/' || p === '/proc', list: () => [] };
    const v = withSystem(base, { machine: NODE, mounts: [] }, () => 0);
    expect(v.file('/proc/uptime')).toBe('52.00 201.76\n');
    expect(v.file('/sys/fs/cgroup/memory.max')).toBeUndefined();
  });
});
