/**
 * The checks' reasons and details, with upstream's own test cases (k8s.io/pod-security-admission
 * policy/check_*_test.go at v0.36.2) where they exist, and the label parsing of api/helpers.go.
 */
import { describe, expect, it } from 'vitest';
import { LATEST, majorMinor, policyToEvaluate, type Policy } from './api';
import { aggregate, evaluatePod, forbiddenDetail, forbiddenReason } from './registry';
import { appArmorProfile_1_0, hostProbesAndHostLifecycle_1_34, procMount_1_35, seccompProfileBaseline_1_0, seLinuxOptions_1_31, sysctls_1_32, windowsHostProcess_1_0, type CheckResult } from './checks-baseline';
import type { PodSpecView } from './view';

const PRIVILEGED: Policy = { enforce: { level: 'privileged', version: LATEST }, audit: { level: 'privileged', version: LATEST }, warn: { level: 'privileged', version: LATEST } };

const denied = (r: CheckResult): { reason: string; detail: string } => {
  if (r.allowed) throw new Error('expected a violation');
  return { reason: r.reason, detail: r.detail };
};

describe('pod-security-admission checks', () => {
  it('appArmorProfile: the field on pod and containers, and the deprecated annotations', () => {
    expect(denied(appArmorProfile_1_0({}, { securityContext: { appArmorProfile: { type: 'Unconfined' } } }))).toEqual({ reason: 'forbidden AppArmor profile', detail: 'pod must not set AppArmor profile type to "Unconfined"' });
    expect(
      denied(appArmorProfile_1_0({}, { securityContext: { appArmorProfile: { type: 'RuntimeDefault' } }, containers: [{ name: 'foo' }], initContainers: [{ name: 'bar', securityContext: { appArmorProfile: { type: 'Unconfined' } } }] })),
    ).toEqual({ reason: 'forbidden AppArmor profile', detail: 'container "bar" must not set AppArmor profile type to "Unconfined"' });
    const annotations = {
      'container.apparmor.security.beta.kubernetes.io/': 'bogus',
      'container.apparmor.security.beta.kubernetes.io/a': '',
      'container.apparmor.security.beta.kubernetes.io/b': 'runtime/default',
      'container.apparmor.security.beta.kubernetes.io/c': 'localhost/',
      'container.apparmor.security.beta.kubernetes.io/d': 'localhost/foo',
      'container.apparmor.security.beta.kubernetes.io/e': 'unconfined',
      'container.apparmor.security.beta.kubernetes.io/f': 'unknown',
    };
    expect(denied(appArmorProfile_1_0({ annotations }, {}))).toEqual({
      reason: 'forbidden AppArmor profiles',
      detail:
        'annotations must not set AppArmor profile type to "container.apparmor.security.beta.kubernetes.io/="bogus"", ' +
        '"container.apparmor.security.beta.kubernetes.io/e="unconfined"", "container.apparmor.security.beta.kubernetes.io/f="unknown""',
    });
    expect(appArmorProfile_1_0({ annotations: { 'container.apparmor.security.beta.kubernetes.io/test': 'runtime/default', env: 'prod' } }, {}).allowed).toBe(true);
  });

  it('seLinuxOptions (v1.31): types, user and role, on pod and containers', () => {
    const spec: PodSpecView = {
      securityContext: { seLinuxOptions: { type: 'foo', user: 'bar', role: 'baz' } },
      containers: [
        { name: 'a', securityContext: { seLinuxOptions: { type: 'container_t' } } },
        { name: 'b', securityContext: { seLinuxOptions: { type: 'container_init_t' } } },
        { name: 'c', securityContext: { seLinuxOptions: { type: 'container_kvm_t' } } },
        { name: 'd', securityContext: { seLinuxOptions: { type: 'container_engine_t' } } },
        { name: 'e', securityContext: { seLinuxOptions: { type: 'bar' } } },
        { name: 'f', securityContext: { seLinuxOptions: { user: 'bar' } } },
        { name: 'g', securityContext: { seLinuxOptions: { role: 'baz' } } },
      ],
    };
    expect(denied(seLinuxOptions_1_31({}, spec))).toEqual({
      reason: 'seLinuxOptions',
      detail: 'pod and containers "e", "f", "g" set forbidden securityContext.seLinuxOptions: types "bar", "foo"; user may not be set; role may not be set',
    });
    expect(denied(seLinuxOptions_1_31({}, { securityContext: { seLinuxOptions: { role: 'x' } } })).detail).toBe('pod set forbidden securityContext.seLinuxOptions: role may not be set');
  });

  it('hostProbesAndHostLifecycle: sorted containers and hosts', () => {
    const spec: PodSpecView = {
      containers: [
        { name: 'invalid2', livenessProbe: { httpGet: { host: 'b.com' } } },
        { name: 'invalid1', readinessProbe: { tcpSocket: { host: 'a.com' } }, lifecycle: { preStop: { httpGet: { host: 'b.com' } } } },
        { name: 'ok', startupProbe: { httpGet: { host: '' } } },
      ],
    };
    expect(denied(hostProbesAndHostLifecycle_1_34({}, spec))).toEqual({ reason: 'probe or lifecycle host', detail: 'containers "invalid1", "invalid2" use probe or lifecycle hosts "a.com", "b.com"' });
  });

  it('seccompProfile before v1.19 reads the alpha annotations', () => {
    const annotations = {
      'seccomp.security.alpha.kubernetes.io/pod': 'unconfined',
      'container.seccomp.security.alpha.kubernetes.io/a': 'unconfined',
      'container.seccomp.security.alpha.kubernetes.io/b': 'unknown',
      'container.seccomp.security.alpha.kubernetes.io/c': 'runtime/default',
    };
    const spec: PodSpecView = { containers: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] };
    expect(denied(seccompProfileBaseline_1_0({ annotations }, spec)).detail).toBe(
      'forbidden annotations container.seccomp.security.alpha.kubernetes.io/a="unconfined", container.seccomp.security.alpha.kubernetes.io/b="unknown", seccomp.security.alpha.kubernetes.io/pod="unconfined"',
    );
  });

  it('sysctls, procMount, hostProcess', () => {
    expect(denied(sysctls_1_32({}, { securityContext: { sysctls: [{ name: 'a' }, { name: 'net.ipv4.tcp_rmem' }, { name: 'b' }] } }))).toEqual({ reason: 'forbidden sysctls', detail: 'a, b' });
    const proc: PodSpecView = { containers: [{ name: 'c', securityContext: { procMount: 'Default' } }, { name: 'd', securityContext: { procMount: 'Unmasked' } }, { name: 'e', securityContext: { procMount: 'other' } }] };
    expect(denied(procMount_1_35({}, proc))).toEqual({ reason: 'procMount', detail: 'containers "d", "e" must not set securityContext.procMount to "Unmasked", "other"' });
    expect(procMount_1_35({}, { ...proc, hostUsers: false }).allowed).toBe(true);
    const windows: PodSpecView = { securityContext: { windowsOptions: { hostProcess: true } }, containers: [{ name: 'd', securityContext: { windowsOptions: { hostProcess: false } } }, { name: 'e', securityContext: { windowsOptions: { hostProcess: true } } }, { name: 'f', securityContext: { windowsOptions: { hostProcess: true } } }] };
    expect(denied(windowsHostProcess_1_0({}, windows))).toEqual({ reason: 'hostProcess', detail: 'pod and containers "e", "f" must not set securityContext.windowsOptions.hostProcess=true' });
  });

  it('restricted runs baseline first, then its own, each by check ID; overridden baseline checks are skipped', () => {
    const spec: PodSpecView = { hostIPC: true, volumes: [{ name: 'v', nfs: { server: 'x', path: '/' } }], containers: [{ name: 'c', securityContext: { capabilities: { add: ['SYS_ADMIN'] } } }] };
    const r = aggregate(evaluatePod({ level: 'restricted', version: LATEST }, {}, spec));
    expect(forbiddenReason(r)).toBe('host namespaces, allowPrivilegeEscalation != false, unrestricted capabilities, restricted volume types, runAsNonRoot != true, seccompProfile');
    expect(forbiddenDetail(r)).toContain('unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]; container "c" must not include "SYS_ADMIN" in securityContext.capabilities.add)');
    expect(forbiddenDetail(r)).toContain('restricted volume types (volume "v" uses restricted volume type "nfs")');
    // At v1.21 the baseline capabilities check stands in for the restricted one.
    expect(forbiddenReason(aggregate(evaluatePod({ level: 'restricted', version: majorMinor(1, 21) }, {}, spec)))).toBe(
      'non-default capabilities, host namespaces, allowPrivilegeEscalation != false, restricted volume types, runAsNonRoot != true, seccompProfile',
    );
    expect(evaluatePod({ level: 'privileged', version: LATEST }, {}, spec)).toEqual([]);
  });
});

