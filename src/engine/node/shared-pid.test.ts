/**
 * A Pod's shared PID namespace (shareProcessNamespace), as the "Share Process Namespace between
 * Containers in a Pod" page shows it: pause is PID 1, every container sees the same PIDs (nginx
 * logs the master's as its own), and another container's files are at /proc/PID/root.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bootCluster, createPod } from '../kubelet/kubelet.testing';
import type { Pod } from '../../k8s/types';
import type { Simulation } from '../simulation';

function run(sim: Simulation, container: string, command: string[]): string {
  const res = sim.request({ verb: 'create', resource: 'pods', subresource: 'exec', namespace: 'default', name: 'nginx', execOptions: { command, container } });
  if (!res.ok || res.exec?.type !== 'exited') throw new Error(`exec failed: ${JSON.stringify(res)}`);
  return res.exec.output;
}

describe('a shared PID namespace', () => {
  let sim: Simulation;
  beforeAll(() => {
    sim = bootCluster();
    createPod(sim, {
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'nginx', namespace: 'default' },
      spec: { nodeName: 'node-1', shareProcessNamespace: true, containers: [{ name: 'nginx', image: 'nginx' }, { name: 'shell', image: 'busybox:1.28', command: ['sleep', '3600'], stdin: true, tty: true }] },
    } as unknown as Pod);
    sim.advance(20_000);
  });

  it('numbers every process the same for every container, and nginx logs its master PID as the namespace has it', () => {
    const ps = run(sim, 'shell', ['ps', 'ax']);
    const master = /^ *(\d+) root .*nginx: master process/m.exec(ps)?.[1];
    expect(ps).toMatch(/^ {4}1 65535 .*\/pause$/m);
    expect(master).toBeDefined();
    expect(master).not.toBe('1');
    const workers = [...ps.matchAll(/^ *(\d+) 101 .*nginx: worker process$/gm)].map((m) => m[1]);
    // The nginx container lists the same PIDs under /proc as the shell container's ps does.
    const own = run(sim, 'nginx', ['ls', '/proc']).split('\n').filter((l) => /^\d+$/.test(l));
    expect(own).toEqual(expect.arrayContaining(['1', master!, ...workers]));
    const res = sim.request({ verb: 'get', resource: 'pods', subresource: 'log', namespace: 'default', name: 'nginx', logOptions: { container: 'nginx' } });
    const log = res.ok ? (res.text ?? '') : '';
    expect(log).toContain(`[notice] ${master}#${master}: start worker processes`);
    for (const w of workers) expect(log).toContain(`${master}#${master}: start worker process ${w}\n`);
  });

  it("reads another container's files through /proc/PID/root (the page's head /proc/8/root/etc/nginx/nginx.conf)", () => {
    const master = /^ *(\d+) root .*nginx: master process/m.exec(run(sim, 'shell', ['ps', 'ax']))![1];
    expect(run(sim, 'shell', ['head', '-2', `/proc/${master}/root/etc/nginx/nginx.conf`])).toBe('\nuser  nginx;\n');
    expect(run(sim, 'shell', ['ls', `/proc/${master}/root/usr/share/nginx/html`])).toBe('50x.html\nindex.html\n');
  });
});

describe("a signal to another container's process", () => {
  it('reaches it: SIGHUP makes nginx reconfigure, with new workers after the sender and its log saying so', () => {
    const sim = bootCluster();
    createPod(sim, {
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'nginx', namespace: 'default' },
      spec: { nodeName: 'node-1', shareProcessNamespace: true, containers: [{ name: 'nginx', image: 'nginx' }, { name: 'shell', image: 'busybox:1.28', command: ['sleep', '3600'] }] },
    } as unknown as Pod);
    sim.advance(20_000);
    const before = run(sim, 'shell', ['ps', 'ax']);
    const master = /^ *(\d+) root .*nginx: master process/m.exec(before)![1]!;
    const workers = (ps: string): number[] => [...ps.matchAll(/^ *(\d+) 101 .*nginx: worker process$/gm)].map((m) => Number(m[1]));
    const old = workers(before);
    expect(run(sim, 'shell', ['kill', '-HUP', master])).toBe('');
    const after = run(sim, 'shell', ['ps', 'ax']);
    expect(after).toContain(` ${master} root`);
    const fresh = workers(after);
    expect(fresh).toHaveLength(old.length);
    expect(Math.min(...fresh)).toBeGreaterThan(Math.max(...old, 44));
    // ps itself comes after them: one rising sequence of PIDs across the Pod.
    expect(Number(/^ *(\d+) root .*ps ax$/m.exec(after)![1])).toBeGreaterThan(Math.max(...fresh));
    const res = sim.request({ verb: 'get', resource: 'pods', subresource: 'log', namespace: 'default', name: 'nginx', logOptions: { container: 'nginx' } });
    const log = res.ok ? (res.text ?? '') : '';
    expect(log).toMatch(new RegExp(`\\[notice\\] ${master}#${master}: signal 1 \\(SIGHUP\\) received from \\d+, reconfiguring\\n`));
    expect(log).toContain(`${master}#${master}: start worker process ${fresh[0]}\n`);
    expect(log).toContain(`${old[0]}#${old[0]}: gracefully shutting down\n`);
    expect(log).toContain(`${master}#${master}: worker process ${old[0]} exited with code 0\n`);
    expect(sim.storedObject<Pod>('pods/default/nginx')?.status?.containerStatuses?.every((c) => c.restartCount === 0)).toBe(true);
  });
});
