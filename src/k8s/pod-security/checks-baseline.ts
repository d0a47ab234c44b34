/**
 * The Baseline checks of the Pod Security Standards, one function per upstream check version
 * (k8s.io/pod-security-admission/policy/check_*.go at v0.36.2): each forbiddenReason and
 * forbiddenDetail is upstream's, word for word.
 */
import { goQuote } from '../go-quote';
import { inUserNamespace, joinQuote, pluralize, sortedSet, visitContainers, type HandlerView, type PodMetaView, type PodSpecView, type SELinuxOptionsView } from './view';

export type CheckResult = { allowed: true } | { allowed: false; reason: string; detail: string };

export type CheckPod = (meta: PodMetaView, spec: PodSpecView) => CheckResult;

export const ALLOWED: CheckResult = { allowed: true };

export function forbid(reason: string, detail: string): CheckResult {
  return { allowed: false, reason, detail };
}

/** `container "a"`, `containers "a", "b"`. */
export function containersPhrase(names: readonly string[]): string {
  return `${pluralize('container', 'containers', names.length)} ${joinQuote(names)}`;
}

const APPARMOR_ANNOTATION_PREFIX = 'container.apparmor.security.beta.kubernetes.io/';

export const appArmorProfile_1_0: CheckPod = (meta, spec) => {
  const allowedType = (t: string | undefined): boolean => t === 'RuntimeDefault' || t === 'Localhost';
  const setters: string[] = [];
  const badValues: string[] = [];
  const podProfile = spec.securityContext?.appArmorProfile;
  if (podProfile && !allowedType(podProfile.type)) {
    setters.push('pod');
    badValues.push(podProfile.type ?? '');
  }
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    const p = c.securityContext?.appArmorProfile;
    if (p && !allowedType(p.type)) {
      bad.push(c.name);
      badValues.push(p.type ?? '');
    }
  });
  if (bad.length) setters.push(containersPhrase(bad));
  const annotations: string[] = [];
  for (const [k, v] of Object.entries(meta.annotations ?? {})) {
    if (k.startsWith(APPARMOR_ANNOTATION_PREFIX) && !(v === '' || v === 'runtime/default' || v.startsWith('localhost/'))) annotations.push(`${k}=${goQuote(v)}`);
  }
  const values = sortedSet(badValues);
  if (annotations.length) {
    values.push(...sortedSet(annotations));
    setters.push(pluralize('annotation', 'annotations', annotations.length));
  }
  if (!setters.length) return ALLOWED;
  return forbid(pluralize('forbidden AppArmor profile', 'forbidden AppArmor profiles', values.length), `${setters.join(' and ')} must not set AppArmor profile type to ${joinQuote(values)}`);
};

