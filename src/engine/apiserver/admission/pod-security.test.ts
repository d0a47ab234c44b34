import { describe, expect, it } from 'vitest';
import type { KObject, Pod, ReplicaSet } from '../../../k8s/types';
import type { Simulation } from '../../simulation';
import { bootedCluster, failure, ok, pod } from '../apiserver.testing';
import type { ApiResponse } from '../handler';

const cluster = bootedCluster();

/** The messages of kubernetes/website's ns-level-pss tutorial, for its example-baseline-pod.yaml. */
const RESTRICTED_NGINX =
  'allowPrivilegeEscalation != false (container "nginx" must set securityContext.allowPrivilegeEscalation=false), ' +
  'unrestricted capabilities (container "nginx" must set securityContext.capabilities.drop=["ALL"]), ' +
  'runAsNonRoot != true (pod or container "nginx" must set securityContext.runAsNonRoot=true), ' +
  'seccompProfile (pod or container "nginx" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")';

function label(sim: Simulation, ns: string, labels: Record<string, string | null>, dryRun = false): ApiResponse {
  return sim.request({ verb: 'patch', resource: 'namespaces', name: ns, patchType: 'merge', body: { metadata: { labels } } as unknown as KObject, ...(dryRun ? { dryRun: true } : {}) });
}

function namespace(sim: Simulation, name: string, labels: Record<string, string> = {}): ApiResponse {
  return sim.request({ verb: 'create', resource: 'namespaces', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels } } as KObject });
}

function nginx(name = 'nginx', extra: Partial<Pod['spec']> = {}): Pod {
  return pod(name, { containers: [{ name: 'nginx', image: 'nginx' }], ...extra });
}

function createIn(sim: Simulation, ns: string, body: KObject, resource = 'pods'): ApiResponse {
  return sim.request({ verb: 'create', resource, namespace: ns, body });
}

const RESTRICTED_SC = { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } };
const RESTRICTED_POD_SC = { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } };

