import { beforeAll, describe, expect, it } from 'vitest';
import type { Pod, Service } from '../../k8s/types';
import { bootCluster, createPod, getPod, podManifest } from '../kubelet/kubelet.testing';
import type { Simulation } from '../simulation';
import { resolveImage } from './catalog';
import { newLayer, type MountedVolume } from './fs';
import { execInContainer, processExit, processLogs, signalTerm, startProcess, type ProcessState } from './process';
import type { ProcessInput } from './types';

// Log lines from redis 7.4's src/server.c and rdb.c (serverLog levels: `*` notice, `#` warning).

function start(at: number, extra: Partial<ProcessInput> = {}): ProcessState {
  return startProcess({ image: resolveImage('redis:7.4'), env: {}, ports: {}, startedAt: at, restartCount: 0, seed: 5, podIP: '10.244.1.9', hostname: 'r', ...extra });
}

const cli = (p: ProcessState, at: number, ...args: string[]): string => execInContainer(p, at, ['redis-cli', ...args]).output;
const texts = (p: ProcessState, at: number): string[] => processLogs(p, at).map((l) => l.text.replace(/^(\d+:[A-Z]) \d\d \w+ \d{4} [\d:.]+ /, '$1 '));

describe('redis-server keeps its data where /data keeps files', () => {
  it('SIGTERM saves the final RDB into the volume at /data; the next server loads it', () => {
    const data: MountedVolume = { layer: newLayer(), readOnly: false };
    const first = start(1000, { mounts: { '/data': data } });
    expect(cli(first, 5000, 'set', 'greeting', 'hello')).toBe('OK\n');
    expect(cli(first, 5000, 'rpush', 'queue', 'a', 'b')).toBe('2\n');
    expect(signalTerm(first, 6000)).toMatchObject({ exitCode: 0, reason: 'Completed' });
    expect(texts(first, 7000).slice(-5)).toEqual([
      expect.stringMatching(/^1:signal-handler \(\d+\) Received SIGTERM scheduling shutdown\.\.\.$/),
      '1:M * User requested shutdown...',
      '1:M * Saving the final RDB snapshot before exiting.',
      '1:M * DB saved on disk',
      '1:M # Redis is now ready to exit, bye bye...',
    ]);
    const second = start(10_000, { mounts: { '/data': data } });
    expect(cli(second, 12_000, 'get', 'greeting')).toBe('hello\n');
    expect(cli(second, 12_000, '--no-raw', 'lrange', 'queue', '0', '-1')).toBe('1) "a"\n2) "b"\n');
    const log = texts(second, 12_000);
    expect(log.slice(log.indexOf('1:M * Server initialized'))).toEqual([
      '1:M * Server initialized',
      '1:M * Loading RDB produced by version 7.4.5',
      '1:M * RDB age 4 seconds',
      expect.stringMatching(/^1:M \* RDB memory usage when created 0\.\d\d Mb$/),
      '1:M * Done loading RDB, keys loaded: 2, keys expired: 0.',
      '1:M * DB loaded from disk: 0.000 seconds',
      '1:M * Ready to accept connections tcp',
    ]);
  });

  it("without a volume the file is in the container's own layer: a new container starts empty", () => {
    const first = start(1000);
    cli(first, 5000, 'set', 'greeting', 'hello');
    expect(cli(first, 5000, 'save')).toBe('OK\n');
    expect(execInContainer(first, 5000, ['ls', '/data']).output).toBe('dump.rdb\n');
    const second = start(10_000);
    expect(cli(second, 12_000, 'get', 'greeting')).toBe('\n');
    expect(cli(second, 12_000, 'dbsize')).toBe('0\n');
  });

  it('a file that is no RDB stops the server at start, as rdbLoad does', () => {
    const data: MountedVolume = { layer: newLayer(), readOnly: false };
    const sh = start(1000, { mounts: { '/data': data }, command: ['sleep', '3600'] });
    execInContainer(sh, 2000, ['sh', '-c', 'echo hello > /data/dump.rdb']);
    const broken = start(5000, { mounts: { '/data': data } });
    expect(processExit(broken)).toMatchObject({ exitCode: 1, reason: 'Error' });
    expect(texts(broken, 9000).slice(-2)).toEqual(['1:M # Wrong signature trying to load DB from file', '1:M # Fatal error loading the DB, check server logs. Exiting.']);
  });

  it('a save point comes due with time: 1 change and an hour', () => {
    const p = start(1000);
    cli(p, 5000, 'set', 'a', '1');
    const later = texts(p, 1000 + 3_700_000).slice(-5);
    expect(later).toEqual(['1:M * 1 changes in 3600 seconds. Saving...', '1:M * Background saving started by pid 19', '19:C * DB saved on disk', '19:C * Fork CoW for RDB: current 0 MB, peak 0 MB, average 0 MB', '1:M * Background saving terminated with success']);
    expect(cli(p, 1000 + 3_700_000, 'info', 'persistence')).toContain('rdb_changes_since_last_save:0\r\n');
  });
});

