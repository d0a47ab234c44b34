/**
 * The deprecated `vars` (ResAccumulator.MergeVars / ResolveVars): each var is bound, at the end
 * of the kustomization defining it, to the one resource its objref names (by any name it had);
 * once the whole build is named, `$(VAR)` in the fields of kustomize's varReference config
 * (containers' command, args, env values, volume mount paths, Ingress hosts, Service ports,
 * labels and annotations…) becomes the bound resource's field (`metadata.name` unless fieldref
 * says, `spec.ports[0].port` indexing lists). A field that is the reference alone takes the
 * value's own type, as refvar's updateNodeValue does; `$$` escapes a `$`.
 */
import { applySpecs, type FieldSpec } from './fieldspec';
import { KustomizeError, type Json, type JsonMap } from './kustomization';
import { gvkOf, isMap, nameOf, namespaceOf, type Res } from './resource';

export interface Var {
  name?: string;
  objref?: { apiVersion?: string; group?: string; version?: string; kind?: string; name?: string; namespace?: string };
  fieldref?: { fieldPath?: string };
}

export interface BoundVar {
  v: Var;
  res?: Res;
}

const inPod = (kinds: [string, string][]): FieldSpec[] =>
  kinds.flatMap(([kind, at]) =>
    ['containers', 'initContainers'].flatMap((c) => ['args', 'command', 'env/value', 'volumeMounts/mountPath'].map((f) => ({ path: `${at}/${c}/${f}`, kind }))),
  );

/** varReference (builtinpluginconsts/varreference.go). */
const VAR_REFERENCE: FieldSpec[] = [
  ...inPod([
    ['CronJob', 'spec/jobTemplate/spec/template/spec'],
    ['DaemonSet', 'spec/template/spec'],
    ['Deployment', 'spec/template/spec'],
    ['Job', 'spec/template/spec'],
    ['Pod', 'spec'],
    ['ReplicaSet', 'spec/template/spec'],
    ['StatefulSet', 'spec/template/spec'],
  ]),
  { path: 'spec/jobTemplate/spec/template/volumes/nfs/server', kind: 'CronJob' },
  ...['DaemonSet', 'Deployment', 'Job', 'ReplicaSet'].map((kind) => ({ path: 'spec/template/spec/volumes/nfs/server', kind })),
  { path: 'spec/volumes/nfs/server', kind: 'Pod' },
  { path: 'spec/template/metadata/annotations', kind: 'Deployment' },
  { path: 'spec/rules/host', kind: 'Ingress' },
  { path: 'spec/tls/hosts', kind: 'Ingress' },
  { path: 'spec/tls/secretName', kind: 'Ingress' },
  { path: 'spec/ports/port', kind: 'Service' },
  { path: 'spec/ports/targetPort', kind: 'Service' },
  { path: 'spec/volumeClaimTemplates/spec/nfs/server', kind: 'StatefulSet' },
  { path: 'spec/nfs/server', kind: 'PersistentVolume' },
  { path: 'metadata/labels' },
  { path: 'metadata/annotations' },
];

/** `{X Service.v1.[noGrp] {metadata.name}}`: the Var struct as %v prints it. */
function goVar(v: Var): string {
  const av = v.objref?.apiVersion ?? '';
  const slash = av.indexOf('/');
  const [group, version] = slash < 0 ? ['', av] : [av.slice(0, slash), av.slice(slash + 1)];
  return `{${v.name ?? ''} ${v.objref?.kind || '[noKind]'}.${version || '[noVer]'}.${group || '[noGrp]'} {${v.fieldref?.fieldPath || 'metadata.name'}}}`;
}

/** A Var as the var set prints it before defaulting: the objref's own group and version, the fieldref as written. */
function goVarRaw(v: Var): string {
  return `{${v.name ?? ''} ${v.objref?.kind || '[noKind]'}.${v.objref?.version || '[noVer]'}.${v.objref?.group || '[noGrp]'} {${v.fieldref?.fieldPath ?? ''}}}`;
}

/**
 * MergeVars: each var bound to the one resource its objref names, by any of its names, then
 * added to the vars already met (`known`: the bases'); a name met twice is refused.
 */
