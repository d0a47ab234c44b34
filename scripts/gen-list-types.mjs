#!/usr/bin/env node
/**
 * Generates src/k8s/list-types.ts, the structured-merge-diff schema facts of the served kinds,
 * from the Go sources upstream's OpenAPI (and so the apiserver's typeconverter) is generated
 * from: the `+listType`, `+listMapKey`, `+structType`, `+mapType` and `+default` markers and the
 * `patchStrategy`/`patchMergeKey` tags of k8s.io/api, apimachinery's meta/v1,
 * apiextensions-apiserver and kube-aggregator types.go.
 *
 * A list without `+listType` is read as kube-openapi's schemaconv reads its OpenAPI
 * (pkg/schemaconv/smd.go getListElementRelationship): patchStrategy merge with a patchMergeKey
 * is a map keyed by it, merge without one a set, anything else atomic.
 *
 *   node scripts/gen-list-types.mjs <mirror root>   # a directory holding kubernetes+api/repo, …
 *
 * Each mirror is a bare git repository; the files are read at the tags below.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * @typedef {{ json: string, inline: boolean, goType: string, markers: string[], tag: string }} GoField
 * @typedef {{ pkg: string, imports: Record<string, string>, atomic: boolean, fields?: GoField[], alias?: string }} GoDecl
 * @typedef {{ kind: 'list' | 'map' | 'ref' | 'scalar', elem?: Resolved, ref?: string, atomic?: boolean }} Resolved
 * @typedef {{ type?: string, list?: string, keys?: string[], defaults?: Record<string, unknown>, map?: boolean, atomic?: boolean }} Desc
 */

const root = process.argv[2] ?? '/work/.mirror';
const SOURCES = [
  { repo: 'kubernetes+api', tag: 'v0.36.3', module: 'k8s.io/api', pkgs: ['core/v1', 'admissionregistration/v1', 'apps/v1', 'autoscaling/v2', 'batch/v1', 'coordination/v1', 'discovery/v1', 'flowcontrol/v1', 'networking/v1', 'node/v1', 'policy/v1', 'rbac/v1', 'scheduling/v1', 'storage/v1'] },
  { repo: 'kubernetes+apimachinery', tag: 'v0.36.3', module: 'k8s.io/apimachinery', pkgs: ['pkg/apis/meta/v1'] },
  { repo: 'kubernetes+apiextensions-apiserver', tag: 'v0.36.3', module: 'k8s.io/apiextensions-apiserver', pkgs: ['pkg/apis/apiextensions/v1'] },
  { repo: 'kubernetes+kube-aggregator', tag: 'v0.36.2', module: 'k8s.io/kube-aggregator', pkgs: ['pkg/apis/apiregistration/v1'] },
];

/** The served kinds (src/k8s/resources.ts) and the Go type of each. */
const ROOTS = {
  ComponentStatus: 'core/v1', ConfigMap: 'core/v1', Endpoints: 'core/v1', Event: 'core/v1', LimitRange: 'core/v1', Namespace: 'core/v1', Node: 'core/v1',
  PersistentVolumeClaim: 'core/v1', PersistentVolume: 'core/v1', Pod: 'core/v1', PodTemplate: 'core/v1', ReplicationController: 'core/v1', ResourceQuota: 'core/v1', Secret: 'core/v1', ServiceAccount: 'core/v1', Service: 'core/v1',
  CustomResourceDefinition: 'pkg/apis/apiextensions/v1', APIService: 'pkg/apis/apiregistration/v1',
  ValidatingAdmissionPolicy: 'admissionregistration/v1', ValidatingAdmissionPolicyBinding: 'admissionregistration/v1', ValidatingWebhookConfiguration: 'admissionregistration/v1', MutatingWebhookConfiguration: 'admissionregistration/v1',
  ControllerRevision: 'apps/v1', DaemonSet: 'apps/v1', Deployment: 'apps/v1', ReplicaSet: 'apps/v1', StatefulSet: 'apps/v1',
  HorizontalPodAutoscaler: 'autoscaling/v2', CronJob: 'batch/v1', Job: 'batch/v1', Lease: 'coordination/v1', EndpointSlice: 'discovery/v1', FlowSchema: 'flowcontrol/v1', PriorityLevelConfiguration: 'flowcontrol/v1',
  IngressClass: 'networking/v1', Ingress: 'networking/v1', IPAddress: 'networking/v1', NetworkPolicy: 'networking/v1', ServiceCIDR: 'networking/v1', RuntimeClass: 'node/v1', PodDisruptionBudget: 'policy/v1',
  ClusterRoleBinding: 'rbac/v1', ClusterRole: 'rbac/v1', RoleBinding: 'rbac/v1', Role: 'rbac/v1', PriorityClass: 'scheduling/v1', CSIDriver: 'storage/v1', CSINode: 'storage/v1', StorageClass: 'storage/v1', VolumeAttachment: 'storage/v1', CSIStorageCapacity: 'storage/v1', VolumeAttributesClass: 'storage/v1',
};