describe('namespace labels (api.PolicyToEvaluate)', () => {
  it('defaults warn to an explicit stricter enforce level and its version', () => {
    const { policy, errors } = policyToEvaluate({ 'pod-security.kubernetes.io/enforce': 'baseline', 'pod-security.kubernetes.io/enforce-version': 'v1.30' }, PRIVILEGED);
    expect(errors).toEqual([]);
    expect(policy.warn).toEqual({ level: 'baseline', version: majorMinor(1, 30) });
    expect(policy.audit.level).toBe('privileged');
  });

  it('reads a bad enforce level as restricted, bad audit and warn levels as privileged, a bad version as latest', () => {
    const { policy, errors } = policyToEvaluate(
      { 'pod-security.kubernetes.io/enforce': 'x', 'pod-security.kubernetes.io/audit': 'y', 'pod-security.kubernetes.io/warn': 'z', 'pod-security.kubernetes.io/enforce-version': 'v1.01' },
      PRIVILEGED,
    );
    expect(policy.enforce).toEqual({ level: 'restricted', version: LATEST });
    expect(policy.audit.level).toBe('privileged');
    expect(policy.warn.level).toBe('privileged');
    expect(errors.map((e) => `${e.label}=${e.value}: ${e.detail}`)).toEqual([
      'pod-security.kubernetes.io/enforce=x: must be one of privileged, baseline, restricted',
      'pod-security.kubernetes.io/enforce-version=v1.01: must be "latest" or "v1.x"',
      'pod-security.kubernetes.io/audit=y: must be one of privileged, baseline, restricted',
      'pod-security.kubernetes.io/warn=z: must be one of privileged, baseline, restricted',
    ]);
  });
});