describe('redis-cli across the Pod network', () => {
  let sim: Simulation;
  let serverIP: string;

  function inPod(pod: string, command: string[]): { exitCode: number; output: string } {
    const res = sim.request({ verb: 'create', resource: 'pods', subresource: 'exec', namespace: 'default', name: pod, execOptions: { command } });
    if (!res.ok || res.exec?.type !== 'exited') throw new Error(`exec failed: ${JSON.stringify(res)}`);
    return { exitCode: res.exec.exitCode, output: res.exec.output };
  }

  beforeAll(() => {
    sim = bootCluster();
    const server = podManifest('cache', 'redis:7.4', { node: 'node-2' });
    server.metadata.labels = { app: 'cache' };
    createPod(sim, server);
    createPod(sim, podManifest('client', 'redis:7.4', { node: 'node-1', container: { command: ['sleep', '3600'] } }));
    const body: Service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'cache', namespace: 'default' }, spec: { selector: { app: 'cache' }, ports: [{ port: 6379, targetPort: 6379, protocol: 'TCP' }] } };
    if (!sim.request({ verb: 'create', resource: 'services', namespace: 'default', body }).ok) throw new Error('service');
    sim.advance(20_000);
    serverIP = (getPod(sim, 'cache') as Pod).status!.podIP!;
  });

  it("reaches the server through its Service and its Pod IP, and shares the server's key space", () => {
    expect(inPod('cache', ['redis-cli', 'set', 'k', 'v'])).toEqual({ exitCode: 0, output: 'OK\n' });
    expect(inPod('client', ['redis-cli', '-h', 'cache', 'get', 'k'])).toEqual({ exitCode: 0, output: 'v\n' });
    expect(inPod('client', ['redis-cli', '-h', serverIP, '-n', '0', 'incr', 'n'])).toEqual({ exitCode: 0, output: '1\n' });
    expect(inPod('cache', ['redis-cli', 'get', 'n'])).toEqual({ exitCode: 0, output: '1\n' });
  });

  it("fails as hiredis does: a name that does not resolve, a port nobody listens on", () => {
    expect(inPod('client', ['redis-cli', '-h', 'nosuch', 'ping'])).toEqual({ exitCode: 1, output: 'Could not connect to Redis at nosuch:6379: Name or service not known\n' });
    expect(inPod('client', ['redis-cli', '-h', serverIP, '-p', '6380', 'ping'])).toEqual({ exitCode: 1, output: `Could not connect to Redis at ${serverIP}:6380: Connection refused\n` });
    expect(inPod('client', ['redis-cli', 'ping'])).toEqual({ exitCode: 1, output: 'Could not connect to Redis at 127.0.0.1:6379: Connection refused\n' });
  });

  it('the connection is a tcp:// hop on the trace through the Service', () => {
    const before = sim.lastTraceSeq;
    inPod('client', ['redis-cli', '-h', 'cache', 'ping']);
    const hops = sim.traceSince(before).filter((h) => h.kind === 'proxy').map((h) => h.summary);
    expect(hops).toHaveLength(1);
    expect(hops[0]).toMatch(/^connect tcp:\/\/[\d.]+:6379 from default\/client on node-1 via default\/cache → [\d.]+:6379 \(default\/cache\)$/);
  });
});

describe('redis-server start-up', () => {
  it('warns about the missing config file only when run as the bare program, as server.c main does', () => {
    expect(texts(start(1000), 2000)[2]).toBe('1:C # Warning: no config file specified, using the default config. In order to specify a config file use redis-server /path/to/redis.conf');
    expect(texts(start(1000, { args: ['redis-server', '--save', '60', '1'] }), 2000)[2]).toBe('1:C * Configuration loaded');
  });
});

