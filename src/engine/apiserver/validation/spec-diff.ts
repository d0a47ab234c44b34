/**
 * The diff kube-apiserver appends to "may not change fields" errors. Upstream prints
 * go-cmp's cmp.Diff(old, new) of the internal Go structs; this renders the same shape — Go
 * field names, nested `{ ... }` blocks down to the changed leaf, `-`/`+` lines, and
 * `... // N identical fields` for the rest. It approximates go-cmp's reporter (which also
 * prints some unchanged context), not a port of it. Fields come in the Go structs' declaration
 * order (the go-structs tables the decoder reads, k8s.io/api's declarations), never in the order a
 * request's JSON had them: the same change sent by the page's kubectl or by the real one (whose
 * bodies sort their keys) gets the same message. A struct not in the tables lists its fields
 * sorted (inferred: an order, not Go's).
 */
import { CORE_STRUCTS, fieldType, type StructSchema } from '../../../k8s/go-structs/core';
import { KIND_STRUCTS } from '../../../k8s/go-structs/kinds';
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

/** A struct of the go-structs tables by its internal name (`core.Container` → `Container`). */
function schema(type: string | undefined): StructSchema | undefined {
  if (!type) return undefined;
  const name = type.replace(/^core\./, '');
  return (own(CORE_STRUCTS, name) as StructSchema | undefined) ?? (own(KIND_STRUCTS, name) as StructSchema | undefined);
}

/** The fields of a value of `type` in Go's order: the struct's, else sorted; each key of either side once. */
function fieldOrder(type: string | undefined, a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const order = Object.keys(schema(type)?.fields ?? {});
  const rest = Object.keys({ ...a, ...b })
    .filter((k) => !order.includes(k))
    .sort();
  return [...order.filter((k) => Object.hasOwn(a, k) || Object.hasOwn(b, k)), ...rest];
}

/** The struct a field holds (each element's, for a list or map), when the tables have it. */
function childType(type: string | undefined, field: string): string | undefined {
  const spec = schema(type)?.fields[field];
  if (spec === undefined) return undefined;
  const inner = fieldType(spec).type.replace(/^(\[\]|map:)+/, '');
  return schema(inner) ? `core.${inner}` : undefined;
}

function goField(name: string): string {
  return (own(GO_NAMES, name) as string | undefined) ?? name.charAt(0).toUpperCase() + name.slice(1);
}

function goValue(v: unknown, type?: string): string {
  if (v === undefined || v === null) return 'nil';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `{${v.map((x) => goValue(x, type)).join(', ')}}`;
  const o = v as Record<string, unknown>;
  const fields = fieldOrder(type, o, o).filter((k) => o[k] !== undefined);
  return `{${fields.map((k) => `${goField(k)}: ${goValue(o[k], childType(type, k))}`).join(', ')}}`;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
/** JSON with every object's keys sorted: equal values compare equal whatever order their keys came in. */
const canonical = (v: unknown): string =>
  Array.isArray(v) ? `[${v.map(canonical).join(',')}]` : isRecord(v) ? `{${Object.keys(v).sort().filter((k) => v[k] !== undefined).map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}` : JSON.stringify(v ?? null);
const same = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

function identical(n: number, what: string, indent: string, out: string[]): void {
  if (n) out.push(`  ${indent}... // ${n} identical ${what}${n === 1 ? '' : 's'}`);
}

function diffFields(type: string | undefined, declared: readonly string[], a: Record<string, unknown>, b: Record<string, unknown>, indent: string, out: string[]): void {
  const fields = declared.length ? [...declared, ...Object.keys({ ...a, ...b }).filter((k) => !declared.includes(k)).sort()] : fieldOrder(type, a, b);
  let run = 0;
  for (const f of fields) {
    if (same(own(a, f), own(b, f))) {
      run++;
      continue;
    }
    identical(run, 'field', indent, out);
    run = 0;
    diffValue(goField(f), f, own(a, f), own(b, f), indent, out, childType(type, f));
  }
  identical(run, 'field', indent, out);
}

function diffValue(label: string, key: string, a: unknown, b: unknown, indent: string, out: string[], type?: string): void {
  const head = label ? `${label}: ` : '';
  if (isRecord(a) && isRecord(b)) {
    out.push(`  ${indent}${head}{`);
    diffFields(type, [], a, b, `${indent}\t`, out);
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
      diffValue('', '', x, b[i], `${indent}\t`, out, type);
    });
    identical(run, 'element', `${indent}\t`, out);
    out.push(`  ${indent}},`);
    return;
  }
  out.push(`- ${indent}${head}${goValue(a, type)},`);
  out.push(`+ ${indent}${head}${goValue(b, type)},`);
}

/** `typeName` is the internal struct (`core.PodSpec`); `order` its fields in declaration order. */
export function specDiff(typeName: string, order: readonly string[], oldSpec: Record<string, unknown>, newSpec: Record<string, unknown>): string {
  const out = [`  ${typeName}{`];
  diffFields(typeName, order, oldSpec, newSpec, '\t', out);
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
