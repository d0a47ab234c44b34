/**
 * A container's exec line as the cluster's time passes in it, through the Session: each step of
 * the command reads the cluster at its own moment, so a client Pod's `wget` loop watches a
 * Service's endpoints follow its Pods' readiness, `cat` of a mounted ConfigMap sees the kubelet's
 * resync, and what PID 1 writes meanwhile is there to read — in a one-shot `kubectl exec`, an
 * interactive `kubectl exec -it … sh` session's lines and an attached shell alike. A Ctrl+C still
 * cuts the line where it was, a container that ends under the line kills it (137), and a line
 * that never ends holds the terminal only to the runner's bound.
 */
import { describe, expect, it } from 'vitest';
import { Session } from './session';
import { bootedCopy, terminal, text } from './attach.testing';
import { MAX_WAIT_MS } from './wait-util';
import type { CommandResult } from './types';

const runner = (): Session => new Session({ seed: 1, simulation: bootedCopy() });

/** The script's loop: a try at the Service every 5 s, six times (`-T 1`: wget's one-second timeout). */
const LOOP = 'for i in 1 2 3 4 5 6; do wget -qO- -T 1 web >/dev/null 2>&1 && echo ok || echo fail; sleep 5; done';

/** A Deployment of two nginx Pods and its Service, made just now: no endpoint is ready yet. */
function freshService(s: Session, laptop = false): void {
  const opts = laptop ? { laptop: true as const } : {};
  expect(s.run('kubectl create deployment web --image=nginx --replicas=2', undefined, opts).exitCode).toBe(0);
  expect(s.run('kubectl expose deployment web --port=80', undefined, opts).exitCode).toBe(0);
}

/** Runs `line` (with a Ctrl+C `after` ms after it was typed, if given): its result and how long it took. */
function timed(s: Session, line: string, after?: number): { r: CommandResult; took: number; t0: number } {
  const t0 = s.sim.now;
  const r = s.run(line, undefined, after === undefined ? {} : { interruptAt: t0 + after });
  return { r, took: s.sim.now - t0, t0 };
}