describe('redis-server with a config file (kubernetes.io: Configuring Redis using a ConfigMap)', () => {
  const config = (text: string): MountedVolume => ({ layer: { ...newLayer(), files: { '/redis.conf': text } }, readOnly: true });

  it('reads the file named by its first argument: CONFIG GET shows what it set, INFO names it', () => {
    const p = start(1000, { command: ['redis-server', '/redis-master/redis.conf'], mounts: { '/redis-master': config('maxmemory 2mb\nmaxmemory-policy allkeys-lru\n') } });
    expect(cli(p, 3000, 'config', 'get', 'maxmemory')).toBe('maxmemory\n2097152\n');
    expect(cli(p, 3000, 'config', 'get', 'maxmemory-policy')).toBe('maxmemory-policy\nallkeys-lru\n');
    expect(cli(p, 3000, 'info', 'server')).toContain('config_file:/redis-master/redis.conf\r\n');
    expect(texts(p, 3000)[2]).toBe('1:C * Configuration loaded');
    const empty = start(1000, { command: ['redis-server', '/redis-master/redis.conf'], mounts: { '/redis-master': config('') } });
    expect(cli(empty, 3000, 'config', 'get', 'maxmemory')).toBe('maxmemory\n0\n');
  });

  it('exits at once when the file is not there', () => {
    const p = start(1000, { command: ['redis-server', '/etc/redis/redis.conf'] });
    expect(processExit(p)).toMatchObject({ exitCode: 1 });
    expect(texts(p, 3000)).toEqual(["1:C # Fatal error, can't open config file '/etc/redis/redis.conf': No such file or directory"]);
  });
});

describe('redis-server --appendonly yes (the multi-part AOF of redis 7)', () => {
  it('starts from the AOF, not dump.rdb: a first start creates the files and starts empty', () => {
    const data: MountedVolume = { layer: newLayer(), readOnly: false };
    const plain = start(1000, { mounts: { '/data': data } });
    cli(plain, 3000, 'set', 'old', '1');
    signalTerm(plain, 4000);
    const aof = start(6000, { mounts: { '/data': data }, args: ['redis-server', '--appendonly', 'yes'] });
    expect(cli(aof, 8000, 'get', 'old')).toBe('\n');
    expect(texts(aof, 8000).filter((l) => l.includes('AOF'))).toEqual(['1:M * Creating AOF base file appendonly.aof.1.base.rdb on server start', '1:M * Creating AOF incr file appendonly.aof.1.incr.aof on server start']);
    expect(execInContainer(aof, 8000, ['cat', '/data/appendonlydir/appendonly.aof.manifest']).output).toBe('file appendonly.aof.1.base.rdb seq 1 type b\nfile appendonly.aof.1.incr.aof seq 1 type i\n');
  });

  it('appends each write in RESP after a SELECT, expiries made absolute, and replays them at the next start', () => {
    const data: MountedVolume = { layer: newLayer(), readOnly: false };
    const first = start(1000, { mounts: { '/data': data }, args: ['redis-server', '--appendonly', 'yes'] });
    cli(first, 3000, 'set', 'k', 'v');
    cli(first, 3000, 'get', 'k');
    cli(first, 3000, 'expire', 'k', '100');
    const incr = execInContainer(first, 3000, ['cat', '/data/appendonlydir/appendonly.aof.1.incr.aof']).output;
    expect(incr).toMatch(/^\*2\r\n\$6\r\nSELECT\r\n\$1\r\n0\r\n\*3\r\n\$3\r\nset\r\n\$1\r\nk\r\n\$1\r\nv\r\n\*3\r\n\$9\r\nPEXPIREAT\r\n\$1\r\nk\r\n\$13\r\n\d{13}\r\n$/);
    // Killed without a save (no SIGTERM): the AOF has every write anyway.
    const second = start(10_000, { mounts: { '/data': data }, args: ['redis-server', '--appendonly', 'yes'] });
    expect(cli(second, 12_000, 'get', 'k')).toBe('v\n');
    expect(cli(second, 12_000, 'ttl', 'k')).toBe('91\n');
    expect(texts(second, 12_000).slice(-4)).toEqual(['1:M * DB loaded from incr file appendonly.aof.1.incr.aof: 0.000 seconds', '1:M * DB loaded from append only file: 0.000 seconds', '1:M * Opening AOF incr file appendonly.aof.1.incr.aof on server start', '1:M * Ready to accept connections tcp']);
  });
});

describe('redis and the process around it', () => {
  it("an exec's write to the key space changes what the container's own script, waiting on it, does next", () => {
    const p = start(1000, { command: ['sh', '-c', 'redis-server & until [ "$(redis-cli get go)" = yes ]; do sleep 1; done; echo going; exit 3'] });
    expect(processExit(p)).toBeUndefined();
    expect(cli(p, 5500, 'set', 'go', 'yes')).toBe('OK\n');
    expect(processExit(p)).toMatchObject({ exitCode: 3 });
    expect(processExit(p)!.at).toBeGreaterThanOrEqual(5500);
    expect(processExit(p)!.at).toBeLessThanOrEqual(7000);
  });
});

