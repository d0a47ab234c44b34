/**
 * A node's shell line as the cluster's time passes in it, through the Session: each command
 * reads the node when it runs (`sleep 30; crictl ps` lists what runs 30 s later, its CREATED
 * ages as of then), and a change the line makes in the kubelet's staticPodPath reaches the
 * kubelet when it is made — the static-Pods lesson's experiment typed as one line.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { Session } from '../session';
import type { CommandResult } from '../types';
import { MAX_WAIT_MS } from '../wait-util';

const text = (r: CommandResult): string => r.output.map((c) => c.text).join('');
const M = '/etc/kubernetes/manifests';

let booted: Session;
beforeAll(() => {
  booted = new Session({ seed: 1 });
});

/** A terminal (or, with `interactive: false`, a script) on a copy of the booted cluster. */
function terminal(interactive = false): Session {
  return new Session({ seed: 1, interactive, simulation: Simulation.fromSnapshot(booted.sim.snapshot()) });
}

/** crictl ps's rows for kube-scheduler (the header left out): its container ID, CREATED and STATE. */
function schedulerRows(out: string): { id: string; created: string; state: string }[] {
  return out
    .split('\n')
    .filter((l) => /\skube-scheduler\s/.test(l))
    .map((l) => {
      const m = /^(\S+) +\S+ +(.+? ago) +(\S+) /.exec(l)!;
      return { id: m[1]!, created: m[2]!, state: m[3]! };
    });
}