describe('PodSecurity: Pods against the enforce and warn levels', () => {
  it('refuses a Pod the enforce level forbids, with every reason and no warning', () => {
    const sim = cluster();
    ok(namespace(sim, 'demo', { 'pod-security.kubernetes.io/enforce': 'restricted' }));
    const res = createIn(sim, 'demo', nginx());
    const e = failure(res);
    expect(e.code).toBe(403);
    expect(e.reason).toBe('Forbidden');
    expect(e.message).toBe(`pods "nginx" is forbidden: violates PodSecurity "restricted:latest": ${RESTRICTED_NGINX}`);
    expect(e.details).toMatchObject({ name: 'nginx', kind: 'pods' });
  });

  it('admits under baseline enforce and warns for restricted (the tutorial namespace)', () => {
    const sim = cluster();
    ok(namespace(sim, 'example', { 'pod-security.kubernetes.io/enforce': 'baseline', 'pod-security.kubernetes.io/warn': 'restricted', 'pod-security.kubernetes.io/audit': 'restricted' }));
    const res = createIn(sim, 'example', nginx());
    expect(res.ok && res.warnings).toEqual([`would violate PodSecurity "restricted:latest": ${RESTRICTED_NGINX}`]);
    // An unlabelled namespace is privileged: no check, no warning.
    const plain = createIn(sim, 'default', nginx());
    expect(plain.ok && plain.warnings).toBeUndefined();
  });

  it('admits a Pod written for restricted without a warning', () => {
    const sim = cluster();
    ok(namespace(sim, 'r', { 'pod-security.kubernetes.io/enforce': 'restricted' }));
    const good = pod('good', { securityContext: RESTRICTED_POD_SC, containers: [{ name: 'c', image: 'busybox', securityContext: RESTRICTED_SC }] });
    const res = createIn(sim, 'r', good);
    expect(res.ok).toBe(true);
    expect(res.ok && res.warnings).toBeUndefined();
  });

  it('names the baseline violations: privileged, host namespaces, hostPath, hostPort, capabilities', () => {
    const sim = cluster();
    ok(namespace(sim, 'b', { 'pod-security.kubernetes.io/enforce': 'baseline' }));
    const bad = pod('bad', {
      hostNetwork: true,
      hostPID: true,
      volumes: [{ name: 'root', hostPath: { path: '/' } }],
      containers: [
        { name: 'a', image: 'nginx', ports: [{ containerPort: 80, hostPort: 8080 }], securityContext: { privileged: true, capabilities: { add: ['NET_ADMIN', 'CHOWN', 'SYS_TIME'] } } },
        { name: 'b', image: 'nginx', ports: [{ containerPort: 81, hostPort: 10 }], securityContext: { privileged: true } },
      ],
    });
    expect(failure(createIn(sim, 'b', bad)).message).toBe(
      'pods "bad" is forbidden: violates PodSecurity "baseline:latest": ' +
        'non-default capabilities (container "a" must not include "NET_ADMIN", "SYS_TIME" in securityContext.capabilities.add), ' +
        'host namespaces (hostNetwork=true, hostPID=true), ' +
        'hostPath volumes (volume "root"), ' +
        'hostPort (containers "a", "b" use hostPorts 10, 8080), ' +
        'privileged (containers "a", "b" must not set securityContext.privileged=true)',
    );
  });

  it('reads restricted volumes, runAsUser=0 and explicit bad values', () => {
    const sim = cluster();
    ok(namespace(sim, 'r', { 'pod-security.kubernetes.io/enforce': 'restricted' }));
    const bad = pod('bad', {
      securityContext: { runAsNonRoot: false, runAsUser: 0, seccompProfile: { type: 'Unconfined' } },
      volumes: [{ name: 'data', emptyDir: {} }, { name: 'host', hostPath: { path: '/tmp' } }],
      containers: [{ name: 'c', image: 'busybox', securityContext: { ...RESTRICTED_SC, capabilities: { drop: ['ALL'], add: ['NET_BIND_SERVICE', 'SYS_ADMIN'] } } }],
    });
    expect(failure(createIn(sim, 'r', bad)).message).toBe(
      'pods "bad" is forbidden: violates PodSecurity "restricted:latest": ' +
        'unrestricted capabilities (container "c" must not include "SYS_ADMIN" in securityContext.capabilities.add), ' +
        'restricted volume types (volume "host" uses restricted volume type "hostPath"), ' +
        'runAsNonRoot != true (pod must not set securityContext.runAsNonRoot=false), ' +
        'runAsUser=0 (pod must not set runAsUser=0), ' +
        'seccompProfile (pod must not set securityContext.seccompProfile.type to "Unconfined")',
    );
  });

  it('evaluates a pinned version with that version\'s checks', () => {
    const sim = cluster();
    // Policy v1.21 had no capabilities_restricted check (added at v1.22): baseline's runs instead.
    ok(namespace(sim, 'old', { 'pod-security.kubernetes.io/enforce': 'restricted', 'pod-security.kubernetes.io/enforce-version': 'v1.21' }));
    expect(failure(createIn(sim, 'old', nginx())).message).toBe(
      'pods "nginx" is forbidden: violates PodSecurity "restricted:v1.21": ' +
        'allowPrivilegeEscalation != false (container "nginx" must set securityContext.allowPrivilegeEscalation=false), ' +
        'runAsNonRoot != true (pod or container "nginx" must set securityContext.runAsNonRoot=true), ' +
        'seccompProfile (pod or container "nginx" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
    );
    // A version past the newest checks (v1.35) evaluates them, and is named as labelled.
    ok(namespace(sim, 'future', { 'pod-security.kubernetes.io/enforce': 'restricted', 'pod-security.kubernetes.io/enforce-version': 'v1.99' }));
    expect(failure(createIn(sim, 'future', nginx())).message).toBe(`pods "nginx" is forbidden: violates PodSecurity "restricted:v1.99": ${RESTRICTED_NGINX}`);
  });

  it('spares Windows Pods the Linux-only restricted checks, and user-namespace Pods runAsNonRoot', () => {
    const sim = cluster();
    ok(namespace(sim, 'r', { 'pod-security.kubernetes.io/enforce': 'restricted' }));
    expect(failure(createIn(sim, 'r', nginx('win', { os: { name: 'windows' } } as Partial<Pod['spec']>))).message).toBe(
      'pods "win" is forbidden: violates PodSecurity "restricted:latest": runAsNonRoot != true (pod or container "nginx" must set securityContext.runAsNonRoot=true)',
    );
    const userns = pod('userns', { hostUsers: false, securityContext: { seccompProfile: { type: 'RuntimeDefault' } }, containers: [{ name: 'c', image: 'busybox', securityContext: RESTRICTED_SC }] } as Partial<Pod['spec']>);
    expect(createIn(sim, 'r', userns).ok).toBe(true);
  });

  it('re-checks an update only when an image changes', () => {
    const sim = cluster();
    ok(namespace(sim, 'b', { 'pod-security.kubernetes.io/warn': 'restricted' }));
    ok(createIn(sim, 'b', nginx()));
    const relabelled = sim.request({ verb: 'patch', resource: 'pods', namespace: 'b', name: 'nginx', patchType: 'merge', body: { metadata: { labels: { x: 'y' } } } as unknown as KObject });
    expect(relabelled.ok && relabelled.warnings).toBeUndefined();
    const res = sim.request({ verb: 'patch', resource: 'pods', namespace: 'b', name: 'nginx', body: { spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } as unknown as KObject });
    expect(res.ok && res.warnings).toEqual([`would violate PodSecurity "restricted:latest": ${RESTRICTED_NGINX}`]);
  });

  it('checks an ephemeral container added through pods/ephemeralcontainers', () => {
    const sim = cluster();
    ok(namespace(sim, 'r', { 'pod-security.kubernetes.io/enforce': 'baseline' }));
    const created = ok(createIn(sim, 'r', nginx())) as Pod;
    const debug = { ...created, spec: { ...created.spec, ephemeralContainers: [{ name: 'debugger', image: 'busybox', securityContext: { privileged: true } }] } };
    const res = sim.request({ verb: 'update', resource: 'pods', subresource: 'ephemeralcontainers', namespace: 'r', name: 'nginx', body: debug as KObject });
    expect(failure(res).message).toBe('pods "nginx" is forbidden: violates PodSecurity "baseline:latest": privileged (container "debugger" must not set securityContext.privileged=true)');
  });
});