describe('redis 6.0 logs as 6.0 did', () => {
  it('start-up milestones are warnings, no monotonic clock line, no listener type; shutdown warns too', () => {
    const data: MountedVolume = { layer: newLayer(), readOnly: false };
    const p = startProcess({ image: resolveImage('redis:6.0.5'), env: {}, ports: {}, startedAt: 1000, restartCount: 0, seed: 5, podIP: '10.244.1.9', hostname: 'r', mounts: { '/data': data } });
    expect(texts(p, 2000)).toEqual([
      '1:C # oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo',
      '1:C # Redis version=6.0.5, bits=64, commit=00000000, modified=0, pid=1, just started',
      '1:C # Warning: no config file specified, using the default config. In order to specify a config file use redis-server /path/to/redis.conf',
      '1:M * Running mode=standalone, port=6379.',
      '1:M # Server initialized',
      '1:M * Ready to accept connections',
    ]);
    cli(p, 3000, 'set', 'a', '1');
    signalTerm(p, 4000);
    expect(texts(p, 5000)[7]).toBe('1:M # User requested shutdown...');
    const again = startProcess({ image: resolveImage('redis:6.0.5'), env: {}, ports: {}, startedAt: 6000, restartCount: 1, seed: 5, podIP: '10.244.1.9', hostname: 'r', mounts: { '/data': data } });
    expect(texts(again, 8000).slice(5, 9)).toEqual(['1:M * Loading RDB produced by version 6.0.5', '1:M * RDB age 2 seconds', expect.stringMatching(/^1:M \* RDB memory usage when created/), '1:M * DB loaded from disk: 0.000 seconds']);
  });
});

describe('redis-cli is the image file', () => {
  it('command -v, which and type name /usr/local/bin/redis-cli, where the image has it', () => {
    const p = start(1000);
    expect(execInContainer(p, 2000, ['sh', '-c', 'command -v redis-cli; which redis-cli; type redis-cli']).output).toBe('/usr/local/bin/redis-cli\n/usr/local/bin/redis-cli\nredis-cli is /usr/local/bin/redis-cli\n');
  });
});

describe('redis-cli on a terminal (kubectl exec -it)', () => {
  it('quotes and numbers as on a terminal, unless --raw; a pipe or redirection takes stdout off it', () => {
    const p = start(1000);
    const tty = (script: string[]): string => execInContainer(p, 3000, script, undefined, undefined, '', { tty: true }).output;
    cli(p, 2000, 'rpush', 'l', 'a', 'b');
    expect(tty(['redis-cli', 'lrange', 'l', '0', '-1'])).toBe('1) "a"\n2) "b"\n');
    expect(tty(['redis-cli', 'llen', 'l'])).toBe('(integer) 2\n');
    expect(tty(['redis-cli', 'get', 'nope'])).toBe('(nil)\n');
    expect(tty(['redis-cli', '--raw', 'lrange', 'l', '0', '-1'])).toBe('a\nb\n');
    expect(tty(['sh', '-c', 'redis-cli llen l | cat'])).toBe('2\n');
  });
});

describe('SHUTDOWN ends redis-server, and with it a container whose PID 1 it is', () => {
  it("logs as prepareForShutdown does, saves unless NOSAVE, and the process exits 0; redis-cli prints nothing", () => {
    const data: MountedVolume = { layer: newLayer(), readOnly: false };
    const p = start(1000, { mounts: { '/data': data } });
    cli(p, 2000, 'set', 'k', 'v');
    expect(execInContainer(p, 3000, ['redis-cli', 'shutdown'])).toMatchObject({ exitCode: 0, output: '' });
    expect(processExit(p)).toEqual({ at: 3001, exitCode: 0, reason: 'Completed' });
    expect(texts(p, 4000).slice(-4)).toEqual(['1:M * User requested shutdown...', '1:M * Saving the final RDB snapshot before exiting.', '1:M * DB saved on disk', '1:M # Redis is now ready to exit, bye bye...']);
    // The kubelet's SIGTERM later meets a process that has already exited.
    expect(signalTerm(p, 5000)).toEqual({ at: 3001, exitCode: 0, reason: 'Completed' });
    const next = start(6000, { mounts: { '/data': data } });
    expect(cli(next, 7000, 'get', 'k')).toBe('v\n');
    expect(execInContainer(next, 8000, ['redis-cli', 'shutdown', 'nosave'])).toMatchObject({ exitCode: 0, output: '' });
    expect(texts(next, 9000).slice(-2)).toEqual(['1:M * User requested shutdown...', '1:M # Redis is now ready to exit, bye bye...']);
    expect(execInContainer(start(10_000), 11_000, ['redis-cli', 'shutdown', 'abort']).output).toBe('ERR No shutdown in progress.\n\n');
  });
});