const DEFAULT_CAPABILITIES = new Set(['AUDIT_WRITE', 'CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'FSETID', 'KILL', 'MKNOD', 'NET_BIND_SERVICE', 'SETFCAP', 'SETGID', 'SETPCAP', 'SETUID', 'SYS_CHROOT']);

export const capabilitiesBaseline_1_0: CheckPod = (_meta, spec) => {
  const bad: string[] = [];
  const caps: string[] = [];
  visitContainers(spec, (c) => {
    const extra = (c.securityContext?.capabilities?.add ?? []).filter((x) => !DEFAULT_CAPABILITIES.has(x));
    if (extra.length) {
      bad.push(c.name);
      caps.push(...extra);
    }
  });
  if (!bad.length) return ALLOWED;
  return forbid('non-default capabilities', `${containersPhrase(bad)} must not include ${joinQuote(sortedSet(caps))} in securityContext.capabilities.add`);
};

export const hostNamespaces_1_0: CheckPod = (_meta, spec) => {
  const set: string[] = [];
  if (spec.hostNetwork) set.push('hostNetwork=true');
  if (spec.hostPID) set.push('hostPID=true');
  if (spec.hostIPC) set.push('hostIPC=true');
  return set.length ? forbid('host namespaces', set.join(', ')) : ALLOWED;
};

export const hostPathVolumes_1_0: CheckPod = (_meta, spec) => {
  const names = (spec.volumes ?? []).filter((v) => v.hostPath != null).map((v) => v.name);
  return names.length ? forbid('hostPath volumes', `${pluralize('volume', 'volumes', names.length)} ${joinQuote(names)}`) : ALLOWED;
};

export const hostPorts_1_0: CheckPod = (_meta, spec) => {
  const bad: string[] = [];
  const ports: string[] = [];
  visitContainers(spec, (c) => {
    const used = (c.ports ?? []).filter((p) => (p.hostPort ?? 0) !== 0).map((p) => String(p.hostPort));
    if (used.length) {
      bad.push(c.name);
      ports.push(...used);
    }
  });
  if (!bad.length) return ALLOWED;
  const distinct = sortedSet(ports);
  return forbid('hostPort', `${containersPhrase(bad)} ${pluralize('uses', 'use', bad.length)} ${pluralize('hostPort', 'hostPorts', distinct.length)} ${distinct.join(', ')}`);
};

function handlerHosts(h: HandlerView | null | undefined): string[] {
  if (!h) return [];
  const out: string[] = [];
  if (h.httpGet && h.httpGet.host) out.push(h.httpGet.host);
  if (h.tcpSocket && h.tcpSocket.host) out.push(h.tcpSocket.host);
  return out;
}

export const hostProbesAndHostLifecycle_1_34: CheckPod = (_meta, spec) => {
  const bad: string[] = [];
  const hosts: string[] = [];
  visitContainers(spec, (c) => {
    const found = [c.livenessProbe, c.readinessProbe, c.startupProbe, c.lifecycle?.postStart, c.lifecycle?.preStop].flatMap(handlerHosts);
    if (found.length) {
      bad.push(c.name);
      hosts.push(...found);
    }
  });
  if (!bad.length) return ALLOWED;
  // This check's container list is a set, sorted (the others keep the pod's order).
  const names = sortedSet(bad);
  const distinct = sortedSet(hosts);
  return forbid(
    'probe or lifecycle host',
    `${pluralize('container', 'containers', names.length)} ${joinQuote(names)} ${pluralize('uses', 'use', names.length)} ${pluralize('probe or lifecycle host', 'probe or lifecycle hosts', distinct.length)} ${joinQuote(distinct)}`,
  );
};

export const privileged_1_0: CheckPod = (_meta, spec) => {
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    if (c.securityContext?.privileged === true) bad.push(c.name);
  });
  return bad.length ? forbid('privileged', `${containersPhrase(bad)} must not set securityContext.privileged=true`) : ALLOWED;
};

export const procMount_1_0: CheckPod = (_meta, spec) => {
  const bad: string[] = [];
  const types: string[] = [];
  visitContainers(spec, (c) => {
    const pm = c.securityContext?.procMount;
    if (pm != null && pm !== 'Default') {
      bad.push(c.name);
      types.push(pm);
    }
  });
  return bad.length ? forbid('procMount', `${containersPhrase(bad)} must not set securityContext.procMount to ${joinQuote(sortedSet(types))}`) : ALLOWED;
};

export const procMount_1_35: CheckPod = (meta, spec) => (inUserNamespace(spec) ? ALLOWED : procMount_1_0(meta, spec));

function seLinuxOptions(allowedTypes: ReadonlySet<string>): CheckPod {
  return (_meta, spec) => {
    const badTypes: string[] = [];
    let setUser = false;
    let setRole = false;
    const valid = (o: SELinuxOptionsView): boolean => {
      let ok = true;
      if (!allowedTypes.has(o.type ?? '')) {
        ok = false;
        badTypes.push(o.type ?? '');
      }
      if (o.user) {
        ok = false;
        setUser = true;
      }
      if (o.role) {
        ok = false;
        setRole = true;
      }
      return ok;
    };
    const setters: string[] = [];
    const podOpts = spec.securityContext?.seLinuxOptions;
    if (podOpts && !valid(podOpts)) setters.push('pod');
    const bad: string[] = [];
    visitContainers(spec, (c) => {
      const o = c.securityContext?.seLinuxOptions;
      if (o && !valid(o)) bad.push(c.name);
    });
    if (bad.length) setters.push(containersPhrase(bad));
    if (!setters.length) return ALLOWED;
    const data: string[] = [];
    const types = sortedSet(badTypes);
    if (types.length) data.push(`${pluralize('type', 'types', types.length)} ${joinQuote(types)}`);
    if (setUser) data.push('user may not be set');
    if (setRole) data.push('role may not be set');
    return forbid('seLinuxOptions', `${setters.join(' and ')} set forbidden securityContext.seLinuxOptions: ${data.join('; ')}`);
  };
}

export const seLinuxOptions_1_0 = seLinuxOptions(new Set(['', 'container_t', 'container_init_t', 'container_kvm_t']));
export const seLinuxOptions_1_31 = seLinuxOptions(new Set(['', 'container_t', 'container_init_t', 'container_kvm_t', 'container_engine_t']));

