/**
 * `pods/attach` through reconcile serve with the real kubectls (the pinned 1.35 and the one on
 * PATH): `kubectl attach -it` to a shell that is the container's PID 1, on a pseudo-terminal made
 * by util-linux `script`; `kubectl debug -it` ending attached to its ephemeral container's shell
 * (not the logs fallback); `kubectl attach` to a process that is no shell, streaming what it
 * writes until it exits; and the refusals kubectl prints against a real cluster.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pod } from '../k8s/types';
import { kubectlBinaries, type KubectlBinary } from './kubectl-binary.testing';
import { kubectlEnv, runKubectl } from './served.testing';
import { startServe, type Served } from './start';

/** util-linux's `script` gives kubectl a pseudo-terminal, so `-it` keeps its TTY. */
const HAS_SCRIPT = spawnSync('script', ['--version']).status === 0;

const binaries = await kubectlBinaries();
const each = binaries.map((k, i) => [k.source, k, i] as const);

/** kubectl ≥ 1.35 warns first that the session is recorded; older ones do not. The rest must agree. */
const withoutRecordedNotice = (s: string): string => s.replace(/^All commands and output from this session will be recorded in container logs, including credentials and sensitive information passed through the command prompt\.\r?\n/m, '');
/** kubectl before v1.36 says it defaults to --profile=legacy on every debug. */
const withoutLegacyNotice = (s: string): string => s.replace(/^--profile=legacy is deprecated and will be removed in the future\. It is recommended to explicitly specify a profile, for example "--profile=general"\.\r?\n/m, '');

let served: Served;
let home: string;

interface Terminal {
  type(keys: string): void;
  /** Resolves once the terminal has shown `text`. */
  seen(text: string): Promise<void>;
  output(): string;
  exited: Promise<number>;
}

/** The real kubectl on a pseudo-terminal: what it prints, and keys typed to it. */
function onTerminal(k: KubectlBinary, args: string[]): Terminal {
  const child = spawn('script', ['-qfec', [k.path, ...args].map((a) => `'${a}'`).join(' '), '/dev/null'], { env: kubectlEnv(served, home) });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  return {
    type: (keys) => void child.stdin.write(keys),
    seen: (text) =>
      new Promise((resolve) => {
        const check = (): void => (out.includes(text) ? resolve() : void child.stdout.once('data', check));
        check();
      }),
    output: () => out,
    exited: new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1))),
  };
}

/** Resolves once a commit to the Pod satisfies `ready` (the served feed sees every commit). */
function committed(name: string, ready: (pod: Pod) => boolean): Promise<void> {
  const now = served.cluster.sim.storedObject<Pod>(`pods/default/${name}`);
  if (now && ready(now)) return Promise.resolve();
  return new Promise((resolve) => {
    const off = served.cluster.feed.subscribe((entries) => {
      if (!entries.some((e) => e.key === `pods/default/${name}` && e.object && ready(e.object as Pod))) return;
      off();
      resolve();
    });
  });
}

/** Resolves once the served cluster has traced a record whose summary matches. */
function traced(pattern: RegExp, after: number): Promise<void> {
  const seen = (): boolean => served.cluster.sim.traceSince(after).some((r) => pattern.test(r.summary));
  if (seen()) return Promise.resolve();
  return new Promise((resolve) => {
    const off = served.cluster.feed.subscribeDiffs(() => {
      if (!seen()) return;
      off();
      resolve();
    });
  });
}

function createPod(pod: Pod): void {
  const r = served.cluster.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod }, 'kubernetes-admin', undefined);
  if (!r.ok) throw new Error(r.error.message);
}

function pod(name: string, containers: Pod['spec']['containers'], restartPolicy?: string): Pod {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { ...(restartPolicy ? { restartPolicy } : {}), containers } } as Pod;
}

