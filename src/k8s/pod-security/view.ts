/**
 * The parts of a Pod (or pod template) the Pod Security checks read, typed as the v1 API has
 * them, and the helpers every check shares (policy/visitor.go and policy/helpers.go). The
 * shared types keep securityContext loose; this is the one place it is narrowed.
 */
import type { PodSpec } from '../types';

export interface SeccompProfileView {
  type?: string;
}

export interface SecurityContextView {
  allowPrivilegeEscalation?: boolean | null;
  privileged?: boolean | null;
  capabilities?: { add?: string[] | null; drop?: string[] | null } | null;
  runAsNonRoot?: boolean | null;
  runAsUser?: number | null;
  seccompProfile?: SeccompProfileView | null;
  seLinuxOptions?: SELinuxOptionsView | null;
  appArmorProfile?: { type?: string } | null;
  procMount?: string | null;
  windowsOptions?: { hostProcess?: boolean | null } | null;
}

export interface PodSecurityContextView {
  runAsNonRoot?: boolean | null;
  runAsUser?: number | null;
  seccompProfile?: SeccompProfileView | null;
  seLinuxOptions?: SELinuxOptionsView | null;
  appArmorProfile?: { type?: string } | null;
  windowsOptions?: { hostProcess?: boolean | null } | null;
  sysctls?: { name: string; value?: string }[] | null;
}

export interface SELinuxOptionsView {
  user?: string;
  role?: string;
  type?: string;
  level?: string;
}

export interface HandlerView {
  httpGet?: { host?: string } | null;
  tcpSocket?: { host?: string } | null;
}

export interface ContainerView {
  name: string;
  ports?: { hostPort?: number }[] | null;
  livenessProbe?: HandlerView | null;
  readinessProbe?: HandlerView | null;
  startupProbe?: HandlerView | null;
  lifecycle?: { postStart?: HandlerView | null; preStop?: HandlerView | null } | null;
  securityContext?: SecurityContextView | null;
}

export interface PodSpecView {
  containers?: ContainerView[] | null;
  initContainers?: ContainerView[] | null;
  ephemeralContainers?: ContainerView[] | null;
  volumes?: ({ name: string } & Record<string, unknown>)[] | null;
  securityContext?: PodSecurityContextView | null;
  hostNetwork?: boolean;
  hostPID?: boolean;
  hostIPC?: boolean;
  hostUsers?: boolean | null;
  os?: { name?: string } | null;
  runtimeClassName?: string | null;
}

export interface PodMetaView {
  annotations?: Readonly<Record<string, string>>;
}

/** The one narrowing of the shared PodSpec type to what the checks read. */
export function specView(spec: PodSpec): PodSpecView {
  return spec as unknown as PodSpecView;
}

/** visitContainers: init containers, then containers, then ephemeral containers. */
export function visitContainers(spec: PodSpecView, visit: (c: ContainerView) => void): void {
  for (const c of spec.initContainers ?? []) visit(c);
  for (const c of spec.containers ?? []) visit(c);
  for (const c of spec.ephemeralContainers ?? []) visit(c);
}

/** joinQuote: `"a", "b"` (no escaping, as upstream). */
export function joinQuote(items: readonly string[]): string {
  return items.length === 0 ? '' : `"${items.join('", "')}"`;
}

export function pluralize(singular: string, plural: string, count: number): string {
  return count === 1 ? singular : plural;
}

/** sets.String's List(): the distinct members in byte order. */
export function sortedSet(items: Iterable<string>): string[] {
  return [...new Set(items)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** relaxPolicyForUserNamespacePod: hostUsers explicitly false. */
export function inUserNamespace(spec: PodSpecView): boolean {
  return spec.hostUsers === false;
}

export function isWindows(spec: PodSpecView): boolean {
  return spec.os?.name === 'windows';
}
