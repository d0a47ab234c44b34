import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { installPrograms } from './packages';
import { execInContainer, startProcess, type ProcessState } from './process';
import { proc, type Proc } from './proc-model';
import { busyboxPs, procpsPs, type PsCaller } from './tools-ps';
import type { ToolEnv } from './tool-types';

const caller: PsCaller = { uid: 0, tty: '?', memTotalKb: 4015080, now: 60_000 };

function run(tool: typeof procpsPs, args: string[], procs: Proc[]): { status: number; out: string; err: string } {
  let out = '';
  let err = '';
  const env = { io: { stdin: '', out: (t: string) => (out += t), err: (t: string) => (err += t) } } as unknown as ToolEnv;
  const r = tool(args, procs, caller, env);
  return { status: r.status, out, err };
}

const table: Proc[] = [
  proc({ pid: 1, ppid: 0, uid: 0, user: 'root', comm: 'systemd', args: '/sbin/init', startedAt: 0, stat: 'Ss' }),
  proc({ pid: 4935, ppid: 1, uid: 0, user: 'root', comm: 'node', args: 'node vite', startedAt: 0, stat: 'Sl', vszKb: 13685452, rssKb: 159348 }),
  proc({ pid: 29, ppid: 1, uid: 101, user: 'nginx', comm: 'nginx', args: 'nginx: worker process', startedAt: 0, stat: 'S' }),
];

describe('procps-ng ps (layout recorded from procps-ng 4.0.2, pid_max 4194304)', () => {
  it('prints aux, -ef and the default table with their headers and widths', () => {
    expect(run(procpsPs, ['aux'], table).out.split('\n')[0]).toBe('USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND');
    expect(run(procpsPs, ['-ef'], table).out.split('\n')[0]).toBe('UID          PID    PPID  C STIME TTY          TIME CMD');
    expect(run(procpsPs, ['ax'], table).out.split('\n')[0]).toBe('    PID TTY      STAT   TIME COMMAND');
    expect(run(procpsPs, [], table).out).toBe('    PID TTY          TIME CMD\n      1 ?        00:00:00 systemd\n   4935 ?        00:00:00 node\n');
    expect(run(procpsPs, ['-ef'], table).out.split('\n')[1]).toBe('root           1       0  0 09:00 ?        00:00:00 /sbin/init');
  });

  it('lets a value wider than its column push the line until later padding absorbs it', () => {
    // Recorded: `root      4935 13.6  0.6 13685452 159348 ?     Sl   18:54   0:00 node …` (pid_max 32768).
    const row = run(procpsPs, ['aux', '--sort=-vsz'], table).out.split('\n')[1];
    expect(row).toBe('root        4935  0.0  3.9 13685452 159348 ?     Sl   09:00   0:00 node vite');
  });

  it('-o picks columns (cut to width unless last), =HEADER, --no-headers, -C, -p, --sort and errors', () => {
    expect(run(procpsPs, ['-o', 'pid,ppid,user,comm,args,stat', '-p', '29'], table).out).toBe('    PID    PPID USER     COMMAND         COMMAND                     STAT\n     29       1 nginx    nginx           nginx: worker process       S\n');
    expect(run(procpsPs, ['-C', 'nginx', '-o', 'pid=,user='], table).out).toBe('     29 nginx\n');
    expect(run(procpsPs, ['-e', '--no-headers', '-o', 'pid', '--sort=-pid'], table).out).toBe('   4935\n     29\n      1\n');
    expect(run(procpsPs, ['-p', '99'], table)).toEqual({ status: 1, out: '    PID TTY          TIME CMD\n', err: '' });
    expect(run(procpsPs, ['-o', 'bogus'], table).err).toMatch(/^error: unknown user-defined format specifier "bogus"\n\nUsage:\n ps \[options\]\n/);
    expect(run(procpsPs, ['--bogus'], table)).toMatchObject({ status: 1, err: expect.stringMatching(/^error: unknown gnu long option\n/) });
  });
});

