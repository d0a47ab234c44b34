import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

const TICKER = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ticker
spec:
  replicas: 2
  selector:
    matchLabels: {app: ticker}
  template:
    metadata:
      labels: {app: ticker}
    spec:
      initContainers:
      - name: setup
        image: busybox:1.36
        command: ["sh", "-c", "echo preparing"]
      containers:
      - name: main
        image: busybox:1.36
        command: ["sh", "-c", "i=0; while true; do echo tick $i; i=$((i+1)); sleep 5; done"]
      - name: side
        image: busybox:1.36
        command: ["sh", "-c", "echo side up; sleep 3600"]
`;

describe('kubectl logs across Pods and containers', () => {
  let sim: Simulation;
  let pods: string[];
  const run = (line: string) => kubectl(sim, line);
  beforeAll(() => {
    sim = new Simulation({ seed: 3 });
    expect(kubectl(sim, 'apply -f t.yaml', { files: { 't.yaml': TICKER } }).code).toBe(0);
    sim.advance(60_000);
    pods = run('get pods -l app=ticker -o name').stdout.trim().split('\n').map((p) => p.replace('pod/', ''));
    expect(pods).toHaveLength(2);
  });

  it('-l reads every matching Pod, the last 10 lines of each unless --tail says otherwise', () => {
    const r = run('logs -l app=ticker');
    expect(r.stderr).toBe('Defaulted container "main" out of: main, side, setup (init)\n'.repeat(2));
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(20);
    expect(lines[0]).toBe('tick 2');
    expect(run('logs -l app=ticker --tail=-1').stdout.trim().split('\n')).toHaveLength(24);
  });

  it('--prefix names each line by pod and container; --all-containers reads init, then regular containers', () => {
    const [a, b] = pods;
    expect(run('logs -l app=ticker --tail=1 --prefix -c main').stdout).toBe(`[pod/${a}/main] tick 11\n[pod/${b}/main] tick 11\n`);
    expect(run(`logs ${a} --all-containers --prefix`).stdout).toBe(`[pod/${a}/setup] preparing\n${[...Array(12).keys()].map((i) => `[pod/${a}/main] tick ${i}\n`).join('')}[pod/${a}/side] side up\n`);
  });

  it('a workload reads one Pod, or all of them with --all-pods (which prefixes)', () => {
    const one = run('logs deploy/ticker -c main --tail=1');
    expect(one.stderr).toMatch(/^Found 2 pods, using pod\/ticker-/);
    expect(one.stdout).toBe('tick 11\n');
    expect(run('logs deploy/ticker --all-pods -c main --tail=1').stdout.split('\n').filter(Boolean).map((l) => l.replace(/ticker-\w+-\w+/, 'P'))).toEqual(['[pod/P/main] tick 11', '[pod/P/main] tick 11']);
  });

  it('--since, --since-time (any offset) and --limit-bytes narrow what the kubelet returns', () => {
    expect(run(`logs ${pods[0]} -c main --since=12s`).stdout).toBe('tick 10\ntick 11\n');
    const at = run(`logs ${pods[0]} -c main --since-time=2025-09-01T09:00:50Z`).stdout;
    expect(run(`logs ${pods[0]} -c main --since-time=2025-09-01T11:00:50+02:00`).stdout).toBe(at);
    expect(at.split('\n').filter(Boolean).length).toBeLessThan(12);
    expect(run(`logs ${pods[0]} -c main --limit-bytes=10`).stdout).toBe('tick 0\ntic');
  });

  it('refuses what logs.go refuses, with its words', () => {
    expect(run('logs x -l app=ticker')).toMatchObject({ stderr: "error: only a selector (-l) or a POD name is allowed\nSee 'kubectl logs -h' for help and examples\n", code: 1 });
    expect(run(`logs ${pods[0]} --all-containers -c main`).stderr).toBe('error: --all-containers=true should not be specified with container name main\n');
    expect(run(`logs ${pods[0]} main -c side`).stderr).toBe('error: only one of -c or an inline [CONTAINER] arg is allowed\n');
    expect(run(`logs ${pods[0]} --since=1s --since-time=2025-09-01T09:00:50Z`).stderr).toBe('error: at most one of `sinceTime` or `sinceSeconds` may be specified\n');
    expect(run(`logs ${pods[0]} --since-time=yesterday`).stderr).toBe('error: parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"\n');
    expect(run('logs -l app=ticker -f --all-containers')).toMatchObject({ stderr: 'error: you are attempting to follow 6 log streams, but maximum allowed concurrency is 5, use --max-log-requests to increase the limit\n', code: 1 });
    expect(run('logs -l app=nothing')).toMatchObject({ stdout: '', stderr: 'No resources found in default namespace.\n', code: 0 });
  });

  it('picks the container as kubectl v1.36 logsForObject does: an annotation naming none only warns; --all-pods announces no default', () => {
    const [a] = pods;
    // pkg/polymorphichelpers/logsforobject.go: "Default container name %q not found in pod %s", then the first.
    run(`annotate pod ${a} kubectl.kubernetes.io/default-container=gone`);
    expect(run(`logs ${a} --tail=1`)).toMatchObject({ stderr: `Default container name "gone" not found in pod ${a}\nDefaulted container "main" out of: main, side, setup (init)\n`, stdout: 'tick 11\n', code: 0 });
    run(`annotate pod ${a} kubectl.kubernetes.io/default-container=side --overwrite`);
    expect(run(`logs ${a}`)).toMatchObject({ stderr: '', stdout: 'side up\n' });
    run(`annotate pod ${a} kubectl.kubernetes.io/default-container-`);
    // Since v1.36 (kubectl 67b78e8df) a container named by -c that is not there lists the Pod's.
    expect(run(`logs ${a} -c nope`)).toMatchObject({ stderr: `error: container nope is not valid for pod ${a} out of: main, side, setup (init)\n`, code: 1 });
    expect(run('logs deploy/ticker --all-pods --tail=1').stderr).toBe('');
  });

  it('-f follows several streams side by side, their lines in the order they were written', () => {
    const r = run('logs -l app=ticker -f --prefix --tail=0 -c main --request-timeout=11s');
    const lines = r.stdout.trim().split('\n');
    // Both Pods tick every 5 s: the two streams alternate, as two concurrent readers would print them.
    expect(lines.length).toBeGreaterThanOrEqual(4);
    const order = lines.map((l) => (l.includes(pods[0]!) ? 0 : 1));
    for (let i = 2; i < order.length; i++) expect(order[i]).toBe(order[i - 2]);
    expect(order[0]).not.toBe(order[1]);
  });
});

describe('kubectl logs of output without a newline (CRI P and F records)', () => {
  it('shows text only once a newline ends its line, and the unended rest when the container stops', () => {
    const sim = new Simulation({ seed: 5 });
    const run = (line: string) => kubectl(sim, line);
    expect(run(`run t --image=busybox:1.36 --restart=Never -- sh -c 'printf a; printf b; sleep 20; printf "c\\n"; printf d; sleep 10; printf e >&2'`).code).toBe(0);
    sim.advance(12_000);
    expect(run('logs t').stdout).toBe('');
    sim.advance(15_000);
    expect(run('logs t').stdout).toBe('abc\n');
    // The F record is stamped when its newline came, not when its first byte was written.
    const stamped = run('logs t --timestamps').stdout;
    const started = Date.parse(run("get pod t -o jsonpath={.status.containerStatuses[0].state.running.startedAt}").stdout);
    expect(Date.parse(stamped.slice(0, 30)) - started).toBeGreaterThanOrEqual(20_000);
    sim.advance(20_000);
    expect(run('get pod t').stdout).toContain('Completed');
    // At the end each stream's open line is a last P record, printed without a newline.
    expect(run('logs t').stdout).toBe('abc\nde');
  });

  it('-f writes each record at the moment it was logged, a partial one included', () => {
    const sim = new Simulation({ seed: 5 });
    expect(kubectl(sim, `run t --image=busybox:1.36 --restart=Never -- sh -c 'sleep 20; printf "one\\n"; printf two; printf three >&2; sleep 3'`).code).toBe(0);
    sim.advance(10_000);
    const r = kubectl(sim, 'logs -f t');
    expect(r.code).toBe(0);
    // Both streams' last P records come back to back: each is its own record, stamp and all.
    expect(r.stdout).toBe('one\ntwothree');
  });
});