describe('PodSecurity: workload templates are warned about, never refused', () => {
  it('creates a Deployment with a warning; its ReplicaSet cannot create the Pods', () => {
    const sim = cluster();
    ok(namespace(sim, 'demo', { 'pod-security.kubernetes.io/enforce': 'restricted' }));
    const deploy = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } } },
    } as KObject;
    const res = createIn(sim, 'demo', deploy, 'deployments');
    // Warn follows an explicit enforce level that is stricter than the default.
    expect(res.ok && res.warnings).toEqual([`would violate PodSecurity "restricted:latest": ${RESTRICTED_NGINX}`]);
    sim.advance(5000);
    const rs = sim.request({ verb: 'list', resource: 'replicasets', namespace: 'demo' });
    const set = (rs.ok ? rs.items ?? [] : [])[0] as ReplicaSet;
    expect(set.status?.replicas ?? 0).toBe(0);
    expect(set.status?.conditions?.[0]).toMatchObject({ type: 'ReplicaFailure', status: 'True', reason: 'FailedCreate' });
    expect(set.status?.conditions?.[0]?.message).toMatch(new RegExp(`^pods "web-[0-9a-f]+-[0-9a-z]{5}" is forbidden: violates PodSecurity "restricted:latest": `));
    const events = sim.request({ verb: 'list', resource: 'events', namespace: 'demo' });
    const failed = (events.ok ? events.items ?? [] : []).filter((e) => (e as unknown as { reason: string }).reason === 'FailedCreate');
    expect(failed.length).toBeGreaterThan(0);
    expect((failed[0] as unknown as { message: string }).message).toMatch(/^Error creating: pods "web-[0-9a-f]+-[0-9a-z]{5}" is forbidden: violates PodSecurity "restricted:latest": allowPrivilegeEscalation != false/);
  });

  it('reads each controller kind\'s template', () => {
    const sim = cluster();
    ok(namespace(sim, 'w', { 'pod-security.kubernetes.io/warn': 'baseline' }));
    const spec = { containers: [{ name: 'c', image: 'busybox', securityContext: { privileged: true } }], restartPolicy: 'OnFailure' };
    const template = { metadata: { labels: { app: 'x' } }, spec };
    const warning = 'would violate PodSecurity "baseline:latest": privileged (container "c" must not set securityContext.privileged=true)';
    const job = { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j' }, spec: { template } } as KObject;
    const cron = { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'cj' }, spec: { schedule: '* * * * *', jobTemplate: { spec: { template } } } } as KObject;
    const podTemplate = { apiVersion: 'v1', kind: 'PodTemplate', metadata: { name: 'pt' }, template } as KObject;
    for (const [resource, body] of [['jobs', job], ['cronjobs', cron], ['podtemplates', podTemplate]] as const) {
      const res = createIn(sim, 'w', body, resource);
      expect(res.ok && res.warnings, resource).toEqual([warning]);
    }
  });
});