describe('procps-ng ps -l (headers recorded from procps-ng 4.0.2; the rows\' layout from the ZooKeeper image\'s published `ps -elf`)', () => {
  const zk: Proc[] = [
    proc({ pid: 1, ppid: 0, uid: 1000, user: 'zookeeper', comm: 'sh', args: 'sh -c start-zookeeper --servers=3', startedAt: 0, stat: 'Ss', vszKb: 4504 }),
    proc({ pid: 7, ppid: 1, uid: 1000, user: 'zookeeper', comm: 'java', args: '/usr/lib/jvm/java-8-openjdk-amd64/bin/java -cp x QuorumPeerMain', startedAt: 0, stat: 'Sl', vszKb: 3849508 }),
    proc({ pid: 81, ppid: 0, uid: 1000, user: 'zookeeper', comm: 'ps', args: 'ps -elf', startedAt: 0, stat: 'R' }),
  ];

  it('-elf: F S, PRI NI, ADDR (narrower than its header) and SZ in pages, WCHAN cut to 6', () => {
    expect(run(procpsPs, ['-elf'], zk).out.split('\n').slice(0, 4)).toEqual([
      'F S UID          PID    PPID  C PRI  NI ADDR SZ WCHAN  STIME TTY          TIME CMD',
      '4 S zookeep+       1       0  0  80   0 -  1126 do_wai 09:00 ?        00:00:00 sh -c start-zookeeper --servers=3',
      // A value wider than its column pushes the line, as `- 962377 futex_ 06:08 ?       00:00:07` does.
      '4 S zookeep+       7       1  0  80   0 - 962377 futex_ 09:00 ?       00:00:00 /usr/lib/jvm/java-8-openjdk-amd64/bin/java -cp x QuorumPeerMain',
      '4 R zookeep+      81       0  0  80   0 -  2022 -      09:00 ?        00:00:00 ps -elf',
    ]);
    expect(run(procpsPs, ['-l', '-p', '1'], zk).out).toBe('F S   UID     PID    PPID  C PRI  NI ADDR SZ WCHAN  TTY          TIME CMD\n4 S  1000       1       0  0  80   0 -  1126 do_wai ?        00:00:00 sh\n');
    expect(run(procpsPs, ['-o', 'pid,s,wchan', '-p', '7'], zk).out).toBe('    PID S WCHAN\n      7 S futex_wait_queue\n');
  });
});

describe('BusyBox ps (procps/ps.c of 1.36.0)', () => {
  it('lists every process as PID USER TIME COMMAND, ignores operands such as aux, refuses -p', () => {
    expect(run(busyboxPs, ['aux'], table).out).toBe('PID   USER     TIME  COMMAND\n    1 root      0:00 {systemd} /sbin/init\n   29 nginx     0:00 nginx: worker process\n 4935 root      0:00 node vite\n');
    expect(run(busyboxPs, ['-p', '1'], table)).toMatchObject({ status: 1, err: expect.stringMatching(/^ps: invalid option -- 'p'\nBusyBox v1\.36\.1/) });
  });

  it('-o uses its column table, scales VSZ/RSS to 4 characters, and names its columns on error', () => {
    expect(run(busyboxPs, ['-o', 'pid,ppid,user,comm,vsz,rss'], table).out.split('\n')[2]).toBe('   29     1 nginx    nginx             11m 7452');
    expect(run(busyboxPs, ['-o', 'pid,vsz,rss'], table).out.split('\n')[3]).toBe(' 4935  13g 155m');
    expect(run(busyboxPs, ['-o', 'etime,foo'], table)).toEqual({ status: 1, out: '', err: "ps: bad -o argument 'foo', supported arguments: user,group,comm,args,pid,ppid,pgid,etime,nice,rgroup,ruser,time,tty,vsz,sid,stat,rss\n" });
  });
});

function start(image: string, command?: string[], runAsUser?: number): ProcessState {
  return startProcess({ image: resolveImage(image), ...(command ? { command } : {}), ...(runAsUser !== undefined ? { runAsUser } : {}), env: {}, ports: {}, startedAt: 1000, restartCount: 0, seed: 5, podIP: '10.244.1.5', hostname: 'p', machine: { cpus: 2, memTotalKib: 4015080, memUsedBytes: 0, diskKib: 0, diskUsedKib: 0, bootedAt: 0 } });
}

