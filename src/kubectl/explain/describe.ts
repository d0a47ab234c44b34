/**
 * Upstream's descriptions on the simulated apiserver's OpenAPI v3 document. The served document
 * is built from the decoder's struct tables and names its components after the simulation
 * (`io.k8s.sim.Container.Container`); the descriptions, enums and required fields kube-apiserver
 * serves belong to Go types (api-docs.json, generated from k8s.io/api). The two are joined by
 * walking from each kind's root component along the fields, the Go type of each field saying
 * which upstream type the component it refers to is. Where a document already matches
 * upstream, describing it changes nothing; a type the data does not know keeps what was served.
 */

/** One field of a Go type: description, the component its value refers to, enum values. */
export interface FieldDoc {
  d?: string;
  t?: string;
  e?: string[];
}

/** One Go type by its OpenAPI component name: description, fields, required fields. */
export interface TypeDoc {
  d: string;
  f?: Record<string, FieldDoc>;
  r?: string[];
}

export interface ApiDocs {
  types: Record<string, TypeDoc>;
}

/** The parts of an OpenAPI v3 schema that describing touches. */
export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: Schema | boolean;
  allOf?: Schema[];
  enum?: unknown[];
  'x-kubernetes-group-version-kind'?: { group: string; kind: string; version: string }[];
}

export interface Doc {
  paths?: Record<string, Record<string, { 'x-kubernetes-group-version-kind'?: { group: string; kind: string; version: string } } | undefined>>;
  components?: { schemas?: Record<string, Schema> };
}

const PREFIX = '#/components/schemas/';

/** Go package of an API group: `rbac.authorization.k8s.io` is k8s.io/api/rbac, `` is core. */
function rootComponent(group: string, version: string, kind: string): string {
  return `io.k8s.api.${group.split('.')[0] || 'core'}.${version}.${kind}`;
}

/** The component a field's value, list items or map values refer to. */
function target(s: Schema): string | undefined {
  if (s.$ref) return s.$ref.slice(PREFIX.length);
  if (s.allOf?.length === 1) return target(s.allOf[0]!);
  if (s.items) return target(s.items);
  if (typeof s.additionalProperties === 'object') return target(s.additionalProperties);
  return undefined;
}

const PRIMITIVE = new Set(['string', 'integer', 'number', 'boolean']);

/** Describes every kind in `doc` in place. */
export function describeDocument(doc: Doc, docs: ApiDocs): void {
  const schemas = doc.components?.schemas;
  if (!schemas) return;
  const done = new Set<string>();

  const field = (served: Schema, fd: FieldDoc): Schema => {
    let s = served;
    const typed = fd.t ? docs.types[fd.t] : undefined;
    if (fd.t && typed && !target(s) && s.type && PRIMITIVE.has(s.type)) {
      // A type the served document inlines as a primitive (metav1.Time): upstream refers to its
      // component, whose description explain prints after the field's.
      schemas[fd.t] ??= { type: s.type, ...(s.format ? { format: s.format } : {}), description: typed.d };
      s = { allOf: [{ $ref: `${PREFIX}${fd.t}` }] };
    }
    if (fd.e && s.type === 'string') s = { ...s, enum: [...fd.e] };
    // A described reference wraps it in allOf, as the generated v3 document does.
    if (fd.d) s = s.$ref ? { description: fd.d, allOf: [s] } : { ...s, description: fd.d };
    const to = target(s);
    if (fd.t && to) component(to, fd.t);
    return s;
  };

  const component = (name: string, type: string): void => {
    if (done.has(name)) return;
    done.add(name);
    const c = schemas[name];
    const t = docs.types[type];
    if (!c || !t) return;
    if (t.d) c.description = t.d;
    if (t.r) c.required = [...t.r];
    else delete c.required;
    for (const [f, served] of Object.entries(c.properties ?? {})) {
      const fd = t.f?.[f];
      if (fd) c.properties![f] = field(served, fd);
    }
  };

  for (const [name, s] of Object.entries(schemas)) {
    for (const gvk of s['x-kubernetes-group-version-kind'] ?? []) component(name, rootComponent(gvk.group, gvk.version, gvk.kind));
  }
}