/** Short names of the packages in the table. @param {string} pkg */
const short = (pkg) => pkg.replace(/^pkg\/apis\//, '').replace('/', '.');

/** @type {Map<string, GoDecl>} */
const types = new Map(); // 'core.v1.PodSpec' → { atomic, fields: [{ json, goType, markers, tag, inline }] } | { alias: goType, atomic }

/**
 * @param {string} src
 * @param {string} pkg
 * @param {Record<string, string>} imports
 */
function parseFile(src, pkg, imports) {
  const lines = src.split('\n');
  /** @type {string[]} */
  let comments = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (/^\s*\/\//.test(line)) {
      comments.push(line);
      continue;
    }
    const struct = /^type (\w+) struct \{/.exec(line);
    const alias = /^type (\w+) (\S.*)$/.exec(line);
    const typeMarkers = comments;
    comments = [];
    if (struct) {
      /** @type {GoField[]} */
      const fields = [];
      /** @type {string[]} */
      let fc = [];
      for (i++; i < lines.length && !/^\}/.test(lines[i] ?? ''); i++) {
        const l = lines[i] ?? '';
        if (/^\s*\/\//.test(l)) {
          fc.push(l);
          continue;
        }
        const m = /^\s*(?:(\w+)\s+)?([\w.*[\]]+)\s+`(.*)`/.exec(l);
        if (m) {
          const tag = m[3] ?? '';
          const json = /json:"([^"]*)"/.exec(tag)?.[1] ?? '';
          const [name = '', ...opts] = json.split(',');
          if (name !== '-') fields.push({ json: name, inline: !name && opts.includes('inline'), goType: m[2] ?? '', markers: fc, tag });
        }
        fc = [];
      }
      types.set(`${short(pkg)}.${struct[1]}`, { pkg, imports, atomic: typeMarkers.some((c) => /\+(structType|mapType)=atomic/.test(c)), fields });
    } else if (alias && !/^(struct|\(|interface)/.test(alias[2] ?? '')) {
      types.set(`${short(pkg)}.${alias[1]}`, { pkg, imports, atomic: typeMarkers.some((c) => /\+(structType|mapType)=atomic/.test(c)), alias: (alias[2] ?? '').trim() });
    }
  }
}

/** @param {string} src @returns {Record<string, string>} Go import alias → path. */
function importsOf(src) {
  /** @type {Record<string, string>} */
  const out = {};
  const block = /^import \(([\s\S]*?)^\)/m.exec(src)?.[1] ?? (/^import (.*)$/m.exec(src)?.[1] ?? '');
  for (const m of block.matchAll(/(?:(\w+)\s+)?"([^"]+)"/g)) {
    const path = m[2] ?? '';
    out[m[1] ?? path.split('/').pop() ?? path] = path;
  }
  return out;
}

/** @type {Map<string, string>} */
const modulePkgs = new Map();
for (const s of SOURCES) {
  for (const pkg of s.pkgs) {
    modulePkgs.set(`${s.module}/${pkg}`, pkg);
    const files = execFileSync('git', ['--git-dir', join(root, s.repo, 'repo'), 'ls-tree', '--name-only', s.tag, `${pkg}/`], { encoding: 'utf8' }).split('\n').filter((f) => /\/types(_\w+)?\.go$/.test(f) && !f.endsWith('_test.go'));
    for (const f of files) {
      const src = execFileSync('git', ['--git-dir', join(root, s.repo, 'repo'), 'show', `${s.tag}:${f}`], { encoding: 'utf8', maxBuffer: 1 << 26 });
      parseFile(src, pkg, importsOf(src));
    }
  }
}

/**
 * A Go type expression, resolved through named types.
 * @param {string} goType
 * @param {GoDecl} owner
 * @returns {Resolved}
 */
function resolve(goType, owner) {
  const t = goType.replace(/^\*/, '');
  if (t === '[]byte') return { kind: 'scalar' };
  if (t.startsWith('[]')) return { kind: 'list', elem: resolve(t.slice(2), owner) };
  const map = /^map\[[\w.]+\](.*)$/.exec(t);
  if (map) return { kind: 'map', elem: resolve(map[1] ?? '', owner) };
  let name = t;
  let pkg = owner.pkg;
  if (t.includes('.')) {
    const [alias = '', n = ''] = t.split('.');
    const imported = modulePkgs.get(owner.imports[alias] ?? '');
    if (!imported) return { kind: 'scalar' };
    pkg = imported;
    name = n;
  }
  const key = `${short(pkg)}.${name}`;
  const decl = types.get(key);
  if (!decl) return { kind: 'scalar' };
  if (decl.alias !== undefined) {
    const r = resolve(decl.alias, decl);
    return decl.atomic ? { ...r, atomic: true } : r;
  }
  // meta/v1's Time, MicroTime, Duration serialize as strings; RawExtension is untyped.
  if (['meta.v1.Time', 'meta.v1.MicroTime', 'meta.v1.Duration', 'meta.v1.FieldsV1'].includes(key)) return { kind: 'scalar' };
  return { kind: 'ref', ref: key, atomic: decl.atomic };
}