describe.skipIf(binaries.length === 0)('kubectl attach through reconcile serve (skipped: no kubectl binary, pinned or on PATH)', () => {
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'reconcile-serve-attach-'));
    served = await startServe({ seed: 1, topology: 'basic', port: 0, clock: 'manual', speed: 1 });
    createPod(pod('web', [{ name: 'web', image: 'nginx:1.27' }]));
    binaries.forEach((_k, i) => createPod(pod(`shell${i}`, [{ name: 'shell', image: 'busybox:1.36', command: ['sh'], stdin: true, tty: true }])));
    createPod(pod('two', [{ name: 'main', image: 'busybox:1.36', command: ['sleep', '3600'] }, { name: 'done', image: 'busybox:1.36', command: ['true'] }], 'Never'));
    served.cluster.advance(30_000);
  });
  afterAll(async () => {
    await served?.close();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it.skipIf(!HAS_SCRIPT).each(each)('attaches -it to the shell that is PID 1: a line runs there, exit ends the container (%s; skipped without util-linux script)', async (_source, k, i) => {
    const t = onTerminal(k, ['attach', '-it', `shell${i}`]);
    // BusyBox ash redraws its prompt on the resize kubectl sends as it attaches.
    await t.seen('/ # ');
    t.type('hostname\r');
    await t.seen(`shell${i}\r\n/ # `);
    t.type('exit 2\r');
    expect(await t.exited).toBe(0);
    expect(withoutRecordedNotice(t.output())).toBe(
      `If you don't see a command prompt, try pressing enter.\r\n/ # hostname\r\nshell${i}\r\n/ # exit 2\r\nSession ended, resume using 'kubectl attach shell${i} -c shell -i -t' command when the pod is running\r\n`,
    );
    // The shell was the container's process: it ended with 2, and the kubelet restarts it (Always).
    served.cluster.advance(15_000);
    const status = served.cluster.sim.storedObject<Pod>(`pods/default/shell${i}`)?.status?.containerStatuses?.[0];
    expect(status).toMatchObject({ restartCount: 1, lastState: { terminated: { exitCode: 2, reason: 'Error' } } });
  });

  it.skipIf(!HAS_SCRIPT).each(each)('ends kubectl debug -it attached to the ephemeral container’s shell (%s; skipped without util-linux script)', async (_source, k, i) => {
    const name = `dbg${i}`;
    const before = served.cluster.sim.lastTraceSeq;
    const t = onTerminal(k, ['debug', '-it', 'web', '--image=busybox:1.36', '--target=web', '-c', name]);
    // kubectl waits for the container to run: the manual clock moves once the patch is in.
    await committed('web', (p) => (p.spec.ephemeralContainers ?? []).some((c) => c.name === name));
    served.cluster.advance(10_000);
    await t.seen("If you don't see a command prompt, try pressing enter.\r\n/ # ");
    t.type('ps\r');
    await t.seen('ps\r\n/ # ');
    t.type('exit\r');
    expect(await t.exited).toBe(0);
    const out = withoutLegacyNotice(withoutRecordedNotice(t.output()));
    expect(out).toMatch(/^Targeting container "web"\. If you don't see processes from this container it may be because the container runtime doesn't support this feature\.\r\nIf you don't see a command prompt, try pressing enter\.\r\n\/ # ps\r\nPID\s+USER\s+TIME\s+COMMAND\r\n\s+1 root\s+0:00 nginx: master process nginx -g daemon off;\r\n/);
    expect(out.endsWith(`/ # exit\r\nSession ended, the ephemeral container will not be restarted but may be reattached using 'kubectl attach web -c ${name} -i -t' if it is still running\r\n`)).toBe(true);
    const hops = served.cluster.sim.traceSince(before).map((r) => r.summary);
    expect(hops).toContain('POST /api/v1/namespaces/default/pods/web/attach');
    // Attached, not the fallback that prints the container's log.
    expect(hops.some((h) => h.startsWith('GET /api/v1/namespaces/default/pods/web/log'))).toBe(false);
  });

  it.skipIf(!HAS_SCRIPT).each(each)('ends kubectl run -it --rm attached to the new Pod’s shell, then deletes it (%s; skipped without util-linux script)', async (_source, k, i) => {
    const name = `tmp${i}`;
    const t = onTerminal(k, ['run', '-it', '--rm', name, '--image=busybox:1.36', '--', 'sh']);
    await committed(name, () => true);
    served.cluster.advance(30_000);
    await t.seen("If you don't see a command prompt, try pressing enter.\r\n/ # ");
    t.type('echo hi there\r');
    await t.seen('hi there\r\n/ # ');
    t.type('exit\r');
    expect(await t.exited).toBe(0);
    expect(withoutRecordedNotice(t.output())).toMatch(
      new RegExp(`^If you don't see a command prompt, try pressing enter\\.\r\n/ # echo hi there\r\nhi there\r\n/ # exit\r\nSession ended, resume using 'kubectl attach ${name} -c ${name} -i -t' command when the pod is running\r\npod "${name}" deleted( from default namespace)?\r\n$`),
    );
  });

  it('passes piped input to a shell attached without a TTY, line by line, with no echo or prompt', async () => {
    createPod(pod('piped', [{ name: 'piped', image: 'busybox:1.36', command: ['sh'], stdin: true }]));
    served.cluster.advance(30_000);
    const child = spawn(binaries[0]!.path, ['attach', '-i', 'piped'], { env: kubectlEnv(served, home) });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
    child.stdin.end('hostname\necho "$((6 * 7))"\nexit 3\n');
    expect(await exited).toBe(0);
    expect(stdout).toBe('piped\n42\n');
    served.cluster.advance(15_000);
    expect(served.cluster.sim.storedObject<Pod>('pods/default/piped')?.status?.containerStatuses?.[0]?.lastState?.terminated?.exitCode).toBe(3);
  });

  it('streams what a process that is no shell writes after the attach, until it exits', async () => {
    createPod(pod('counter', [{ name: 'counter', image: 'busybox:1.36', command: ['sh', '-c', 'for i in 1 2 3 4 5 6; do echo tick $i; sleep 5; done'] }], 'Never'));
    const running = (): boolean => served.cluster.sim.storedObject<Pod>('pods/default/counter')?.status?.containerStatuses?.[0]?.state.running !== undefined;
    for (let s = 0; s < 30 && !running(); s++) served.cluster.advance(1_000);
    const before = served.cluster.sim.lastTraceSeq;
    const child = spawn(binaries[0]!.path, ['attach', 'counter'], { env: kubectlEnv(served, home) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
    await traced(/^Attach counter$/, before);
    const attachedAt = served.cluster.sim.followLog('default', 'counter', {}) ?? '';
    for (let s = 0; s < 8; s++) served.cluster.advance(5_000);
    expect(await exited).toBe(0);
    expect(withoutRecordedNotice(stderr)).toBe("If you don't see a command prompt, try pressing enter.\n");
    expect(stdout.endsWith('tick 6\n')).toBe(true);
    expect(attachedAt + stdout).toBe('tick 1\ntick 2\ntick 3\ntick 4\ntick 5\ntick 6\n');
  });

  it.each(each)('refuses as kube-apiserver and the kubelet do (%s)', async (_source, k) => {
    const exited = await runKubectl(k, served, home, ['attach', 'two', '-c', 'done']);
    expect([exited.code, withoutRecordedNotice(exited.stderr)]).toEqual([1, "If you don't see a command prompt, try pressing enter.\nerror: unable to upgrade connection: container done not found in pod two_default\n"]);
    const jane = await runKubectl(k, served, home, ['--context', 'jane', 'attach', 'two', '-c', 'main']);
    expect([jane.code, withoutRecordedNotice(jane.stderr)]).toEqual([1, 'If you don\'t see a command prompt, try pressing enter.\nError from server (Forbidden): pods "two" is forbidden: User "jane" cannot create resource "pods/attach" in API group "" in the namespace "default"\n']);
    const missing = await runKubectl(k, served, home, ['attach', 'nosuch']);
    expect([missing.code, missing.stderr]).toEqual([1, 'Error from server (NotFound): pods "nosuch" not found\n']);
    // Without an upgrade the stream is located, then refused, as kube-apiserver's UpgradeAwareHandler does.
    const plain = await runKubectl(k, served, home, ['get', '--raw', '/api/v1/namespaces/default/pods/web/attach']);
    expect([plain.code, plain.stderr]).toEqual([1, 'Error from server (BadRequest): Upgrade request required\n']);
  });
});
