import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Session } from './session';
import type { Pod } from '../k8s/types';
import type { CommandResult, OutputChunk } from './types';

const GO_API = readFileSync(new URL('../../examples/manifests/go-api.yaml', import.meta.url), 'utf8');

/** Two sessions with the same seed and the same commands are the same cluster: one runs freely, one is interrupted. */
function twin(setup: (s: Session) => void): [Session, Session] {
  const mk = (): Session => {
    const s = new Session({ seed: 7, files: { 'go-api.yaml': GO_API } });
    setup(s);
    return s;
  };
  return [mk(), mk()];
}

const text = (chunks: readonly OutputChunk[]): string => chunks.map((c) => c.text).join('');

function times(r: CommandResult): number[] {
  return r.output.map((c) => {
    expect(c.at).toBeTypeOf('number');
    return c.at!;
  });
}

describe('Ctrl+C on a waiting command (RunOptions.interruptAt)', () => {
  it('kubectl get pods -w: stamps each change, and an interrupted watch shows only what came before and exits 130', () => {
    const [free, cut] = twin((s) => expect(s.run('kubectl apply -f go-api.yaml').exitCode).toBe(0));
    const start = free.sim.now;
    const full = free.run('kubectl get pods -w');
    expect(full.exitCode).toBe(0);
    const at = times(full);
    // The initial table is written at the first request; each later change when it happens.
    expect(at[0]).toBe(start + 150);
    for (let i = 1; i < at.length; i++) expect(at[i]!).toBeGreaterThan(at[i - 1]!);
    expect(at.length).toBeGreaterThan(3);

    // Interrupt between the third and fourth change.
    const interruptAt = Math.floor((at[2]! + at[3]!) / 2);
    const r = cut.run('kubectl get pods -w', undefined, { interruptAt });
    expect(r.exitCode).toBe(130);
    expect(r.output).toEqual(full.output.slice(0, 3));
    expect(text(r.output)).not.toBe(text(full.output));
    // Simulated time stopped where the user pressed Ctrl+C, and the horizon does not outlive the command.
    expect(cut.sim.now).toBe(interruptAt);
    expect(cut.sim.horizon).toBeUndefined();
    expect(cut.log[cut.log.length - 1]).toEqual({ line: 'kubectl get pods -w', interruptAt });
    cut.run('sim advance 1m');
    expect(cut.sim.now).toBe(interruptAt + 60_000);
  });

  it('kubectl rollout status: interrupted while waiting, without "timed out" or the success line', () => {
    const [free, cut] = twin((s) => expect(s.run('kubectl apply -f go-api.yaml').exitCode).toBe(0));
    const full = free.run('kubectl rollout status deployment/go-api');
    expect(full.exitCode).toBe(0);
    expect(text(full.output)).toContain('deployment "go-api" successfully rolled out\n');
    const at = times(full);
    const interruptAt = at[0]! + 1;
    expect(interruptAt).toBeLessThan(at[at.length - 1]!);

    const r = cut.run('kubectl rollout status deployment/go-api', undefined, { interruptAt });
    expect(r.exitCode).toBe(130);
    expect(r.output).toEqual(full.output.filter((c) => c.at! <= interruptAt));
    expect(text(r.output)).not.toContain('successfully rolled out');
    expect(r.output.every((c) => c.stream === 'stdout')).toBe(true);
    expect(cut.sim.now).toBe(interruptAt);
  });

  it('kubectl wait and delete --wait end at the interrupt too', () => {
    const [, cut] = twin((s) => expect(s.run('kubectl apply -f go-api.yaml').exitCode).toBe(0));
    const t0 = cut.sim.now;
    const w = cut.run('kubectl wait --for=condition=Available deployment/go-api --timeout=5m', undefined, { interruptAt: t0 + 1000 });
    expect(w).toEqual({ output: [], exitCode: 130 });
    expect(cut.sim.now).toBe(t0 + 1000);

    cut.run('kubectl rollout status deployment/go-api');
    const pod = cut.sim.objects('pods').find((p) => p.metadata.namespace === 'default')!.metadata.name!;
    const t1 = cut.sim.now;
    const d = cut.run(`kubectl delete pod ${pod}`, undefined, { interruptAt: t1 + 200 });
    // The DELETE went through before the wait for the kubelet began; only the waiting is cut short.
    expect(d.exitCode).toBe(130);
    expect(text(d.output)).toBe(`pod "${pod}" deleted from default namespace\n`);
    expect(cut.sim.now).toBe(t1 + 200);
    expect(cut.sim.objects('pods').some((p) => p.metadata.name === pod)).toBe(true);
  });

  it('kubectl drain and logs -f end at the interrupt too', () => {
    const [free, cut] = twin((s) => {
      expect(s.run('kubectl apply -f go-api.yaml').exitCode).toBe(0);
      expect(s.run('kubectl rollout status deployment/go-api').exitCode).toBe(0);
    });
    const node = free.sim.objects<Pod>('pods').find((p) => p.metadata.name?.startsWith('go-api-'))!.spec!.nodeName!;
    const full = free.run(`kubectl drain ${node} --ignore-daemonsets`);
    expect(full.exitCode).toBe(0);
    const at = times(full);
    const interruptAt = at[0]!;
    const r = cut.run(`kubectl drain ${node} --ignore-daemonsets`, undefined, { interruptAt });
    expect(r.exitCode).toBe(130);
    expect(text(r.output)).not.toContain('drained');
    expect(r.output).toEqual(full.output.filter((c) => c.at! <= interruptAt));

    const pod = cut.sim.objects<Pod>('pods').find((p) => p.metadata.name?.startsWith('go-api-') && p.spec?.nodeName !== node)!.metadata.name!;
    const t = cut.sim.now;
    const logs = cut.run(`kubectl logs -f ${pod}`, undefined, { interruptAt: t + 5000 });
    expect(logs.exitCode).toBe(130);
    expect(cut.sim.now).toBe(t + 5000);
  });

  it('a kubectl exec waiting for its command stops at the interrupt without printing', () => {
    const s = new Session({ seed: 3 });
    s.run('kubectl run bb --image=busybox:1.36 -- sleep 3600');
    s.run('kubectl wait --for=condition=Ready pod/bb --timeout=2m');
    const t0 = s.sim.now;
    expect(s.run(`kubectl exec bb -- sh -c 'sleep 30; echo late'`, undefined, { interruptAt: t0 + 10_000 }).exitCode).toBe(130);
    expect(s.sim.now).toBe(t0 + 10_000);
  });

  it('sim advance and sleep stop at the interrupt', () => {
    const s = new Session({ seed: 3 });
    const t0 = s.sim.now;
    expect(s.run('sim advance 5m', undefined, { interruptAt: t0 + 90_000 })).toEqual({ output: [], exitCode: 130 });
    expect(s.sim.now).toBe(t0 + 90_000);
    expect(s.run('sleep 10s', undefined, { interruptAt: t0 + 95_000 })).toEqual({ output: [], exitCode: 130 });
    expect(s.sim.now).toBe(t0 + 95_000);
    // An interrupt at or after the end changes nothing.
    expect(s.run('sim advance 5s', undefined, { interruptAt: t0 + 100_000 })).toEqual({ output: [], exitCode: 0 });
    expect(s.sim.now).toBe(t0 + 100_000);
  });

  it('a command that does not wait is unaffected, and its output carries no times', () => {
    const [free, cut] = twin(() => {});
    const a = free.run('kubectl apply -f go-api.yaml');
    const b = cut.run('kubectl apply -f go-api.yaml', undefined, { interruptAt: cut.sim.now + 10 });
    expect(b).toEqual(a);
    expect(a).toEqual({ output: [{ stream: 'stdout', text: 'deployment.apps/go-api created\n' }], exitCode: 0 });
    expect(cut.sim.now).toBe(free.sim.now);
    const g = free.run('kubectl get nodes');
    expect(g.output.every((c) => c.at === undefined)).toBe(true);
  });

  it('replaying with an interrupt is deterministic', () => {
    const [a, b] = twin((s) => s.run('kubectl apply -f go-api.yaml'));
    const interruptAt = a.sim.now + 4000;
    const ra = a.run('kubectl get pods -w -o wide', undefined, { interruptAt });
    const rb = b.run('kubectl get pods -w -o wide', undefined, { interruptAt });
    expect(ra).toEqual(rb);
    expect(a.sim.snapshot()).toEqual(b.sim.snapshot());
  });
});
