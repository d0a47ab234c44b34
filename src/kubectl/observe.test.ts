import { describe, expect, it } from 'vitest';
import { evaluateCondition, runUntilBreakpoint } from '../engine/index';
import { evaluateOn, momentOf } from './observe';
import { Session } from './session';

describe('output conditions', () => {
  it('run their command on a fork: the learner’s cluster, log and clock do not move', () => {
    const s = new Session({ seed: 2 });
    const before = momentOf(s);
    const log = s.log.length;
    expect(evaluateOn(s, { output: 'kubectl get nodes', contains: 'node-1' }, 0).holds).toBe(true);
    expect(evaluateOn(s, { output: 'kubectl get nodes', matches: '^node-2\\s+Ready' }, 0).holds).toBe(true);
    expect(evaluateOn(s, { output: 'kubectl get pods', contains: 'No resources found' }, 0).holds).toBe(true);
    expect(evaluateOn(s, { output: 'kubectl get nodes', notContains: 'NotReady' }, 0).holds).toBe(true);
    expect(evaluateOn(s, { output: 'kubectl get pod nope', exitCode: 1 }, 0).holds).toBe(true);
    expect(evaluateOn(s, { not: { output: 'kubectl get nodes', contains: 'node-9' } }, 0).holds).toBe(true);
    expect(momentOf(s)).toEqual(before);
    expect(s.log.length).toBe(log);
  });
});

const GO_API = `apiVersion: apps/v1
kind: Deployment
metadata: { name: go-api }
spec:
  replicas: 3
  selector: { matchLabels: { app: go-api } }
  template:
    metadata: { labels: { app: go-api } }
    spec: { containers: [{ name: api, image: registry.example.com/go-api:v1.0.0 }] }
`;

describe('conditions and breakpoints on the real engine', () => {
  it('stops at the first binding, counts what happened since a moment, waits for a state', () => {
    const s = new Session({ seed: 5, files: { 'go-api.yaml': GO_API } });
    const start = s.sim.lastTraceSeq;
    s.run('kubectl apply -f go-api.yaml');
    const hit = runUntilBreakpoint(s.sim, { trace: { kind: 'request', from: 'kube-scheduler', detail: { subresource: 'binding' } } }, 10_000);
    expect(hit.reached).toBe(true);
    const rec = s.sim.traceSince(hit.seq! - 1)[0]!;
    expect(rec.kind === 'request' && rec.detail.type === 'resource' && rec.detail.subresource).toBe('binding');
    // The run stops after the message that produced the match (its request's later stages may follow it).
    expect(s.sim.lastTraceSeq).toBeGreaterThanOrEqual(hit.seq!);
    expect(s.sim.traceSince(hit.seq!).every((r) => r.at === rec.at)).toBe(true);
    const created = evaluateCondition(s.sim, { trace: { kind: 'request', from: 'kube-controller-manager', detail: { verb: 'create', resource: 'pods' } }, count: { equals: 3 } }, start);
    expect(created.holds).toBe(true);
    expect(created.records).toHaveLength(3);
    const before = s.sim.now;
    const ready = runUntilBreakpoint(s.sim, { state: { objects: { kind: Pod, selector: 'app=go-api', where: [{ field: 'status.conditions[type=Ready].status', equals: 'True' }] }, count: { equals: 3 } } }, 60_000);
    expect(ready.reached).toBe(true);
    expect(s.sim.now).toBeGreaterThan(before);
    const none = runUntilBreakpoint(s.sim, { trace: { kind: 'request', from: 'kube-scheduler', detail: { subresource: 'binding' } } }, 5_000);
    expect(none.reached).toBe(false);
  });
});

const Pod = 'Pod';