describe("a node's line sees the cluster as time passes in it", () => {
  it('lists no kube-scheduler 30 s after its manifest left the directory', () => {
    const s = terminal();
    const before = schedulerRows(text(s.run(`sim ssh control-plane -- 'crictl ps --name kube-scheduler'`)));
    expect(before).toHaveLength(1);
    const r = s.run(`sim ssh control-plane -- 'sudo mv ${M}/kube-scheduler.yaml /tmp/; sleep 30; sudo crictl ps --name kube-scheduler'`);
    expect(r.exitCode).toBe(0);
    expect(text(r)).toMatch(/^CONTAINER +IMAGE +CREATED +STATE +NAME +ATTEMPT +POD ID +POD +NAMESPACE\n$/);
    // The kubelet saw the manifest go at once: its mirror Pod was gone long before the line ended.
    expect(text(s.run('kubectl get pods -n kube-system kube-scheduler-control-plane'))).toContain('NotFound');
  });

  it('removes then recreates the static Pod as the line moves its manifest out and back', () => {
    const s = terminal();
    const r = s.run(`sim ssh control-plane -- 'crictl ps --name kube-scheduler; mv ${M}/kube-scheduler.yaml /tmp; sleep 30; crictl ps --name kube-scheduler; mv /tmp/kube-scheduler.yaml ${M}/; sleep 30; crictl ps --name kube-scheduler'`);
    const tables = text(r).split(/(?=^CONTAINER )/m);
    expect(tables).toHaveLength(3);
    const [first, gone, back] = tables.map(schedulerRows);
    expect(first).toHaveLength(1);
    expect(gone).toEqual([]);
    // A new container, created during the last 30 s and aged as of the moment crictl ran.
    expect(back).toHaveLength(1);
    expect(back![0]!.id).not.toBe(first![0]!.id);
    expect(back![0]!.state).toBe('Running');
    expect(Number(/^(\d+) seconds ago$/.exec(back![0]!.created)?.[1])).toBeLessThan(30);
    expect(text(s.run('kubectl get pods -n kube-system kube-scheduler-control-plane --no-headers'))).toMatch(/^kube-scheduler-control-plane +1\/1 +Running/);
  });

  it('ages what it lists as of the moment each command runs', () => {
    const s = terminal();
    const r = text(s.run(`sim ssh control-plane -- 'crictl ps --name etcd; sleep 120; crictl ps --name etcd'`));
    const [a, b] = r.split(/(?=^CONTAINER )/m).map((t) => /\s(\d+ \w+ ago)\s/.exec(t)?.[1]);
    // etcd started a few seconds before the line (the booted cluster's clock): 2 minutes later it is 2 minutes old.
    expect(a).toMatch(/^\d seconds ago$/);
    expect(b).toBe('2 minutes ago');
  });

  it("reads kube-proxy's rules as they are when iptables-save runs: an endpoint that became ready during the line is there", () => {
    const s = terminal();
    s.run('kubectl create deployment web --image=nginx:1.27');
    s.run('kubectl expose deployment web --port=80');
    const counts = text(s.run(`sim ssh node-1 -- 'iptables-save | grep -c "^-A KUBE-SEP-.* -j DNAT"; sleep 30; iptables-save | grep -c "^-A KUBE-SEP-.* -j DNAT"'`)).split('\n');
    expect(Number(counts[1]) - Number(counts[0])).toBe(1);
  });

  it('runs a typed line at the interactive login the same way', () => {
    const s = terminal(true);
    s.run('sim ssh control-plane');
    s.run(`cd ${M}`);
    const t0 = s.sim.now;
    const r = s.run('mv kube-scheduler.yaml /root/; sleep 30; crictl ps --name kube-scheduler | grep -c kube-scheduler');
    expect(text(r)).toBe('0\n');
    expect(r.attached?.prompt).toBe('root@control-plane:/etc/kubernetes/manifests# ');
    expect(s.sim.now - t0).toBeGreaterThanOrEqual(30_000);
    expect(s.sim.now - t0).toBeLessThan(31_000);
    const back = s.run('mv /root/kube-scheduler.yaml .; sleep 30; crictl ps --name kube-scheduler -q | wc -l');
    expect(text(back)).toBe('1\n');
    // What the line writes keeps the moment it wrote it, for the page to show it then.
    const t1 = s.sim.now;
    const timed = s.run('for i in 1 2 3; do echo $i; sleep 2; done');
    const start = s.sim.now - 6_000;
    expect(start).toBeGreaterThanOrEqual(t1);
    expect(timed.output.map((c) => [c.text, c.at! - start])).toEqual([
      ['1\n', 0],
      ['2\n', 2_000],
      ['3\n', 4_000],
    ]);
  });

  it('is cut by a Ctrl+C where it was: what it changed before stays, what comes after never runs', () => {
    const s = terminal();
    const t0 = s.sim.now;
    const r = s.run(`sim ssh control-plane -- 'mv ${M}/kube-scheduler.yaml /tmp; echo moved; sleep 100; echo never'`, undefined, { interruptAt: t0 + 20_000 });
    expect(r.exitCode).toBe(130);
    expect(text(r)).toBe('moved\n');
    expect(s.sim.now).toBe(t0 + 20_000);
    expect(text(s.run('kubectl get pods -n kube-system kube-scheduler-control-plane'))).toContain('NotFound');
    // At the login, the shell takes the Ctrl+C: the line ends there, `$?` 130.
    const login = terminal(true);
    login.run('sim ssh node-1');
    const t1 = login.sim.now;
    const cut = login.run('echo a; sleep 100; echo never', undefined, { interruptAt: t1 + 10_000 });
    expect(text(cut)).toBe('a\n');
    expect(login.sim.now).toBe(t1 + 10_000);
    expect(text(login.run('echo $?'))).toBe('130\n');
  });

  it('holds the terminal to the runner\'s bound when it never ends, the cluster running meanwhile', () => {
    const s = terminal();
    const t0 = s.sim.now;
    const r = s.run(`sim ssh node-1 -- 'while true; do sleep 1; done'`);
    expect(r).toMatchObject({ output: [], exitCode: 0 });
    expect(s.sim.now - t0).toBe(MAX_WAIT_MS);
    // At the login the prompt comes back at the bound, the line not ended.
    const login = terminal(true);
    login.run('sim ssh node-1');
    const t1 = login.sim.now;
    const held = login.run('echo start; while true; do sleep 1; done');
    expect(held).toMatchObject({ output: [{ text: 'start\n' }], unended: true });
    expect(login.sim.now - t1).toBeGreaterThanOrEqual(MAX_WAIT_MS);
    expect(login.sim.now - t1).toBeLessThan(MAX_WAIT_MS + 1_000);
  });

  it('prints the same bytes for the same seed', () => {
    const line = `sim ssh control-plane -- 'for i in 1 2 3; do crictl ps --name kube-scheduler; mv ${M}/kube-scheduler.yaml /tmp 2>/dev/null || mv /tmp/kube-scheduler.yaml ${M}/; sleep 25; done'`;
    const once = (): string => {
      const s = terminal();
      return JSON.stringify(s.run(line).output);
    };
    expect(once()).toBe(once());
  });
});