describe('PodSecurity: namespace labels', () => {
  it('refuses a namespace whose labels do not parse, with upstream\'s field errors', () => {
    const sim = cluster();
    expect(failure(namespace(sim, 'bad', { 'pod-security.kubernetes.io/enforce': 'strict', 'pod-security.kubernetes.io/warn-version': '1.36' })).message).toBe(
      'Namespace "bad" is invalid: [metadata.labels[pod-security.kubernetes.io/enforce]: Invalid value: "strict": must be one of privileged, baseline, restricted, ' +
        'metadata.labels[pod-security.kubernetes.io/warn-version]: Invalid value: "1.36": must be "latest" or "v1.x"]',
    );
    ok(namespace(sim, 'good'));
    expect(failure(label(sim, 'good', { 'pod-security.kubernetes.io/audit': 'everything' })).message).toBe(
      'Namespace "good" is invalid: metadata.labels[pod-security.kubernetes.io/audit]: Invalid value: "everything": must be one of privileged, baseline, restricted',
    );
  });

  it('warns about existing Pods when the enforce level rises, grouping Pods that fail alike', () => {
    const sim = cluster();
    ok(namespace(sim, 'd'));
    for (const name of ['c', 'a', 'b']) ok(createIn(sim, 'd', nginx(name)));
    ok(createIn(sim, 'd', nginx('priv', { containers: [{ name: 'nginx', image: 'nginx', securityContext: { privileged: true } }] })));
    const raised = label(sim, 'd', { 'pod-security.kubernetes.io/enforce': 'restricted' });
    expect(raised.ok && raised.warnings).toEqual([
      'existing pods in namespace "d" violate the new PodSecurity enforce level "restricted:latest"',
      'a (and 2 other pods): allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile',
      'priv: privileged, allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile',
    ]);
    // Relaxing at the same version checks nothing; neither does privileged.
    const relaxed = label(sim, 'd', { 'pod-security.kubernetes.io/enforce': 'baseline' });
    expect(relaxed.ok && relaxed.warnings).toBeUndefined();
    const pinned = label(sim, 'd', { 'pod-security.kubernetes.io/enforce-version': 'v1.30' });
    expect(pinned.ok && pinned.warnings).toEqual(['existing pods in namespace "d" violate the new PodSecurity enforce level "baseline:v1.30"', 'priv: privileged']);
  });

  it('checks on a server-side dry run and changes nothing', () => {
    const sim = cluster();
    ok(namespace(sim, 'd'));
    ok(createIn(sim, 'd', nginx('priv', { containers: [{ name: 'nginx', image: 'nginx', securityContext: { privileged: true } }] })));
    const res = label(sim, 'd', { 'pod-security.kubernetes.io/enforce': 'baseline' }, true);
    expect(res.ok && res.warnings).toEqual(['existing pods in namespace "d" violate the new PodSecurity enforce level "baseline:latest"', 'priv: privileged']);
    const ns = ok(sim.request({ verb: 'get', resource: 'namespaces', name: 'd' }));
    expect(ns.metadata.labels?.['pod-security.kubernetes.io/enforce']).toBeUndefined();
  });

  it('finds the static Pods of kube-system in breach of baseline', () => {
    const sim = cluster();
    const res = label(sim, 'kube-system', { 'pod-security.kubernetes.io/enforce': 'baseline' }, true);
    const warnings = res.ok ? res.warnings ?? [] : [];
    expect(warnings[0]).toBe('existing pods in namespace "kube-system" violate the new PodSecurity enforce level "baseline:latest"');
    expect(warnings.some((w) => /^etcd-[a-z0-9-]+ \(and \d+ other pods\): host namespaces, hostPath volumes, probe or lifecycle host$/.test(w))).toBe(true);
  });
});