describe("a container's exec line sees the cluster as time passes in it", () => {
  it('fails while the new Service has no ready endpoint, then reaches it: each try when it is made', () => {
    const s = runner();
    freshService(s);
    const { r, took, t0 } = timed(s, `kubectl exec bb -- sh -c '${LOOP}'`);
    expect(r.exitCode).toBe(0);
    const lines = text(r).split('\n').slice(0, -1);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe('fail');
    expect(lines[5]).toBe('ok');
    expect(text(r)).toMatch(/^(fail\n)+(ok\n)+$/);
    // Each answer is stamped when the loop wrote it, five seconds apart (and the Pods were Ready well before the end).
    const at = r.output.map((c) => c.at! - t0);
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(5_000);
    expect(took).toBeGreaterThanOrEqual(30_000);
    expect(took).toBeLessThan(32_000);
    expect(text(s.run('kubectl get pods -l app=web --no-headers'))).toMatch(/^web-\S+ +1\/1 +Running/);
  });

  it('runs a line typed at an interactive exec session the same way', () => {
    const s = terminal();
    freshService(s);
    expect(s.run('kubectl exec -it bb -- sh').attached).toBeDefined();
    const { r, took } = timed(s, LOOP);
    expect(text(r)).toMatch(/^fail\n(fail\n)*(ok\n)+$/);
    expect(r.attached?.prompt).toBe('/ # ');
    expect(took).toBeGreaterThanOrEqual(30_000);
    expect(took).toBeLessThan(32_000);
    // The next line reaches the Service at once: the cluster's time went on with the loop.
    expect(text(s.run('wget -qO- -T 1 web | grep -c "Welcome to nginx"'))).toBe('2\n');
  });

  it("runs a line typed at a kubectl debug shell (an attach to the ephemeral container's PID 1) the same way", () => {
    const s = terminal();
    freshService(s);
    const opened = s.run('kubectl debug -it bb --image=busybox:1.36 --target=bb');
    expect(opened.attached).toBeDefined();
    const { r, took } = timed(s, LOOP);
    expect(text(r)).toMatch(/^fail\n(fail\n)*(ok\n)+$/);
    expect(took).toBeGreaterThanOrEqual(30_000);
    expect(took).toBeLessThan(32_000);
  });

  it('is cut by a Ctrl+C mid-loop where it was: the tries before it stay, the clock stops there', () => {
    const s = terminal();
    freshService(s);
    s.run('kubectl exec -it bb -- sh');
    const { r, took } = timed(s, LOOP, 12_000);
    // Tries at 0, 5 and 10 s, the last one after the Pods became Ready; the sleep after it is cut.
    expect(text(r)).toMatch(/^fail\n(fail|ok)\nok\n$/);
    expect(took).toBe(12_000);
    expect(text(s.run('echo $?'))).toBe('130\n');
    // Without -t the Ctrl+C is kubectl's own: it dies of it, printing nothing more.
    const plain = runner();
    freshService(plain);
    const cut = timed(plain, `kubectl exec bb -- sh -c '${LOOP}'`, 7_000);
    expect(cut.r.exitCode).toBe(130);
    expect(text(cut.r)).toMatch(/^(fail|ok)\n(fail|ok)\n$/);
    expect(cut.took).toBe(7_000);
  });

  it('waits for the World in what the line waits for: $(…) and the program timeout runs', () => {
    const s = runner();
    freshService(s);
    const until = s.run(`kubectl exec bb -- sh -c 'timeout 30 sh -c "until wget -qO- -T 1 web >/dev/null 2>&1; do sleep 1; done"; echo $?'`);
    expect(text(until)).toBe('0\n');
    s.run('kubectl scale deployment web --replicas=0');
    const tries = text(s.run(`kubectl exec bb -- sh -c 'x=$(for i in 1 2 3; do wget -qO- -T 1 web >/dev/null 2>&1 && echo ok || echo fail; sleep 5; done); echo $x'`));
    // The first try may still meet an endpoint (kube-proxy's sync lags the scale-down); later ones never.
    expect(tries).toMatch(/^(ok|fail) fail fail\n$/);
    // timeout's deadline still ends a program that outlives it (SIGTERM: BusyBox sh's 143), the World no further.
    const { r, took } = timed(s, `kubectl exec bb -- sh -c 'timeout 5 sh -c "while true; do sleep 1; done"; echo $?'`);
    expect(text(r)).toBe('143\n');
    expect(took).toBeLessThan(6_000);
  });

  it("waits for the World in chroot /host's node shell too (kubectl debug node/…)", () => {
    const s = runner();
    const made = text(s.run('kubectl debug node/control-plane --image=busybox:1.36 -- sleep 600'));
    const name = /node-debugger-control-plane-\w{5}/.exec(made)![0];
    s.run(`kubectl wait --for=condition=Ready pod/${name}`);
    const M = '/etc/kubernetes/manifests';
    const r = s.run(`kubectl exec ${name} -- chroot /host /bin/sh -c 'mv ${M}/kube-scheduler.yaml /tmp/; sleep 30; crictl ps --name kube-scheduler -q | wc -l'`);
    // The kubelet saw the manifest go when the line moved it: 30 s on, its container is gone.
    expect(text(r)).toBe('0\n');
  });

  it("reads what the container's PID 1 wrote meanwhile", () => {
    const s = runner();
    s.run(`kubectl run counter --image=busybox:1.36 -- sh -c 'i=0; while true; do i=$((i+1)); echo $i > /tmp/n; sleep 1; done'`);
    s.run('kubectl wait --for=condition=Ready pod/counter');
    const [a, b] = text(s.run(`kubectl exec counter -- sh -c 'cat /tmp/n; sleep 10; cat /tmp/n'`)).split('\n').map(Number);
    expect(b! - a!).toBe(10);
  });

  it("cats a mounted ConfigMap as the kubelet's resync rewrites it", () => {
    const s = runner();
    s.run('kubectl create configmap cfg --from-literal=color=blue');
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'reader' },
      spec: { containers: [{ name: 'c', image: 'busybox:1.36', command: ['sleep', '3600'], volumeMounts: [{ name: 'cfg', mountPath: '/etc/cfg' }] }], volumes: [{ name: 'cfg', configMap: { name: 'cfg' } }] },
    };
    expect(s.run('kubectl apply -f -', JSON.stringify(pod)).exitCode).toBe(0);
    s.run('kubectl wait --for=condition=Ready pod/reader');
    s.run('kubectl create configmap cfg --from-literal=color=green -o yaml --dry-run=client | kubectl apply -f -');
    const seen = text(s.run(`kubectl exec reader -- sh -c 'for i in 1 2 3 4 5 6 7 8 9; do cat /etc/cfg/color; echo; sleep 15; done'`)).split('\n').filter((l) => l !== '');
    expect(seen[0]).toBe('blue');
    expect(seen[seen.length - 1]).toBe('green');
  });

  it('ends with exit code 137 when its container ends under it, at that moment', () => {
    const s = runner();
    s.run('kubectl run short --image=busybox:1.36 --restart=Never -- sleep 30');
    s.run('kubectl wait --for=condition=Ready pod/short');
    const { r, took } = timed(s, `kubectl exec short -- sh -c 'echo a; sleep 60; echo b'`);
    expect(r.output.map((c) => [c.stream, c.text])).toEqual([
      ['stdout', 'a\n'],
      ['stderr', 'command terminated with exit code 137\n'],
    ]);
    expect(r.exitCode).toBe(137);
    expect(took).toBeLessThan(30_000);
    // An interactive session's shell dies with it: kubectl says so and the terminal is the laptop's again.
    const t = terminal();
    t.run('kubectl run short --image=busybox:1.36 --restart=Never -- sleep 30', undefined, { laptop: true });
    t.run('kubectl wait --for=condition=Ready pod/short', undefined, { laptop: true });
    t.run('kubectl exec -it short -- sh');
    const line = timed(t, 'echo a; sleep 60; echo b');
    expect(text(line.r)).toBe('a\ncommand terminated with exit code 137\n');
    expect(line.r.exitCode).toBe(137);
    expect(line.r.attached).toBeUndefined();
    expect(line.took).toBeLessThan(30_000);
  });

  it("holds the terminal to the runner's bound once when it never ends, the cluster running meanwhile", () => {
    const s = runner();
    const { r, took } = timed(s, `kubectl exec bb -- sh -c 'echo start; while true; do sleep 1; done'`);
    expect(r).toMatchObject({ output: [{ text: 'start\n' }], exitCode: 0 });
    expect(took).toBeGreaterThanOrEqual(MAX_WAIT_MS);
    expect(took).toBeLessThan(MAX_WAIT_MS + 1_000);
  });

  it('prints the same bytes for the same seed', () => {
    const once = (): string => {
      const s = runner();
      freshService(s);
      return JSON.stringify(s.run(`kubectl exec bb -- sh -c 'for i in 1 2 3 4; do wget -qO- -T 1 web | head -c 20; echo; sleep 3; done'`).output);
    };
    expect(once()).toBe(once());
  });
});
