import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { installPrograms } from './packages';
import { execInContainer, startProcess, type ProcessState } from './process';

function start(image: string, command?: string[]): ProcessState {
  return startProcess({ image: resolveImage(image), ...(command ? { command } : {}), env: {}, ports: {}, startedAt: 1000, restartCount: 0, seed: 5, podIP: '10.244.1.5', hostname: 'p', machine: { cpus: 2, memTotalKib: 4015080, memUsedBytes: 0, diskKib: 0, diskUsedKib: 0, bootedAt: 0 } });
}

describe('pgrep and pidof read the same table as ps', () => {
  it('nginx: pidof (sysvinit-utils) lists master and workers newest first; pgrep needs procps, then matches comm', () => {
    const p = start('nginx:1.27');
    expect(execInContainer(p, 5000, ['pidof', 'nginx'])).toMatchObject({ exitCode: 0, output: '30 29 1\n' });
    expect(execInContainer(p, 5000, ['pgrep', 'nginx'])).toMatchObject({ exitCode: 126, notStarted: true });
    installPrograms(p.machine.fs, { file: () => undefined, isDir: () => true, list: () => [] }, ['ps', 'pgrep']);
    expect(execInContainer(p, 6000, ['pgrep', '-l', 'ngin'])).toMatchObject({ exitCode: 0, output: '1 nginx\n29 nginx\n30 nginx\n' });
    expect(execInContainer(p, 6000, ['pgrep', '-a', '-u', 'nginx', 'nginx']).output).toBe('29 nginx: worker process\n30 nginx: worker process\n');
    expect(execInContainer(p, 6000, ['pgrep', '-c', '-x', 'ngin'])).toMatchObject({ exitCode: 1, output: '0\n' });
    expect(execInContainer(p, 6000, ['pgrep'])).toMatchObject({ exitCode: 2, output: "pgrep: no matching criteria specified\nTry `pgrep --help' for more information.\n" });
    // getopt_long's prefixes and messages over procps-ng 4.0.2's whole table (recorded: `pgrep --e x`).
    expect(execInContainer(p, 6000, ['pgrep', '--list-n', 'ngin']).output).toBe('1 nginx\n29 nginx\n30 nginx\n');
    expect(execInContainer(p, 6000, ['pgrep', '--e', 'x'])).toMatchObject({ exitCode: 2, output: expect.stringMatching(/^pgrep: option '--e' is ambiguous; possibilities: '--euid' '--exact' '--echo'\n\nUsage:\n pgrep \[options\] <pattern>\n/) });
    expect(execInContainer(p, 6000, ['pgrep', '--older', '5', 'x'])).toMatchObject({ exitCode: 2, output: "pgrep: option '--older' is not supported by this simulator\n" });
  });

  it("pkill: -SIGNAL anywhere (the first one), then getopt_long over procps' table with pkill's letters (recorded, procps-ng 4.0.2)", () => {
    const p = start('nginx:1.27');
    installPrograms(p.machine.fs, { file: () => undefined, isDir: () => true, list: () => [] }, ['ps', 'pgrep', 'pkill']);
    expect(execInContainer(p, 6000, ['pkill', '-x', 'nomatch', '-HUP', '-f'])).toMatchObject({ exitCode: 1, output: '' });
    expect(execInContainer(p, 6000, ['pkill', '-f', '-TERM', '-HUP', 'nomatch'])).toMatchObject({ exitCode: 2, output: expect.stringMatching(/^pkill: invalid option -- 'H'\n\nUsage:\n pkill \[options\] <pattern>\n\nOptions:\n -<sig>, --signal <sig> {4}signal to send \(either number or name\)\n[^]*For more details see pgrep\(1\)\.\n$/) });
    expect(execInContainer(p, 6000, ['pkill', '--e', 'x']).output).toMatch(/^pkill: option '--e' is ambiguous; possibilities: '--euid' '--exact' '--echo'\n/);
    expect(execInContainer(p, 6000, ['pkill', '--qu'])).toMatchObject({ exitCode: 2, output: expect.stringMatching(/^pkill: option '--queue' requires an argument\n\nUsage:/) });
    expect(execInContainer(p, 6000, ['pkill', '--ec', '--sig', 'HUP', 'nginx']).output).toBe('nginx killed (pid 1)\nnginx killed (pid 29)\nnginx killed (pid 30)\n');
  });

  it('BusyBox: pgrep tries argv[0] then comm and leaves itself out; pidof exits 1 when nothing runs by that name', () => {
    const p = start('busybox:1.36', ['sleep', '3600']);
    expect(execInContainer(p, 5000, ['pgrep', '-a', 'sl'])).toMatchObject({ exitCode: 0, output: '1 sleep 3600\n' });
    expect(execInContainer(p, 5000, ['pgrep', 'pgrep'])).toMatchObject({ exitCode: 1, output: '' });
    expect(execInContainer(p, 5000, ['sh', '-c', 'pidof sleep; pidof nginx; echo $?']).output).toBe('1\n1\n');
  });
});