describe('PodSecurity: audit annotations', () => {
  it('records the enforced policy and the audit level\'s violations on the request\'s event', () => {
    const sim = cluster();
    ok(namespace(sim, 'example', { 'pod-security.kubernetes.io/enforce': 'baseline', 'pod-security.kubernetes.io/audit': 'restricted' }));
    ok(createIn(sim, 'example', nginx()));
    const [line] = sim.auditLog({ verb: 'create', tail: 1 });
    const ev = JSON.parse(line!) as { annotations: Record<string, string> };
    expect(Object.keys(ev.annotations)).toEqual([
      'authorization.k8s.io/decision',
      'authorization.k8s.io/reason',
      'pod-security.kubernetes.io/audit-violations',
      'pod-security.kubernetes.io/enforce-policy',
    ]);
    expect(ev.annotations['pod-security.kubernetes.io/enforce-policy']).toBe('baseline:latest');
    expect(ev.annotations['pod-security.kubernetes.io/audit-violations']).toBe(`would violate PodSecurity "restricted:latest": ${RESTRICTED_NGINX}`);
  });

  it('records privileged:latest for a Pod in an unlabelled namespace', () => {
    const sim = cluster();
    ok(createIn(sim, 'default', nginx()));
    const [line] = sim.auditLog({ verb: 'create', tail: 1 });
    expect((JSON.parse(line!) as { annotations: Record<string, string> }).annotations['pod-security.kubernetes.io/enforce-policy']).toBe('privileged:latest');
  });
});

describe('PodSecurity: metrics', () => {
  it('counts evaluations by decision, level, version and mode on the apiserver that decided', () => {
    const sim = cluster();
    ok(namespace(sim, 'm', { 'pod-security.kubernetes.io/enforce': 'baseline', 'pod-security.kubernetes.io/warn': 'restricted', 'pod-security.kubernetes.io/warn-version': 'v1.40' }));
    ok(createIn(sim, 'm', nginx()));
    failure(createIn(sim, 'm', nginx('priv', { containers: [{ name: 'nginx', image: 'nginx', securityContext: { privileged: true } }] })));
    const res = sim.rawRequest('/metrics', 'kubernetes-admin');
    const text = res.ok ? res.body : '';
    const lines = text.split('\n').filter((l) => l.startsWith('pod_security_evaluations_total{decision="deny"') || l.startsWith('pod_security_evaluations_total{decision="allow",mode="enforce",policy_level="baseline"'));
    expect(lines).toEqual([
      'pod_security_evaluations_total{decision="allow",mode="enforce",policy_level="baseline",policy_version="latest",request_operation="create",resource="pod",subresource=""} 1',
      'pod_security_evaluations_total{decision="deny",mode="enforce",policy_level="baseline",policy_version="latest",request_operation="create",resource="pod",subresource=""} 1',
      'pod_security_evaluations_total{decision="deny",mode="warn",policy_level="restricted",policy_version="future",request_operation="create",resource="pod",subresource=""} 1',
    ]);
  });
});
