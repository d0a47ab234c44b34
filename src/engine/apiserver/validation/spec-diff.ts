/**
 * The diff kube-apiserver appends to "may not change fields" errors. Upstream prints
 * go-cmp's cmp.Diff(old, new) of the internal Go structs; this renders the same shape — Go
 * field names, nested `{ ... }` blocks down to the changed leaf, `-`/`+` lines, and
 * `... // N identical fields` for the rest. It approximates go-cmp's reporter (which also
 * prints some unchanged context), not a port of it.
 */
import { own } from '../../../k8s/own';

const GO_NAMES: Record<string, string> = { nodeName: 'NodeName', dnsPolicy: 'DNSPolicy', dnsConfig: 'DNSConfig', os: 'OS', hostPID: 'HostPID', hostIPC: 'HostIPC', hostIP: 'HostIP', podIP: 'PodIP' };
const ELEMENT_TYPES: Record<string, string> = {
  containers: 'core.Container',
  initContainers: 'core.Container',
  ports: 'core.ContainerPort',
  volumes: 'core.Volume',
  volumeMounts: 'core.VolumeMount',
  env: 'core.EnvVar',
  tolerations: 'core.Toleration',
  accessModes: 'core.PersistentVolumeAccessMode',
};

function goField(name: string): string {
  return (own(GO_NAMES, name) as string | undefined) ?? name.charAt(0).toUpperCase() + name.slice(1);
}

function goValue(v: unknown): string {
  if (v === undefined || v === null) return 'nil';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `{${v.map(goValue).join(', ')}}`;
  const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
  return `{${entries.map(([k, x]) => `${goField(k)}: ${goValue(x)}`).join(', ')}}`;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function identical(n: number, what: string, indent: string, out: string[]): void {
  if (n) out.push(`  ${indent}... // ${n} identical ${what}${n === 1 ? '' : 's'}`);
}

function diffFields(order: readonly string[], a: Record<string, unknown>, b: Record<string, unknown>, indent: string, out: string[]): void {
  const fields = [...order, ...Object.keys({ ...a, ...b }).filter((k) => !order.includes(k))];
  let run = 0;
  for (const f of fields) {
    if (same(own(a, f), own(b, f))) {
      run++;
      continue;
    }
    identical(run, 'field', indent, out);
    run = 0;
    diffValue(goField(f), f, own(a, f), own(b, f), indent, out);
  }
  identical(run, 'field', indent, out);
}

function diffValue(label: string, key: string, a: unknown, b: unknown, indent: string, out: string[]): void {
  const head = label ? `${label}: ` : '';
  if (isRecord(a) && isRecord(b)) {
    out.push(`  ${indent}${head}{`);
    diffFields(Object.keys(a), a, b, `${indent}\t`, out);
    out.push(`  ${indent}},`);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    out.push(`  ${indent}${head}[]${(own(ELEMENT_TYPES, key) as string | undefined) ?? 'interface {}'}{`);
    let run = 0;
    a.forEach((x, i) => {
      if (same(x, b[i])) {
        run++;
        return;
      }
      identical(run, 'element', `${indent}\t`, out);
      run = 0;
      diffValue('', '', x, b[i], `${indent}\t`, out);
    });
    identical(run, 'element', `${indent}\t`, out);
    out.push(`  ${indent}},`);
    return;
  }
  out.push(`- ${indent}${head}${goValue(a)},`);
  out.push(`+ ${indent}${head}${goValue(b)},`);
}

/** `typeName` is the internal struct (`core.PodSpec`); `order` its fields in declaration order. */
export function specDiff(typeName: string, order: readonly string[], oldSpec: Record<string, unknown>, newSpec: Record<string, unknown>): string {
  const out = [`  ${typeName}{`];
  diffFields(order, oldSpec, newSpec, '\t', out);
  out.push('  }');
  return out.join('\n');
}

/** core.PodSpec's field order. */
export const POD_SPEC_FIELDS = [
  'volumes',
  'initContainers',
  'containers',
  'ephemeralContainers',
  'restartPolicy',
  'terminationGracePeriodSeconds',
  'activeDeadlineSeconds',
  'dnsPolicy',
  'nodeSelector',
  'serviceAccountName',
  'automountServiceAccountToken',
  'nodeName',
  'securityContext',
  'imagePullSecrets',
  'hostname',
  'subdomain',
  'setHostnameAsFQDN',
  'affinity',
  'schedulerName',
  'tolerations',
  'hostAliases',
  'priorityClassName',
  'priority',
  'preemptionPolicy',
  'dnsConfig',
  'readinessGates',
  'runtimeClassName',
  'overhead',
  'enableServiceLinks',
  'topologySpreadConstraints',
  'os',
  'schedulingGates',
  'resourceClaims',
  'resources',
];
