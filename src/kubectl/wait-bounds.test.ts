import { describe, expect, it } from 'vitest';
import { Session } from './session';
import type { CommandResult } from './types';
import { KUBECTL_STARTUP_MS } from './session';
import { MAX_STREAM_LINES, MAX_WAIT_MS, STREAM_IDLE_MS } from './wait-util';

const stdout = (r: CommandResult): string => r.output.filter((c) => c.stream === 'stdout').map((c) => c.text).join('');
const stderr = (r: CommandResult): string => r.output.filter((c) => c.stream === 'stderr').map((c) => c.text).join('');
const lines = (text: string): string[] => text.split('\n').filter((l) => l !== '');

describe('every waiting command has a bounded cost', () => {
  it('kubectl get -w on renewing Leases (never idle) stops after MAX_WAIT_MS, printing only rows', () => {
    const s = new Session({ seed: 5 });
    const t0 = s.sim.now;
    const r = s.run('kubectl get leases -n kube-system -w');
    expect(r.exitCode).toBe(0);
    expect(stderr(r)).toBe('');
    expect(s.sim.now - t0 - KUBECTL_STARTUP_MS).toBe(MAX_WAIT_MS);
    const rows = lines(stdout(r));
    expect(rows[0]).toMatch(/^NAME\s+HOLDER\s+AGE$/);
    // Two leader Leases renewed every 2 s for 15 minutes: far more than the idle rule would ever see.
    // (The apiserver's identity Lease is listed once: by default it is not renewed.)
    expect(rows.length).toBeGreaterThan(800);
    expect(rows.slice(1).every((l) => /^(kube-(controller-manager|scheduler)|apiserver-[a-z0-9]+)\s/.test(l))).toBe(true);
  });

  it('kubectl get -w stops once it has streamed MAX_STREAM_LINES lines', () => {
    const s = new Session({ seed: 5 });
    const initial = lines(stdout(s.run('kubectl get leases -A'))).length;
    const t0 = s.sim.now;
    const r = s.run('kubectl get leases -A -w');
    expect(r.exitCode).toBe(0);
    const streamed = lines(stdout(r)).length - initial;
    // A batch of events printed together may carry the count a little past the bound, never far.
    expect(streamed).toBeGreaterThanOrEqual(MAX_STREAM_LINES);
    expect(streamed).toBeLessThan(MAX_STREAM_LINES + 10);
    expect(s.sim.now - t0).toBeLessThan(MAX_WAIT_MS);
  });

  it('a quiet watch still ends after a minute without a change, and --request-timeout still ends it sooner', () => {
    const s = new Session({ seed: 5 });
    let t0 = s.sim.now;
    expect(s.run('kubectl get namespaces -w').exitCode).toBe(0);
    expect(s.sim.now - t0 - KUBECTL_STARTUP_MS).toBe(STREAM_IDLE_MS);
    t0 = s.sim.now;
    expect(s.run('kubectl get leases -n kube-system -w --request-timeout=10s').exitCode).toBe(0);
    expect(s.sim.now - t0 - KUBECTL_STARTUP_MS).toBe(10_000);
  });

  it('kubectl logs -f on a container that logs forever stops after MAX_WAIT_MS', () => {
    const s = new Session({ seed: 5 });
    expect(s.run(`kubectl run ticker --image=busybox:1.36 -- sh -c 'while true; do echo tick; sleep 1; done'`).exitCode).toBe(0);
    s.run('sim advance 10s');
    const t0 = s.sim.now;
    const r = s.run('kubectl logs -f ticker');
    expect(r.exitCode).toBe(0);
    expect(s.sim.now - t0 - KUBECTL_STARTUP_MS).toBe(MAX_WAIT_MS);
    expect(lines(stdout(r)).every((l) => l === 'tick')).toBe(true);
  });

  it('kubectl wait --timeout beyond the bound times out at MAX_WAIT_MS with kubectl\'s message', () => {
    const s = new Session({ seed: 5 });
    expect(s.run('kubectl run x --image=nginx:1.27').exitCode).toBe(0);
    const t0 = s.sim.now;
    const r = s.run('kubectl wait --for=condition=Failed pod/x --timeout=1000h');
    expect(r.exitCode).toBe(1);
    expect(stderr(r)).toBe('error: timed out waiting for the condition on pods/x\n');
    expect(s.sim.now - t0 - KUBECTL_STARTUP_MS).toBe(MAX_WAIT_MS);
    // --timeout=-1 ("a week") is the same bound; --timeout=0 still checks once.
    const t1 = s.sim.now;
    expect(stderr(s.run('kubectl wait --for=condition=Failed pod/x --timeout=-1s'))).toBe('error: timed out waiting for the condition on pods/x\n');
    expect(s.sim.now - t1 - KUBECTL_STARTUP_MS).toBe(MAX_WAIT_MS);
    const t2 = s.sim.now;
    expect(stderr(s.run('kubectl wait --for=condition=Failed pod/x --timeout=0'))).toBe('error: timed out waiting for the condition on pods/x\n');
    expect(s.sim.now - t2).toBe(KUBECTL_STARTUP_MS);
  });

  it('kubectl rollout status --timeout beyond the bound times out at MAX_WAIT_MS', () => {
    const s = new Session({ seed: 5 });
    // A rollout that never finishes and whose progress deadline lies beyond the bound.
    const stuck = `apiVersion: apps/v1
kind: Deployment
metadata: {name: stuck}
spec:
  progressDeadlineSeconds: 100000
  selector: {matchLabels: {app: stuck}}
  template:
    metadata: {labels: {app: stuck}}
    spec: {containers: [{name: app, image: "nginx:does-not-exist"}]}
`;
    expect(s.run('kubectl apply -f -', stuck).exitCode).toBe(0);
    const t0 = s.sim.now;
    const r = s.run('kubectl rollout status deployment/stuck --timeout=1000h');
    expect(r.exitCode).toBe(1);
    expect(stderr(r)).toBe('error: timed out waiting for the condition\n');
    expect(s.sim.now - t0 - KUBECTL_STARTUP_MS).toBe(MAX_WAIT_MS);
  });
});
