/**
 * The debugging profiles of `kubectl debug` (pkg/cmd/debug/profiles.go), each Apply's steps in
 * upstream's order, for its three styles: a node's debugging Pod (debug-node.ts), a copy of a Pod
 * (debug-copy.ts; the keep flags decide what it keeps of the original), and an ephemeral
 * container (debug.ts's patch), where only the debug container's securityContext changes.
 */
import type { Container, EphemeralContainer, Pod } from '../../k8s/types';

/** What every form of `kubectl debug` takes for the debugging container it adds or makes. */
export interface DebugContainerOptions {
  args: string[];
  argsOnly: boolean;
  container: string;
  env: { name: string; value: string }[];
  image: string;
  interactive: boolean;
  tty: boolean;
  quiet: boolean;
  pullPolicy: string;
  profile: string;
}

export type DebugStyle = 'node' | 'copy';

/** --keep-labels, --keep-annotations, --keep-liveness/readiness/startup, --keep-init-containers (default true). */
export interface KeepFlags {
  labels: boolean;
  annotations: boolean;
  liveness: boolean;
  readiness: boolean;
  startup: boolean;
  initContainers: boolean;
}

type SecurityContext = { privileged?: boolean; runAsNonRoot?: boolean; allowPrivilegeEscalation?: boolean; capabilities?: { add?: string[]; drop?: string[] }; seccompProfile?: { type: string } };

function sc(c: Container | EphemeralContainer): SecurityContext {
  return (c.securityContext ??= {}) as SecurityContext;
}

function addCapability(c: Container | EphemeralContainer, cap: string): void {
  const s = sc(c);
  s.capabilities ??= {};
  (s.capabilities.add ??= []).push(cap);
}

/** podutils.VisitContainers(AllContainers) by name: init containers first, then the others. */
function named(pod: Pod, name: string): Container | undefined {
  return [...(pod.spec.initContainers ?? []), ...pod.spec.containers].find((c) => c.name === name);
}

/** mountRootPartition: the host's `/` as the volume `host-root`, mounted at `/host` (spec.containers only). */
function mountRootPartition(pod: Pod, name: string): void {
  (pod.spec.volumes ??= []).push({ name: 'host-root', hostPath: { path: '/' } });
  const c = pod.spec.containers.find((x) => x.name === name);
  if (c) (c.volumeMounts ??= []).push({ mountPath: '/host', name: 'host-root' });
}

function useHostNamespaces(pod: Pod): void {
  pod.spec.hostNetwork = true;
  pod.spec.hostPID = true;
  pod.spec.hostIPC = true;
}

function shareProcessNamespace(pod: Pod): void {
  pod.spec.shareProcessNamespace ??= true;
}

function clearSecurityContext(c: Container | undefined): void {
  if (c) delete c.securityContext;
}

/** What a copy drops of the original unless kept (KeepFlags' Remove* methods). */
function removeKept(pod: Pod, keep: KeepFlags): void {
  if (!keep.labels) delete pod.metadata.labels;
  if (!keep.annotations) delete pod.metadata.annotations;
  for (const c of pod.spec.containers) {
    if (!keep.liveness) delete c.livenessProbe;
    if (!keep.readiness) delete c.readinessProbe;
    if (!keep.startup) delete c.startupProbe;
  }
  if (!keep.initContainers) delete pod.spec.initContainers;
}

function restrict(c: Container | EphemeralContainer | undefined): void {
  if (!c) return;
  delete c.securityContext;
  const s = sc(c);
  s.runAsNonRoot = true;
  s.capabilities = { drop: ['ALL'] };
  s.allowPrivilegeEscalation = false;
  s.seccompProfile = { type: 'RuntimeDefault' };
}

/** The profile's Apply for the node or copy style, on the container named `name`. */
export function applyProfile(profile: string, style: DebugStyle, pod: Pod, name: string, keep: KeepFlags): void {
  const c = named(pod, name);
  switch (profile) {
    case 'legacy':
      if (style === 'node') {
        mountRootPartition(pod, name);
        useHostNamespaces(pod);
      } else removeKept(pod, { ...keep, labels: false, annotations: true, liveness: true, readiness: true, startup: true, initContainers: true });
      return;
    case 'general':
      if (style === 'node') {
        mountRootPartition(pod, name);
        clearSecurityContext(c);
        useHostNamespaces(pod);
      } else {
        removeKept(pod, keep);
        if (c) addCapability(c, 'SYS_PTRACE');
        shareProcessNamespace(pod);
      }
      return;
    case 'baseline':
      clearSecurityContext(c);
      if (style === 'copy') {
        removeKept(pod, keep);
        shareProcessNamespace(pod);
      }
      return;
    case 'restricted':
      restrict(c);
      if (style === 'copy') {
        removeKept(pod, keep);
        shareProcessNamespace(pod);
      }
      return;
    case 'netadmin':
      if (c) {
        addCapability(c, 'NET_ADMIN');
        addCapability(c, 'NET_RAW');
      }
      if (style === 'node') useHostNamespaces(pod);
      else {
        removeKept(pod, keep);
        shareProcessNamespace(pod);
      }
      return;
    case 'sysadmin':
      if (c) sc(c).privileged = true;
      if (style === 'node') {
        useHostNamespaces(pod);
        mountRootPartition(pod, name);
      } else {
        removeKept(pod, keep);
        shareProcessNamespace(pod);
      }
      return;
    default:
      return;
  }
}

/** The profile's Apply for the ephemeral style: the debug container's securityContext only. */
export function applyEphemeralProfile(profile: string, ec: EphemeralContainer): void {
  switch (profile) {
    case 'general':
      addCapability(ec, 'SYS_PTRACE');
      return;
    case 'baseline':
      delete ec.securityContext;
      return;
    case 'restricted':
      restrict(ec);
      return;
    case 'netadmin':
      addCapability(ec, 'NET_ADMIN');
      addCapability(ec, 'NET_RAW');
      return;
    case 'sysadmin':
      sc(ec).privileged = true;
      return;
    default:
      return;
  }
}
