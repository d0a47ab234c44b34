#!/usr/bin/env node
/**
 * `npm run gen:api-docs`: writes src/kubectl/explain/api-docs.json, the OpenAPI descriptions
 * `kubectl explain` prints, from the Go sources of k8s.io/api and k8s.io/apimachinery at one
 * release tag (bare git mirrors, read with `git show`; CI has none, so the output is committed).
 *
 * Per Go type, keyed by its OpenAPI component name (`io.k8s.api.core.v1.Container`):
 *   d: the type's description, f: its fields by json name, r: its required fields;
 *   a field: d (description), t (the component its value, items or map values refer to),
 *   e (enum values, when the field's own type is an `+enum` string type).
 * The text is what kube-apiserver serves: kube-openapi's openapi-gen rules (generateDescription
 * over the Go doc comments, the "Possible enum values" paragraph and enum list of
 * pkg/generators/enum.go, isOptional for `required`). The `types_swagger_doc_generated.go` strings
 * are the same text by older rules; they are read as a cross-check, and the few fields where they
 * differ (the swagger generator cuts at a `---` inside a line and unescapes backslashes) are named.
 * Only types reachable from the ROOTS kinds are kept, and not through `status`, which the
 * simulated apiserver serves as a bare object (its decoder does not model status): the field
 * keeps its description, its type tree is left out.
 *
 * Usage: node scripts/gen-api-docs.mjs [--api <git dir>] [--apimachinery <git dir>] [--ref <tag>]
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'src/kubectl/explain/api-docs.json');

/**
 * @typedef {{ goName: string | undefined, json: string, type: string, inline: boolean, omitempty: boolean,
 *   optional: boolean, required: boolean, imports: Map<string, string>, comment: string[] }} GoField
 * @typedef {{ name: string, fields: GoField[] }} GoStruct
 * @typedef {{ name: string, type: string, value: string, comment: string }} GoConst
 * @typedef {{ structs: Map<string, GoStruct>, enums: Set<string>, constants: GoConst[], typeComments: Map<string, string[]> }} GoPackage
 * @typedef {{ d?: string, t?: string, e?: string[] }} FieldDoc
 * @typedef {{ d: string, f?: Record<string, FieldDoc>, r?: string[] }} TypeDoc
 */

/**
 * @param {string} name
 * @param {string} fallback
 * @returns {string}
 */
function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return (i >= 0 ? process.argv[i + 1] : undefined) ?? fallback;
}

/** v0.36.1 of the staging repos is Kubernetes v1.36.1, the release src/k8s/version.ts plays. */
const REF = arg('ref', 'v0.36.1');
const API = arg('api', '/work/.mirror/kubernetes+api/repo');
const MACHINERY = arg('apimachinery', '/work/.mirror/kubernetes+apimachinery/repo');

/** @type {Record<string, [string, string, string]>} Go import path → [git dir, directory in it, OpenAPI component prefix]. */
const PACKAGES = {
  'k8s.io/api/core/v1': [API, 'core/v1', 'io.k8s.api.core.v1'],
  'k8s.io/api/apps/v1': [API, 'apps/v1', 'io.k8s.api.apps.v1'],
  'k8s.io/api/batch/v1': [API, 'batch/v1', 'io.k8s.api.batch.v1'],
  'k8s.io/api/rbac/v1': [API, 'rbac/v1', 'io.k8s.api.rbac.v1'],
  'k8s.io/api/scheduling/v1': [API, 'scheduling/v1', 'io.k8s.api.scheduling.v1'],
  'k8s.io/api/storage/v1': [API, 'storage/v1', 'io.k8s.api.storage.v1'],
  'k8s.io/api/coordination/v1': [API, 'coordination/v1', 'io.k8s.api.coordination.v1'],
  'k8s.io/api/discovery/v1': [API, 'discovery/v1', 'io.k8s.api.discovery.v1'],
  'k8s.io/api/flowcontrol/v1': [API, 'flowcontrol/v1', 'io.k8s.api.flowcontrol.v1'],
  'k8s.io/api/policy/v1': [API, 'policy/v1', 'io.k8s.api.policy.v1'],
  'k8s.io/api/autoscaling/v2': [API, 'autoscaling/v2', 'io.k8s.api.autoscaling.v2'],
  'k8s.io/api/networking/v1': [API, 'networking/v1', 'io.k8s.api.networking.v1'],
  'k8s.io/api/node/v1': [API, 'node/v1', 'io.k8s.api.node.v1'],
  'k8s.io/api/events/v1': [API, 'events/v1', 'io.k8s.api.events.v1'],
  'k8s.io/api/certificates/v1': [API, 'certificates/v1', 'io.k8s.api.certificates.v1'],
  'k8s.io/api/admissionregistration/v1': [API, 'admissionregistration/v1', 'io.k8s.api.admissionregistration.v1'],
  'k8s.io/apimachinery/pkg/apis/meta/v1': [MACHINERY, 'pkg/apis/meta/v1', 'io.k8s.apimachinery.pkg.apis.meta.v1'],
  'k8s.io/apimachinery/pkg/util/intstr': [MACHINERY, 'pkg/util/intstr', 'io.k8s.apimachinery.pkg.util.intstr'],
  'k8s.io/apimachinery/pkg/api/resource': [MACHINERY, 'pkg/api/resource', 'io.k8s.apimachinery.pkg.api.resource'],
};