export function validSeccomp(t: string | undefined): boolean {
  return t === 'Localhost' || t === 'RuntimeDefault';
}

const SECCOMP_POD_ANNOTATION = 'seccomp.security.alpha.kubernetes.io/pod';
const SECCOMP_CONTAINER_PREFIX = 'container.seccomp.security.alpha.kubernetes.io/';

/** Policy versions before v1.19 read the seccomp annotations that preceded the field. */
export const seccompProfileBaseline_1_0: CheckPod = (meta, spec) => {
  const validValue = (v: string): boolean => v === 'runtime/default' || v === 'docker/default' || v.startsWith('localhost/');
  const annotations = meta.annotations ?? {};
  const bad: string[] = [];
  const podValue = Object.prototype.hasOwnProperty.call(annotations, SECCOMP_POD_ANNOTATION) ? annotations[SECCOMP_POD_ANNOTATION] : undefined;
  if (podValue !== undefined && !validValue(podValue)) bad.push(`${SECCOMP_POD_ANNOTATION}=${goQuote(podValue)}`);
  visitContainers(spec, (c) => {
    const key = SECCOMP_CONTAINER_PREFIX + c.name;
    const v = Object.prototype.hasOwnProperty.call(annotations, key) ? annotations[key] : undefined;
    if (v !== undefined && !validValue(v)) bad.push(`${key}=${goQuote(v)}`);
  });
  const list = sortedSet(bad);
  return list.length ? forbid('seccompProfile', `forbidden ${pluralize('annotation', 'annotations', list.length)} ${list.join(', ')}`) : ALLOWED;
};

export const seccompProfileBaseline_1_19: CheckPod = (_meta, spec) => {
  const setters: string[] = [];
  const values: string[] = [];
  const podProfile = spec.securityContext?.seccompProfile;
  if (podProfile && !validSeccomp(podProfile.type)) {
    setters.push('pod');
    values.push(podProfile.type ?? '');
  }
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    const p = c.securityContext?.seccompProfile;
    if (p && !validSeccomp(p.type)) {
      bad.push(c.name);
      values.push(p.type ?? '');
    }
  });
  if (bad.length) setters.push(containersPhrase(bad));
  if (!setters.length) return ALLOWED;
  return forbid('seccompProfile', `${setters.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedSet(values))}`);
};

const SYSCTLS_1_0 = ['kernel.shm_rmid_forced', 'net.ipv4.ip_local_port_range', 'net.ipv4.tcp_syncookies', 'net.ipv4.ping_group_range', 'net.ipv4.ip_unprivileged_port_start'];
const SYSCTLS_1_27 = [...SYSCTLS_1_0, 'net.ipv4.ip_local_reserved_ports'];
const SYSCTLS_1_29 = [...SYSCTLS_1_27, 'net.ipv4.tcp_keepalive_time', 'net.ipv4.tcp_fin_timeout', 'net.ipv4.tcp_keepalive_intvl', 'net.ipv4.tcp_keepalive_probes'];
const SYSCTLS_1_32 = [...SYSCTLS_1_29, 'net.ipv4.tcp_rmem', 'net.ipv4.tcp_wmem'];

function sysctls(allowed: readonly string[]): CheckPod {
  const set = new Set(allowed);
  return (_meta, spec) => {
    const bad = (spec.securityContext?.sysctls ?? []).map((s) => s.name).filter((n) => !set.has(n));
    return bad.length ? forbid('forbidden sysctls', bad.join(', ')) : ALLOWED;
  };
}

export const sysctls_1_0 = sysctls(SYSCTLS_1_0);
export const sysctls_1_27 = sysctls(SYSCTLS_1_27);
export const sysctls_1_29 = sysctls(SYSCTLS_1_29);
export const sysctls_1_32 = sysctls(SYSCTLS_1_32);

export const windowsHostProcess_1_0: CheckPod = (_meta, spec) => {
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    if (c.securityContext?.windowsOptions?.hostProcess === true) bad.push(c.name);
  });
  const setters: string[] = [];
  if (spec.securityContext?.windowsOptions?.hostProcess === true) setters.push('pod');
  if (bad.length) setters.push(containersPhrase(bad));
  return setters.length ? forbid('hostProcess', `${setters.join(' and ')} must not set securityContext.windowsOptions.hostProcess=true`) : ALLOWED;
};
