/**
 * `/openapi/v2`: the Swagger 2.0 document kube-apiserver still serves, built from the same
 * OpenAPI v3 documents as `/openapi/v3` (the engine's schemas with upstream's descriptions,
 * openapi.ts), their `components.schemas` merged into `definitions`. client-go's
 * `OpenAPISchema()` (`kubectl explain --output=plaintext-openapiv2`, and the client-side
 * validation of kubectls before 1.27) asks for it as protobuf,
 * `application/com.github.proto-openapi.spec.v2@v1.0+protobuf`: gnostic's OpenAPIv2.proto
 * (./proto/github.com/google/gnostic-models, at a84a29ee8efac8d764f8dd251aa316fcaa61c60c),
 * whose extension and enum values are YAML text. Other Accept headers get JSON.
 *
 * Approximate: definitions only (no paths, so clients see no operations), the built-in kinds
 * only (custom resources are in /openapi/v3), and v3-only keywords (oneOf, nullable) dropped.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import { stringify as toYaml } from 'yaml';
import { openApiDocument } from '../engine/index';
import { RESOURCES } from '../k8s/resources';
import { GIT_VERSION } from '../k8s/version';
import { withPatchPaths } from './openapi';

export const OPENAPI_V2_PROTOBUF = 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf';

type Json = Record<string, unknown>;

const PROTO = join(dirname(fileURLToPath(import.meta.url)), 'proto', 'github.com/google/gnostic-models/openapiv2/OpenAPIv2.proto');

function isObject(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A v3 schema as Swagger 2.0 writes it: `#/definitions/` references, a described reference without allOf. */
function toV2(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(toV2);
  if (!isObject(s)) return s;
  const out: Json = {};
  // IntOrString and Quantity are strings in Swagger 2.0 (v3 says it with oneOf or an extension).
  if (s['type'] === undefined && (s['oneOf'] !== undefined || s['x-kubernetes-int-or-string'] === true)) out['type'] = 'string';
  for (const [k, v] of Object.entries(s)) {
    if (k === 'oneOf' || k === 'anyOf' || k === 'nullable') continue;
    if (k === '$ref' && typeof v === 'string') out[k] = v.replace('#/components/schemas/', '#/definitions/');
    else if (k === 'allOf' && Array.isArray(v) && v.length === 1 && isObject(v[0]) && typeof v[0]['$ref'] === 'string') out['$ref'] = (v[0]['$ref'] as string).replace('#/components/schemas/', '#/definitions/');
    else if (k === 'properties' && isObject(v)) out[k] = Object.fromEntries(Object.entries(v).map(([n, p]) => [n, toV2(p)]));
    else out[k] = toV2(v);
  }
  return out;
}

let json: Json | undefined;
let proto: Uint8Array | undefined;

/** The Swagger 2.0 document as JSON (built once: the built-in schemas never change). */
export function openApiV2(): Json {
  if (json) return json;
  const definitions: Json = {};
  const seen = new Set<string>();
  for (const r of RESOURCES) {
    const gv = `${r.group}/${r.version}`;
    if (seen.has(gv)) continue;
    seen.add(gv);
    const doc = openApiDocument(r.group, r.version);
    if (!doc) continue;
    const described = JSON.parse(withPatchPaths(JSON.stringify(doc))) as { components?: { schemas?: Json } };
    for (const [name, schema] of Object.entries(described.components?.schemas ?? {})) definitions[name] ??= toV2(schema);
  }
  json = { swagger: '2.0', info: { title: 'Kubernetes', version: GIT_VERSION }, paths: {}, definitions };
  return json;
}

const yamlOf = (v: unknown): { yaml: string } => ({ yaml: toYaml(v) });

/** One schema as gnostic's Schema message (field names as in OpenAPIv2.proto). */
function schemaMessage(s: unknown): Json {
  if (!isObject(s)) return {};
  const out: Json = {};
  const extensions: Json[] = [];
  for (const [k, v] of Object.entries(s)) {
    if (k.startsWith('x-')) extensions.push({ name: k, value: yamlOf(v) });
    else if (k === '$ref') out['_ref'] = v;
    else if (k === 'type') out['type'] = { value: [v] };
    else if (k === 'format' || k === 'title' || k === 'description') out[k] = v;
    else if (k === 'required' && Array.isArray(v)) out['required'] = v;
    else if (k === 'enum' && Array.isArray(v)) out['enum'] = v.map(yamlOf);
    else if (k === 'default') out['default'] = yamlOf(v);
    else if (k === 'items') out['items'] = { schema: [schemaMessage(v)] };
    else if (k === 'allOf' && Array.isArray(v)) out['all_of'] = v.map(schemaMessage);
    else if (k === 'additionalProperties') out['additional_properties'] = typeof v === 'boolean' ? { boolean: v } : { schema: schemaMessage(v) };
    else if (k === 'properties' && isObject(v)) out['properties'] = { additional_properties: Object.entries(v).map(([name, p]) => ({ name, value: schemaMessage(p) })) };
  }
  if (extensions.length) out['vendor_extension'] = extensions;
  return out;
}

/** The document as gnostic's `openapi.v2.Document`, encoded (built once). */
export function openApiV2Protobuf(): Uint8Array {
  if (proto) return proto;
  const root = new protobuf.Root();
  root.loadSync(PROTO, { keepCase: true });
  const Document = root.lookupType('openapi.v2.Document');
  const doc = openApiV2();
  const definitions = Object.entries(doc['definitions'] as Json).map(([name, s]) => ({ name, value: schemaMessage(s) }));
  const message = Document.fromObject({ swagger: '2.0', info: doc['info'], paths: {}, definitions: { additional_properties: definitions } });
  proto = Document.encode(message).finish();
  return proto;
}

/** kube-openapi also accepts the type without the '@' (`…spec.v2.v1.0+protobuf`). */
export function wantsV2Protobuf(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((a) => [OPENAPI_V2_PROTOBUF, OPENAPI_V2_PROTOBUF.replace('@', '.')].includes(a.split(';')[0]!.trim()));
}
