import { describe, expect, it } from 'vitest';
import { classify, MANDATORY_FLOW_SCHEMAS, MANDATORY_PRIORITY_LEVELS, SUGGESTED_FLOW_SCHEMAS, SUGGESTED_PRIORITY_LEVELS, type PriorityLevelConfiguration, type RequestDigest } from './flowcontrol';

const SCHEMAS = [...MANDATORY_FLOW_SCHEMAS, ...SUGGESTED_FLOW_SCHEMAS];
const LEVELS = new Map<string, PriorityLevelConfiguration>([...MANDATORY_PRIORITY_LEVELS, ...SUGGESTED_PRIORITY_LEVELS].map((p) => [p.metadata.name ?? '', p]));

function matched(d: RequestDigest, levels = LEVELS): string {
  const hit = classify(d, SCHEMAS, levels);
  return hit ? `${hit.schema.metadata.name}/${hit.level.metadata.name}` : 'none';
}

const NODE = { name: 'system:node:node-1', groups: ['system:nodes', 'system:authenticated'] };
const KCM = { name: 'system:kube-controller-manager', groups: ['system:authenticated'] };
const KUBE_SYSTEM_SA = { name: 'system:serviceaccount:kube-system:deployment-controller', groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-system', 'system:authenticated'] };

describe("APF classification over the bootstrap configuration (rule.go, FlowSchemaSequence)", () => {
  it('sends each well-known client to its FlowSchema', () => {
    expect(matched({ user: { name: 'system:apiserver', groups: ['system:masters'] }, resource: { verb: 'delete', apiGroup: 'apps', resource: 'deployments', namespace: 'default' } })).toBe('exempt/exempt');
    expect(matched({ user: { name: 'kubernetes-admin', groups: ['kubeadm:cluster-admins', 'system:authenticated'] }, resource: { verb: 'list', apiGroup: '', resource: 'pods', namespace: 'default' } })).toBe('global-default/global-default');
    expect(matched({ user: NODE, resource: { verb: 'update', apiGroup: 'coordination.k8s.io', resource: 'leases', namespace: 'kube-node-lease' } })).toBe('system-node-high/node-high');
    expect(matched({ user: NODE, resource: { verb: 'patch', apiGroup: '', resource: 'nodes', subresource: 'status' } })).toBe('system-node-high/node-high');
    expect(matched({ user: NODE, resource: { verb: 'get', apiGroup: '', resource: 'secrets', namespace: 'default' } })).toBe('system-nodes/system');
    expect(matched({ user: KCM, resource: { verb: 'update', apiGroup: 'coordination.k8s.io', resource: 'leases', namespace: 'kube-system' } })).toBe('system-leader-election/leader-election');
    expect(matched({ user: KCM, resource: { verb: 'list', apiGroup: '', resource: 'pods' } })).toBe('kube-controller-manager/workload-high');
    expect(matched({ user: KUBE_SYSTEM_SA, resource: { verb: 'create', apiGroup: 'apps', resource: 'replicasets', namespace: 'default' } })).toBe('kube-system-service-accounts/workload-high');
    expect(matched({ user: { name: 'system:serviceaccount:default:default', groups: ['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated'] }, resource: { verb: 'get', apiGroup: '', resource: 'pods', namespace: 'default' } })).toBe('service-accounts/workload-low');
    expect(matched({ user: { name: 'system:anonymous', groups: ['system:unauthenticated'] }, nonResource: { verb: 'get', path: '/readyz' } })).toBe('probes/exempt');
    expect(matched({ user: { name: 'system:anonymous', groups: ['system:unauthenticated'] }, nonResource: { verb: 'get', path: '/version' } })).toBe('global-default/global-default');
  });

  it('skips a FlowSchema whose priority level is gone (dangling) for the next that matches', () => {
    const levels = new Map(LEVELS);
    levels.delete('global-default');
    expect(matched({ user: { name: 'jane', groups: ['system:authenticated'] }, resource: { verb: 'get', apiGroup: '', resource: 'pods', namespace: 'default' } }, levels)).toBe('catch-all/catch-all');
  });
});