/** @param {GoField} f @param {string} name @returns {string[]} */
const marker = (f, name) => f.markers.flatMap((c) => new RegExp(`\\+${name}=(\\S+)`).exec(c)?.[1] ?? []);

/** Go's builtin scalar types and their zero values. @type {Record<string, unknown>} */
const ZERO = { string: '', bool: false, int: 0, int32: 0, int64: 0, uint: 0, uint32: 0, uint64: 0, float32: 0, float64: 0 };

/**
 * The default openapi-gen gives a field without a `+default` marker (kube-openapi
 * pkg/generators/openapi.go mustEnforceDefault): a non-pointer builtin (or a named type over
 * one) whose json tag lacks omitempty defaults to its zero value; any other field has none.
 * @param {GoField & { owner: GoDecl }} f
 * @returns {unknown}
 */
function zeroDefault(f) {
  if (f.goType.startsWith('*') || /json:"[^"]*,omitempty/.test(f.tag)) return undefined;
  /** @type {string | undefined} */
  let t = f.goType;
  let owner = f.owner;
  for (let i = 0; t !== undefined && i < 5; i++) {
    if (Object.hasOwn(ZERO, t)) return ZERO[t];
    const decl = types.get(t.includes('.') ? '' : `${short(owner.pkg)}.${t}`);
    if (decl?.alias === undefined) return undefined;
    t = decl.alias;
    owner = decl;
  }
  return undefined;
}

/**
 * The fields of a struct, inline ones flattened in (EphemeralContainerCommon, VolumeSource).
 * @param {string} key
 * @returns {(GoField & { owner: GoDecl })[]}
 */
function fieldsOf(key) {
  const decl = types.get(key);
  /** @type {(GoField & { owner: GoDecl })[]} */
  const out = [];
  if (!decl) return out;
  for (const f of decl.fields ?? []) {
    if (f.inline) {
      const r = resolve(f.goType, decl);
      if (r.ref) out.push(...fieldsOf(r.ref));
    } else if (f.json) out.push({ ...f, owner: decl });
  }
  return out;
}

/** @type {Map<string, Record<string, Desc>>} */
const schema = new Map();
/** @param {string} key */
function visit(key) {
  if (schema.has(key)) return;
  /** @type {Record<string, Desc>} */
  const entry = {};
  schema.set(key, entry);
  for (const f of fieldsOf(key)) {
    const r = resolve(f.goType, f.owner);
    /** @type {Desc} */
    const desc = {};
    const fieldAtomic = marker(f, 'structType')[0] ?? marker(f, 'mapType')[0];
    if (r.kind === 'list') {
      const listType = marker(f, 'listType')[0];
      const mergeKey = /patchMergeKey:"(\w+)"/.exec(f.tag)?.[1];
      const merge = /patchStrategy:"merge/.test(f.tag);
      desc.list = listType ?? (merge ? (mergeKey ? 'map' : 'set') : 'atomic');
      if (desc.list === 'map') {
        const keys = listType ? marker(f, 'listMapKey') : [mergeKey ?? ''];
        desc.keys = keys;
        if (r.elem?.ref) {
          /** @type {Record<string, unknown>} */
          const defaults = {};
          for (const ef of fieldsOf(r.elem.ref)) {
            if (!keys.includes(ef.json)) continue;
            const d = marker(ef, 'default')[0];
            const zero = zeroDefault(ef);
            if (d !== undefined) defaults[ef.json] = JSON.parse(d);
            else if (zero !== undefined) defaults[ef.json] = zero;
          }
          if (Object.keys(defaults).length) desc.defaults = defaults;
        }
      }
      if (r.elem?.ref) {
        desc.type = r.elem.ref;
        visit(r.elem.ref);
      }
    } else if (r.kind === 'map') {
      desc.map = true;
      if (r.elem?.ref) {
        desc.type = r.elem.ref;
        visit(r.elem.ref);
      }
      if (fieldAtomic ? fieldAtomic === 'atomic' : r.atomic) desc.atomic = true;
    } else if (r.ref) {
      desc.type = r.ref;
      visit(r.ref);
      const atomic = fieldAtomic ? fieldAtomic === 'atomic' : r.atomic;
      if (atomic) desc.atomic = true;
    } else continue;
    entry[f.json] = desc;
  }
}
/** @type {Record<string, string>} */
const roots = {};
for (const [kind, pkg] of Object.entries(ROOTS)) {
  const key = `${short(pkg)}.${kind}`;
  if (!types.has(key)) throw new Error(`no type ${key}`);
  roots[kind] = key;
  visit(key);
}