export function bindVars(vars: Var[] | undefined, resources: Res[], known: readonly BoundVar[]): BoundVar[] {
  const list = vars ?? [];
  const bound = list.map((v) => {
    const ref = v.objref ?? {};
    const av = ref.apiVersion ?? '';
    const matched = resources.filter((r) => {
      const g = gvkOf(r.obj);
      const gv = g.group ? `${g.group}/${g.version}` : g.version;
      if ((ref.kind && ref.kind !== g.kind) || (av && av !== gv)) return false;
      const names = [nameOf(r.obj), ...r.prev.map((p) => p.name)];
      return names.includes(ref.name ?? '') && (!ref.namespace || ref.namespace === namespaceOf(r.obj) || r.prev.some((p) => p.namespace === ref.namespace));
    });
    if (matched.length > 1) throw new KustomizeError(`found ${matched.length} resId matches for var ${goVar(v)} (unable to disambiguate)`);
    return matched.length === 1 ? { v, res: matched[0]! } : { v };
  });
  const seen = new Set(known.map((b) => b.v.name ?? ''));
  for (const v of list) {
    if (seen.has(v.name ?? '')) throw new KustomizeError(`merging vars [${list.map(goVarRaw).join(' ')}]: var '${v.name ?? ''}' already encountered`);
    seen.add(v.name ?? '');
  }
  return bound;
}

/** A var's fieldPath: `.` between fields, `[n]` indexing a list. */
function lookup(obj: JsonMap, path: string): Json {
  let cur: Json = obj;
  for (const part of path.split('.')) {
    const m = /^([^[]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) return undefined;
    if (m[1]) cur = isMap(cur) ? cur[m[1]] : undefined;
    for (const idx of m[2]!.match(/\d+/g) ?? []) cur = Array.isArray(cur) ? cur[Number(idx)] : undefined;
  }
  return cur;
}

/** expansion.Expand with kustomize's typed whole-field case; `used` collects the vars met. */
function expand(s: string, values: Map<string, Json>, used: Set<string>): Json {
  const whole = /^\$\(([^)]*)\)$/.exec(s);
  if (whole && values.has(whole[1]!)) {
    used.add(whole[1]!);
    return values.get(whole[1]!)!;
  }
  let out = '';
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== '$' || i + 1 >= s.length) {
      out += s[i];
      continue;
    }
    if (s[i + 1] === '$') {
      out += '$';
      i++;
    } else if (s[i + 1] === '(') {
      const end = s.indexOf(')', i + 2);
      if (end < 0) {
        out += s.slice(i);
        break;
      }
      const name = s.slice(i + 2, end);
      if (values.has(name)) {
        used.add(name);
        out += String(values.get(name));
      } else out += s.slice(i, end + 1);
      i = end;
    } else out += '$';
  }
  return out;
}

/** ResolveVars: the values, then every reference; the names of vars no field used. */
export function resolveVars(bound: BoundVar[], resources: Res[]): string[] {
  if (bound.length === 0) return [];
  const values = new Map<string, Json>();
  for (const b of bound) {
    if (!b.res) throw new KustomizeError(`var '${goVar(b.v)}' cannot be mapped to a field in the set of known resources`);
    const value = lookup(b.res.obj, b.v.fieldref?.fieldPath || 'metadata.name');
    if (value === undefined) throw new KustomizeError(`field specified in var '${goVar(b.v)}' not found in corresponding resource`);
    values.set(b.v.name ?? '', value);
  }
  const used = new Set<string>();
  for (const r of resources) {
    applySpecs(r.obj, gvkOf(r.obj), VAR_REFERENCE, (parent, key) => {
      const v = parent[key];
      if (typeof v === 'string') parent[key] = expand(v, values, used);
      else if (Array.isArray(v)) parent[key] = v.map((x) => (typeof x === 'string' ? expand(x, values, used) : x));
      else if (isMap(v)) for (const [k, x] of Object.entries(v)) if (typeof x === 'string') v[k] = expand(x, values, used);
    });
  }
  return [...values.keys()].filter((n) => !used.has(n));
}