/** @type {Record<string, string[]>} The kinds the simulated apiserver serves, or will soon: explain starts from one of these. */
const ROOTS = {
  'k8s.io/api/core/v1': ['Pod', 'Service', 'ConfigMap', 'Secret', 'Namespace', 'Node', 'ServiceAccount', 'PersistentVolumeClaim', 'PersistentVolume', 'Event', 'Endpoints', 'Binding', 'LimitRange', 'ResourceQuota', 'PodTemplate', 'ReplicationController', 'ComponentStatus'],
  'k8s.io/api/apps/v1': ['Deployment', 'ReplicaSet', 'DaemonSet', 'StatefulSet', 'ControllerRevision'],
  'k8s.io/api/batch/v1': ['Job', 'CronJob'],
  'k8s.io/api/rbac/v1': ['Role', 'ClusterRole', 'RoleBinding', 'ClusterRoleBinding'],
  'k8s.io/api/scheduling/v1': ['PriorityClass'],
  'k8s.io/api/storage/v1': ['StorageClass', 'CSIDriver', 'CSINode', 'VolumeAttachment', 'CSIStorageCapacity', 'VolumeAttributesClass'],
  'k8s.io/api/coordination/v1': ['Lease'],
  'k8s.io/api/discovery/v1': ['EndpointSlice'],
  'k8s.io/api/flowcontrol/v1': ['FlowSchema', 'PriorityLevelConfiguration'],
  'k8s.io/api/policy/v1': ['PodDisruptionBudget'],
  'k8s.io/api/autoscaling/v2': ['HorizontalPodAutoscaler'],
  'k8s.io/api/networking/v1': ['Ingress', 'IngressClass', 'NetworkPolicy', 'ServiceCIDR', 'IPAddress'],
  'k8s.io/api/node/v1': ['RuntimeClass'],
  'k8s.io/api/events/v1': ['Event'],
  'k8s.io/api/certificates/v1': ['CertificateSigningRequest'],
  'k8s.io/api/admissionregistration/v1': ['ValidatingAdmissionPolicy', 'ValidatingAdmissionPolicyBinding', 'ValidatingWebhookConfiguration', 'MutatingWebhookConfiguration'],
};

/**
 * @param {string} dir
 * @param {...string} args
 */
function git(dir, ...args) {
  return execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
}

/**
 * The package's Go files, minus tests and generated code other than the swagger docs.
 * @param {string} pkg
 */
function goFiles(pkg) {
  const [dir, path] = /** @type {[string, string, string]} */ (PACKAGES[pkg]);
  return git(dir, 'ls-tree', '--name-only', `${REF}:${path}`)
    .split('\n')
    .filter((f) => f.endsWith('.go') && !f.endsWith('_test.go') && !f.startsWith('zz_generated') && !f.startsWith('generated.'))
    .map((f) => ({ name: f, text: git(dir, 'show', `${REF}:${path}/${f}`) }));
}

