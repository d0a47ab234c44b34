import { describe, expect, it } from 'vitest';
import { MANDATORY_FLOW_SCHEMAS, MANDATORY_PRIORITY_LEVELS, SUGGESTED_FLOW_SCHEMAS, SUGGESTED_PRIORITY_LEVELS, type FlowSchema, type PriorityLevelConfiguration } from '../../k8s/flowcontrol';
import type { KObject } from '../../k8s/types';
import { worldOf } from '../simulation';
import { bootedCluster, failure, ok, requestAs } from './apiserver.testing';
import { ADMIN } from './auth';

const cluster = bootedCluster();
type Sim = ReturnType<typeof cluster>;

const fsOf = (sim: Sim, name: string): FlowSchema | undefined => sim.objects<FlowSchema>('flowschemas').find((o) => o.metadata.name === name);
const plOf = (sim: Sim, name: string): PriorityLevelConfiguration | undefined => sim.objects<PriorityLevelConfiguration>('prioritylevelconfigurations').find((o) => o.metadata.name === name);

function patch(sim: Sim, resource: string, name: string, body: unknown) {
  return requestAs(sim, ADMIN, { verb: 'patch', resource, name, patchType: 'merge', body: body as KObject });
}

describe("kube-apiserver's API Priority and Fairness configuration (apf-config.ts)", () => {
  it('boots with the bootstrap FlowSchemas and priority levels of default.go, each auto-updated, none dangling', () => {
    const sim = cluster();
    const fss = sim.objects<FlowSchema>('flowschemas');
    const pls = sim.objects<PriorityLevelConfiguration>('prioritylevelconfigurations');
    expect(fss.map((o) => o.metadata.name).sort()).toEqual([...MANDATORY_FLOW_SCHEMAS, ...SUGGESTED_FLOW_SCHEMAS].map((o) => o.metadata.name).sort());
    expect(pls.map((o) => o.metadata.name).sort()).toEqual([...MANDATORY_PRIORITY_LEVELS, ...SUGGESTED_PRIORITY_LEVELS].map((o) => o.metadata.name).sort());
    for (const o of [...fss, ...pls]) {
      expect(o.metadata.annotations).toEqual({ 'apf.kubernetes.io/autoupdate-spec': 'true' });
      expect(o.metadata.generation).toBe(1);
    }
    expect(fsOf(sim, 'service-accounts')!.spec).toEqual(SUGGESTED_FLOW_SCHEMAS.find((o) => o.metadata.name === 'service-accounts')!.spec);
    expect(plOf(sim, 'workload-low')!.spec).toEqual({ type: 'Limited', limited: { nominalConcurrencyShares: 100, limitResponse: { type: 'Queue', queuing: { queues: 128, handSize: 6, queueLengthLimit: 50 } }, lendablePercent: 90 } });
    expect(new Set(fss.map((o) => o.metadata.uid)).size).toBe(fss.length);
    const [cond, ...more] = fsOf(sim, 'probes')!.status!.conditions!;
    expect(more).toEqual([]);
    expect(cond).toMatchObject({ type: 'Dangling', status: 'False', reason: 'Found', message: 'This FlowSchema references the PriorityLevelConfiguration object named "exempt" and it exists' });
  });

  it('recreates a deleted mandatory FlowSchema at the producer’s next minute, with a new uid', () => {
    const sim = cluster();
    const uid = fsOf(sim, 'catch-all')!.metadata.uid;
    ok(requestAs(sim, ADMIN, { verb: 'delete', resource: 'flowschemas', name: 'catch-all' }));
    expect(fsOf(sim, 'catch-all')).toBeUndefined();
    sim.advance(61_000);
    const back = fsOf(sim, 'catch-all')!;
    expect(back.metadata.uid).not.toBe(uid);
    expect(back.status?.conditions?.[0]?.status).toBe('False');
  });

  it("refuses an edit of a mandatory spec with validation.go's message, but lets the exempt level's spec.exempt change and keeps it", () => {
    const sim = cluster();
    expect(failure(patch(sim, 'prioritylevelconfigurations', 'catch-all', { spec: { limited: { nominalConcurrencyShares: 50 } } })).message).toBe(
      'PriorityLevelConfiguration.flowcontrol.apiserver.k8s.io "catch-all" is invalid: spec: Invalid value: {"type":"Limited","limited":{"nominalConcurrencyShares":50,"limitResponse":{"type":"Reject"},"lendablePercent":0}}: spec of \'catch-all\' must equal the fixed value',
    );
    expect(failure(patch(sim, 'flowschemas', 'exempt', { spec: { matchingPrecedence: 2 } })).message).toContain("spec of 'exempt' must equal the fixed value");
    ok(patch(sim, 'prioritylevelconfigurations', 'exempt', { spec: { exempt: { nominalConcurrencyShares: 10 } } }));
    sim.advance(61_000);
    expect(plOf(sim, 'exempt')!.spec.exempt).toEqual({ nominalConcurrencyShares: 10, lendablePercent: 0 });
  });

  it('puts a suggested spec back while autoupdate-spec is "true", and leaves it alone once the annotation says "false"', () => {
    const sim = cluster();
    ok(patch(sim, 'prioritylevelconfigurations', 'global-default', { spec: { limited: { nominalConcurrencyShares: 50 } } }));
    expect(plOf(sim, 'global-default')!.metadata.generation).toBe(2);
    sim.advance(61_000);
    expect(plOf(sim, 'global-default')!.spec.limited?.nominalConcurrencyShares).toBe(20);
    expect(plOf(sim, 'global-default')!.metadata.generation).toBe(3);

    ok(patch(sim, 'prioritylevelconfigurations', 'workload-low', { metadata: { annotations: { 'apf.kubernetes.io/autoupdate-spec': 'false' } }, spec: { limited: { nominalConcurrencyShares: 7 } } }));
    sim.advance(61_000);
    expect(plOf(sim, 'workload-low')!.spec.limited?.nominalConcurrencyShares).toBe(7);
    expect(plOf(sim, 'workload-low')!.metadata.annotations).toEqual({ 'apf.kubernetes.io/autoupdate-spec': 'false' });
  });

  it('marks a FlowSchema whose priority level is missing Dangling, and Found once it exists', () => {
    const sim = cluster();
    const fs: KObject = { apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind: 'FlowSchema', metadata: { name: 'team-a' }, spec: { priorityLevelConfiguration: { name: 'team-a' }, rules: [{ subjects: [{ kind: 'Group', group: { name: 'team-a' } }], nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/version'] }] }] } };
    ok(requestAs(sim, ADMIN, { verb: 'create', resource: 'flowschemas', body: fs }));
    sim.advance(1);
    expect(fsOf(sim, 'team-a')!.spec.matchingPrecedence).toBe(1000);
    expect(fsOf(sim, 'team-a')!.status?.conditions).toEqual([
      { type: 'Dangling', status: 'True', lastTransitionTime: expect.any(String) as string, reason: 'NotFound', message: 'This FlowSchema references the PriorityLevelConfiguration object named "team-a" but there is no such object' },
    ]);
    const pl: KObject = { apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind: 'PriorityLevelConfiguration', metadata: { name: 'team-a' }, spec: { type: 'Limited', limited: { limitResponse: { type: 'Queue', queuing: {} } } } };
    ok(requestAs(sim, ADMIN, { verb: 'create', resource: 'prioritylevelconfigurations', body: pl }));
    expect(plOf(sim, 'team-a')!.spec.limited).toEqual({ nominalConcurrencyShares: 30, limitResponse: { type: 'Queue', queuing: { queues: 64, handSize: 8, queueLengthLimit: 50 } }, lendablePercent: 0 });
    sim.advance(1);
    expect(fsOf(sim, 'team-a')!.status?.conditions?.map((c) => [c.status, c.reason])).toEqual([['False', 'Found']]);
    // Neither is the producer's: a minute later both are still there.
    sim.advance(61_000);
    expect(fsOf(sim, 'team-a')).toBeDefined();
  });

  it('deletes an object annotated autoupdate-spec "true" that is not part of the bootstrap configuration', () => {
    const sim = cluster();
    const pl: KObject = { apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind: 'PriorityLevelConfiguration', metadata: { name: 'mine', annotations: { 'apf.kubernetes.io/autoupdate-spec': 'true' } }, spec: { type: 'Limited', limited: { limitResponse: { type: 'Reject' } } } };
    ok(requestAs(sim, ADMIN, { verb: 'create', resource: 'prioritylevelconfigurations', body: pl }));
    sim.advance(61_000);
    expect(plOf(sim, 'mine')).toBeUndefined();
    expect(worldOf(sim).trace.records.some((r) => r.kind === 'request' && r.from === 'kube-apiserver' && r.summary.includes('DELETE /apis/flowcontrol.apiserver.k8s.io/v1/prioritylevelconfigurations/mine'))).toBe(true);
  });

  it("validates rules and queuing with validation.go's messages", () => {
    const sim = cluster();
    const bad: KObject = {
      apiVersion: 'flowcontrol.apiserver.k8s.io/v1',
      kind: 'FlowSchema',
      metadata: { name: 'bad' },
      spec: { matchingPrecedence: 1, priorityLevelConfiguration: { name: '' }, rules: [{ subjects: [], resourceRules: [{ verbs: ['fly'], apiGroups: [], resources: ['pods'] }], nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['metrics'] }] }] },
    };
    expect(failure(requestAs(sim, ADMIN, { verb: 'create', resource: 'flowschemas', body: bad })).message).toBe(
      [
        'FlowSchema.flowcontrol.apiserver.k8s.io "bad" is invalid: [spec.matchingPrecedence: Invalid value: 1: only the schema named \'exempt\' may have matchingPrecedence 1',
        'spec.priorityLevelConfiguration.name: Required value: must reference a priority level',
        'spec.rules[0].subjects: Required value: subjects must contain at least one value',
        'spec.rules[0].resourceRules[0].verbs: Unsupported value: ["fly"]: supported values: "create", "delete", "deletecollection", "get", "list", "patch", "proxy", "update", "watch"',
        'spec.rules[0].resourceRules[0].apiGroups: Required value: resource rules must supply at least one api group',
        'spec.rules[0].resourceRules[0].namespaces: Required value: resource rules that are not cluster scoped must supply at least one namespace',
        'spec.rules[0].nonResourceRules[0].nonResourceURLs[0]: Invalid value: "metrics": must start with slash]',
      ].join(', '),
    );
    const pl: KObject = { apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind: 'PriorityLevelConfiguration', metadata: { name: 'wide' }, spec: { type: 'Limited', limited: { lendablePercent: 101, limitResponse: { type: 'Queue', queuing: { queues: 4, handSize: 5 } } } } };
    expect(failure(requestAs(sim, ADMIN, { verb: 'create', resource: 'prioritylevelconfigurations', body: pl })).message).toBe(
      'PriorityLevelConfiguration.flowcontrol.apiserver.k8s.io "wide" is invalid: [spec.limited.limitResponse.queuing.handSize: Invalid value: 5: should not be greater than queues (4), spec.limited.lendablePercent: Invalid value: 101: must be between 0 and 100, inclusive]',
    );
  });
});