describe('a container’s processes', () => {
  it('nginx: the master process title, one worker per node CPU as user nginx, the exec’s dash as the parent of ps', () => {
    const p = start('nginx:1.27');
    execInContainer(p, 5000, ['true']);
    installPrograms(p.machine.fs, { file: () => undefined, isDir: () => true, list: () => [] }, ['ps']);
    const out = execInContainer(p, 6000, ['sh', '-c', 'ps -eo pid,ppid,user,args | cat']).output;
    expect(out).toMatch(/^ {4}PID {4}PPID USER {5}COMMAND\n {6}1 {7}0 root {5}nginx: master process nginx -g daemon off;\n {5}29 {7}1 nginx {4}nginx: worker process\n {5}30 {7}1 nginx {4}nginx: worker process\n +(\d+) +0 root +sh -c ps -eo pid,ppid,user,args \| cat\n +\d+ +\1 root +ps -eo pid,ppid,user,args\n +\d+ +\1 root +cat\n$/);
  });

  it('BusyBox sh execs a -c script’s only command; with more to do it stays the parent', () => {
    const p = start('busybox:1.36', ['sleep', '3600']);
    const alone = execInContainer(p, 5000, ['sh', '-c', 'ps -o pid,ppid,args']).output.split('\n');
    expect(alone.slice(1, -1).map((l) => l.replace(/^ *\d+ +/, ''))).toEqual(['0 sleep 3600', '0 ps -o pid,ppid,args']);
    const more = execInContainer(p, 6000, ['sh', '-c', 'ps -o ppid,args; true']).output.split('\n');
    expect(more[2]).toBe('    0 sh -c ps -o ppid,args; true');
    expect(more[3]).toMatch(/^ +[1-9]\d* ps -o ppid,args$/);
  });
});

describe('securityContext.runAsUser', () => {
  it('ps, id and whoami agree: a uid /etc/passwd names shows by name, another as the bare number', () => {
    const named = start('busybox:1.36', ['sleep', '3600'], 65534);
    expect(execInContainer(named, 5000, ['ps', '-o', 'user,args']).output).toMatch(/^USER {5}COMMAND\nnobody {3}sleep 3600\n/);
    expect(execInContainer(named, 5000, ['id']).output).toBe('uid=65534(nobody) gid=65534(nogroup) groups=65534(nogroup)\n');
    const bare = start('busybox:1.36', ['sleep', '3600'], 1000);
    expect(execInContainer(bare, 5000, ['ps']).output).toMatch(/^PID {3}USER {5}TIME {2}COMMAND\n {4}1 1000 {6}0:00 sleep 3600\n/);
    expect(execInContainer(bare, 5000, ['id']).output).toBe('uid=1000 gid=0(root) groups=0(root)\n');
    expect(execInContainer(bare, 5000, ['whoami'])).toMatchObject({ exitCode: 1, output: 'whoami: unknown uid 1000\n' });
    const deb = start('nginx:1.27', undefined, 1000);
    expect(execInContainer(deb, 5000, ['whoami'])).toMatchObject({ exitCode: 1, output: 'whoami: cannot find name for user ID 1000\n' });
  });
});

describe("the container's own script", () => {
  it('lists the program PID 1’s shell waits on; BusyBox sh -c with one command is that program', () => {
    const loop = start('busybox:1.36', ['sh', '-c', 'while true; do date; sleep 5; done']);
    const rows = execInContainer(loop, 12_000, ['ps', '-o', 'pid,ppid,args']).output.split('\n');
    expect(rows[1]).toBe('    1     0 sh -c while true; do date; sleep 5; done');
    expect(rows[2]).toMatch(/^ +\d+ +1 sleep 5$/);
    const sole = start('busybox:1.36', ['sh', '-c', 'sleep 3600']);
    expect(execInContainer(sole, 5000, ['ps', '-o', 'pid,args']).output.split('\n')[1]).toBe('    1 sleep 3600');
    const dash = start('nginx:1.27', ['sh', '-c', 'sleep 3600']);
    installPrograms(dash.machine.fs, { file: () => undefined, isDir: () => true, list: () => [] }, ['ps']);
    expect(execInContainer(dash, 5000, ['ps', '-eo', 'pid,ppid,args']).output).toMatch(/^ {4}PID {4}PPID COMMAND\n {6}1 {7}0 sh -c sleep 3600\n +\d+ +1 sleep 3600\n +\d+ +0 ps -eo pid,ppid,args\n$/);
  });
});