/**
 * A Go interpreted string literal's body (the generated files use only JSON-compatible escapes).
 * @param {string} body
 * @returns {string}
 */
function goString(body) {
  return /** @type {string} */ (JSON.parse(`"${body}"`));
}

/**
 * map_<Type> = map[string]string{ "": type doc, "field": field doc }
 * @param {string} text
 */
function swaggerDocs(text) {
  /** @type {Map<string, Map<string, string>>} */
  const docs = new Map();
  /** @type {Map<string, string> | undefined} */
  let current;
  for (const line of text.split('\n')) {
    const open = /^var map_(\w+) = map\[string\]string\{$/.exec(line);
    if (open) {
      current = new Map();
      docs.set(/** @type {string} */ (open[1]), current);
      continue;
    }
    if (line === '}') current = undefined;
    const entry = current && /^\t"([^"]*)":\s*"(.*)",$/.exec(line);
    if (current && entry) current.set(/** @type {string} */ (entry[1]), goString(/** @type {string} */ (entry[2])));
  }
  return docs;
}

/**
 * go/ast CommentGroup.Text(), line by line: markers and the first space removed.
 * @param {string} line
 */
function commentLine(line) {
  const body = line.replace(/^\s*\/\//, '');
  return body.startsWith(' ') ? body.slice(1) : body;
}

/**
 * kube-openapi's generateDescription (pkg/generators/openapi.go): paragraphs kept, indented lines
 * on lines of their own, `+` markers and one-line TODOs dropped, nothing after a `---` line.
 * @param {string[]} lines
 */
function openApiDescription(lines) {
  let buf = '';
  const delPrev = () => {
    buf = buf.slice(0, -1);
  };
  for (let line of lines) {
    if (line === '---') break;
    line = line.replace(/ +$/, '');
    const leading = line.replace(/^ +/, '');
    if (line.length === 0) {
      delPrev();
      buf += '\n\n';
    } else if (leading.startsWith('TODO') || leading.startsWith('+')) {
      // Ignored by openapi-gen.
    } else if (line.startsWith(' ') || line.startsWith('\t')) {
      delPrev();
      buf += `\n${line}\n`;
    } else buf += `${line} `;
  }
  return buf.trim();
}

/**
 * Leading and trailing blank comment lines dropped, as CommentGroup.Text() does.
 * @param {string[]} lines
 */
function trimComment(lines) {
  const out = [...lines];
  while (out.length && out[out.length - 1] === '') out.pop();
  while (out.length && out[0] === '') out.shift();
  return out;
}

/**
 * Structs (fields with json name, Go type, markers), `+enum` string types and typed constants.
 * @param {{ name: string, text: string }[]} files
 * @returns {GoPackage}
 */
function parseGo(files) {
  /** @type {Map<string, GoStruct>} */
  const structs = new Map();
  /** @type {Set<string>} */
  const enums = new Set();
  /** @type {GoConst[]} */
  const constants = [];
  /** @type {Map<string, string[]>} */
  const typeComments = new Map();
  /** @param {string[]} c @param {string} tag */
  const hasTag = (c, tag) => c.some((l) => new RegExp(`^\\+${tag}(=|\\s|$)`).test(l));
  for (const { text } of files) {
    const lines = text.split('\n');
    /** @type {Map<string, string>} */
    const fileImports = new Map();
    /** @type {string[]} */
    let comment = [];
    /** @type {GoStruct | undefined} */
    let struct;
    let inConst = false;
    let inImport = false;
    for (const raw of lines) {
      const line = raw.replace(/\r$/, '');
      if (inImport) {
        if (line === ')') inImport = false;
        const m = /^\s*(\w+)?\s*"(([^"]*\/)?([^"/]+))"/.exec(line);
        if (m) fileImports.set(m[1] ?? /** @type {string} */ (m[4]), /** @type {string} */ (m[2]));
        continue;
      }
      if (line === 'import (') {
        inImport = true;
        continue;
      }
      const single = /^import (\w+)?\s*"(([^"]*\/)?([^"/]+))"/.exec(line);
      if (single) fileImports.set(single[1] ?? /** @type {string} */ (single[4]), /** @type {string} */ (single[2]));
      if (/^\s*\/\//.test(line)) {
        comment.push(commentLine(line));
        continue;
      }
      if (struct) {
        if (line === '}') {
          struct = undefined;
        } else {
          const m = /^\t(?:(\w+)\s+)?([^\s`]+)\s+`([^`]*)`/.exec(line);
          const json = m && /json:"([^"]*)"/.exec(/** @type {string} */ (m[3]));
          if (m && json) {
            const [name = '', ...opts] = /** @type {string} */ (json[1]).split(',');
            const markers = trimComment(comment);
            struct.fields.push({
              goName: m[1],
              json: name,
              type: /** @type {string} */ (m[2]),
              inline: opts.includes('inline') || (!m[1] && name === ''),
              omitempty: opts.includes('omitempty'),
              optional: hasTag(markers, 'optional'),
              required: hasTag(markers, 'required'),
              imports: fileImports,
              comment: markers,
            });
          }
        }
        comment = [];
        continue;
      }
      const st = /^type (\w+) struct \{$/.exec(line);
      if (st) {
        const name = /** @type {string} */ (st[1]);
        struct = { name, fields: [] };
        structs.set(name, struct);
        typeComments.set(name, trimComment(comment));
        comment = [];
        continue;
      }
      const alias = /^type (\w+) string$/.exec(line);
      if (alias) {
        if (hasTag(comment, 'enum')) enums.add(/** @type {string} */ (alias[1]));
        comment = [];
        continue;
      }
      if (line === 'const (') inConst = true;
      else if (inConst && line === ')') inConst = false;
      const c = (inConst ? /^\t(\w+)\s+(\w+)\s*=\s*"((?:[^"\\]|\\.)*)"/ : /^const (\w+)\s+(\w+)\s*=\s*"((?:[^"\\]|\\.)*)"/).exec(line);
      if (c) constants.push({ name: /** @type {string} */ (c[1]), type: /** @type {string} */ (c[2]), value: goString(/** @type {string} */ (c[3])), comment: trimComment(comment).join(' ') });
      comment = [];
    }
  }
  return { structs, enums, constants, typeComments };
}

/**
 * `*[]map[string]metav1.LabelSelector` → the qualified base type, and whether the field is of
 * that type itself (or a pointer to it), as an enum must be for openapi-gen to describe it.
 * @param {string} expr
 * @param {string} pkg
 * @param {Map<string, string>} imports
 */
function baseType(expr, pkg, imports) {
  const direct = /^\*?[\w.]+$/.test(expr);
  const base = expr.replace(/^(\*|\[\]|map\[[^\]]+\])+/, '');
  const dot = base.indexOf('.');
  if (dot < 0) return { pkg, name: base, direct };
  return { pkg: imports.get(base.slice(0, dot)) ?? `?${base.slice(0, dot)}`, name: base.slice(dot + 1), direct };
}

/**
 * enum.go's Description(): the constant's comment minus its own name, whitespace collapsed.
 * @param {GoConst} v
 */
function enumLine(v) {
  const comment = v.comment.trim().replace(new RegExp(`^${v.name}`), '').trim().replace(/\s+/g, ' ');
  return ` - \`${JSON.stringify(v.value)}\` ${comment}`;
}

function main() {
  /** @type {Map<string, GoPackage>} */
  const parsed = new Map();
  /** @type {Map<string, Map<string, Map<string, string>>>} */
  const swagger = new Map();
  for (const pkg of Object.keys(PACKAGES)) {
    const files = goFiles(pkg);
    parsed.set(pkg, parseGo(files));
    const doc = files.find((f) => f.name === 'types_swagger_doc_generated.go');
    swagger.set(pkg, doc ? swaggerDocs(doc.text) : new Map());
  }
  // enum.go parseEnums: values from typed constants, one per value (the longer comment wins).
  /** @type {Map<string, GoConst[]>} */
  const enumValues = new Map();
  for (const [pkg, p] of parsed) {
    for (const name of p.enums) enumValues.set(`${pkg}.${name}`, []);
  }
  for (const [pkg, p] of parsed) {
    for (const c of p.constants) {
      const values = enumValues.get(`${pkg}.${c.type}`);
      if (!values) continue;
      const i = values.findIndex((v) => v.value === c.value);
      const old = values[i];
      if (!old) values.push(c);
      else if (old.comment.length < c.comment.length || (old.comment.length === c.comment.length && old.comment > c.comment)) values[i] = c;
    }
  }

  /** @type {Record<string, TypeDoc>} */
  const out = {};
  /** @param {string} pkg @param {string} name */
  const component = (pkg, name) => `${PACKAGES[pkg]?.[2]}.${name}`;
  /** @type {[string, string][]} */
  const queue = Object.entries(ROOTS).flatMap(([pkg, kinds]) => kinds.map((k) => /** @type {[string, string]} */ ([pkg, k])));
  const seen = new Set();
  /** @type {string[]} */
  const differing = [];
  for (let next = queue.shift(); next; next = queue.shift()) {
    const [pkg, name] = next;
    const key = component(pkg, name);
    if (seen.has(key)) continue;
    seen.add(key);
    const p = /** @type {GoPackage} */ (parsed.get(pkg));
    const st = p.structs.get(name);
    if (!st) throw new Error(`${key}: no struct ${name} in ${pkg}`);
    const docs = swagger.get(pkg)?.get(name) ?? new Map();
    /** @type {TypeDoc & { f: Record<string, FieldDoc> }} */
    const entry = { d: openApiDescription(p.typeComments.get(name) ?? []), f: {} };
    if ((docs.get('') ?? entry.d) !== entry.d) differing.push(key);
    /** @type {string[]} */
    const required = [];
    /** @param {GoStruct} s @param {string} spkg */
    const addFields = (s, spkg) => {
      for (const f of s.fields) {
        const t = baseType(f.type, spkg, f.imports);
        if (f.inline) {
          const inner = parsed.get(t.pkg)?.structs.get(t.name);
          if (inner) addFields(inner, t.pkg);
          continue;
        }
        if (f.json === '-' || f.json === '') continue;
        /** @type {FieldDoc} */
        const field = {};
        let d = openApiDescription(f.comment);
        const swaggerDoc = swagger.get(spkg)?.get(s.name)?.get(f.json) ?? '';
        if (swaggerDoc !== d) differing.push(`${component(spkg, s.name)}.${f.json}`);
        const values = t.direct ? enumValues.get(`${t.pkg}.${t.name}`) : undefined;
        if (values?.length) {
          d += `\n\nPossible enum values:\n${values.map(enumLine).sort().join('\n')}`;
          field.e = values.map((v) => v.value).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
        }
        if (d) field.d = d;
        if (f.json !== 'status' && parsed.get(t.pkg)?.structs.has(t.name)) {
          field.t = component(t.pkg, t.name);
          queue.push([t.pkg, t.name]);
        }
        entry.f[f.json] = field;
        if (f.required || (!f.optional && !f.omitempty)) required.push(f.json);
      }
    };
    addFields(st, pkg);
    if (required.length) entry.r = required.sort();
    out[key] = { d: entry.d, ...(Object.keys(entry.f).length ? { f: entry.f } : {}), ...(entry.r ? { r: entry.r } : {}) };
  }
  const sorted = Object.fromEntries(Object.keys(out).sort().map((k) => [k, out[k]]));
  const notice = `Generated by scripts/gen-api-docs.mjs from k8s.io/api and k8s.io/apimachinery ${REF} (Kubernetes ${REF.replace('v0.', 'v1.')}): descriptions copyright The Kubernetes Authors, Apache License 2.0. Do not edit.`;
  writeFileSync(OUT, `${JSON.stringify({ '//': notice, types: sorted })}\n`);
  console.log(`${OUT}: ${Object.keys(sorted).length} types`);
  if (differing.length) console.log(`openapi-gen's text differs from the swagger docs for: ${[...new Set(differing)].join(', ')}`);
}

main();