/** A struct of scalars needs no entry: walking into it finds nothing to tell apart. */
/** @param {Desc} d @returns {boolean} */
const walked = (d) => d.type !== undefined && !(d.list === 'atomic' || d.atomic) && Object.keys(schema.get(d.type) ?? {}).length > 0;
/** @param {Desc} d */
const fmt = (d) => {
  const parts = [];
  if (walked(d)) parts.push(`t: '${d.type}'`);
  if (d.list) parts.push(`l: '${d.list}'`);
  if (d.keys) parts.push(`k: [${d.keys.map((k) => `'${k}'`).join(', ')}]`);
  if (d.defaults) parts.push(`d: ${JSON.stringify(d.defaults)}`);
  if (d.map) parts.push('m: true');
  if (d.atomic) parts.push('a: true');
  return `{ ${parts.join(', ')} }`;
};
// Types only reached through atomic fields need no entry: nothing walks into them.
/** @type {Set<string>} */
const needed = new Set();
/** @param {string} key */
const mark = (key) => {
  if (needed.has(key)) return;
  needed.add(key);
  for (const d of Object.values(schema.get(key) ?? {})) if (walked(d) && d.type) mark(d.type);
};
for (const key of Object.values(roots)) mark(key);
const body = [...schema].filter(([k, fields]) => needed.has(k) && Object.keys(fields).length > 0).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, fields]) => {
  const fs = Object.entries(fields).filter(([, d]) => walked(d) || d.list || d.map || d.atomic).map(([n, d]) => `    ${/^\w+$/.test(n) ? n : `'${n}'`}: ${fmt(d)},`);
  return `  '${k}': {\n${fs.join('\n')}\n  },`;
});

const header = `/**
 * GENERATED by scripts/gen-list-types.mjs — do not edit; run \`node scripts/gen-list-types.mjs\`.
 * Over 400 lines because it is generated: one entry per struct of every served kind, read by
 * lookup, never by hand.
 *
 * The structured-merge-diff schema facts of the served kinds, the one source of server-side
 * apply's field sets and merges (src/engine/apiserver/apply): for each struct type, the fields
 * that are not plain scalars. Read from the markers and tags of
 *   k8s.io/api v0.36.3 (${SOURCES[0]?.pkgs.join(', ')}),
 *   k8s.io/apimachinery v0.36.3 pkg/apis/meta/v1,
 *   k8s.io/apiextensions-apiserver v0.36.3 pkg/apis/apiextensions/v1,
 *   k8s.io/kube-aggregator v0.36.2 pkg/apis/apiregistration/v1,
 * as upstream's OpenAPI carries them (x-kubernetes-list-type, x-kubernetes-list-map-keys,
 * x-kubernetes-map-type) and kube-openapi's schemaconv turns them into the apiserver's SMD
 * schema: \`+listType\` wins, else patchStrategy merge with a patchMergeKey is a map keyed by it,
 * merge alone a set, and any other list is atomic (schemaconv/smd.go getListElementRelationship).
 *
 * Field descriptors: \`t\` the struct type walked into (items' type for a list, values' for a
 * map); \`l\` the list type; \`k\` the list-map keys in listMapKey order; \`d\` key defaults
 * (\`+default\`: SMD keys an item that omits the field by it); \`m\` a map of \`t\` (or of scalars);
 * \`a\` atomic (\`+structType=atomic\` / \`+mapType=atomic\`): the field is one leaf. A field not
 * listed is a scalar, or unknown (then untyped: objects granular, lists atomic).
 *
 * Over 400 lines because it is one table, generated.
 */

export interface FieldSchema {
  readonly t?: string;
  readonly l?: 'atomic' | 'set' | 'map';
  readonly k?: readonly string[];
  readonly d?: Readonly<Record<string, unknown>>;
  readonly m?: true;
  readonly a?: true;
}

export type StructSchema = Readonly<Record<string, FieldSchema>>;

/** The root struct type of each served kind. */
export const KIND_TYPES: Readonly<Record<string, string>> = ${JSON.stringify(roots, null, 2).replace(/"/g, "'").replace(/\n}$/, ',\n}')};

export const STRUCTS: Readonly<Record<string, StructSchema>> = {
${body.join('\n')}
};
`;
writeFileSync(new URL('../src/k8s/list-types.ts', import.meta.url), header);
console.log(`${needed.size} types`);
