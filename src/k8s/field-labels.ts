/**
 * Which field labels kube-apiserver accepts in a field selector, per resource, and the value each
 * label has on an object — the two halves of a real field selector:
 *
 * - The handler (k8s.io/apiserver endpoints/handlers/get.go ListResource, lists and watches alike)
 *   runs every requirement through the scheme's ConvertFieldLabel for the request's group, version
 *   and kind, and answers a refused label 400 BadRequest with the function's error as the message.
 *   Kinds with a conversion function registered (AddFieldLabelConversionFunc in
 *   pkg/apis/{core,batch,certificates,events}/v1/conversion.go) accept their own list; every other
 *   kind gets runtime.DefaultMetaV1FieldSelectorConversion (metadata.name and metadata.namespace,
 *   even when cluster-scoped). ReplicaSets are of the second kind: their registry lists
 *   status.replicas, but apps/v1 registers no conversion, so kube-apiserver refuses it
 *   (kubernetes/kubernetes#135136). Custom resources use the CRD's converter
 *   (apiextensions-apiserver pkg/apiserver/conversion/converter.go): metadata.name, metadata.namespace
 *   when namespaced, and the served version's selectableFields.
 * - Matching reads the registry's GetAttrs field set (pkg/registry/.../strategy.go
 *   ToSelectableFields), where a label missing from the set reads as "" (fields.Set.Get): so
 *   `status.podIPs`, accepted but never set, matches only the empty value, and so does
 *   `metadata.namespace` on a cluster-scoped object. Booleans and counts are set as Go prints them
 *   (strconv.FormatBool, strconv.Itoa), a zero value included.
 *
 * The labels a conversion renames (a Pod's legacy `spec.host`, events.k8s.io's `regarding.*`) read
 * the field they are renamed to, so a watch filter can keep the labels as the client sent them.
 */
import { customSource } from './apiextensions';
import type { FieldRequirement } from './field-selector';
import type { ResourceInfo } from './resources';
import type { KObject } from './types';

type Convert = (label: string) => string | undefined;

const notSupported = (label: string): string => `field label not supported: ${label}`;

function accepting(labels: readonly string[], error: (label: string) => string = notSupported): Convert {
  const set = new Set(labels);
  return (label) => (set.has(label) ? undefined : error(label));
}

const CORE_EVENT = ['involvedObject.kind', 'involvedObject.namespace', 'involvedObject.name', 'involvedObject.uid', 'involvedObject.apiVersion', 'involvedObject.resourceVersion', 'involvedObject.fieldPath', 'reason', 'reportingComponent', 'source', 'type', 'metadata.namespace', 'metadata.name'];

/** events.k8s.io/v1's label → the core/v1 field set's (pkg/apis/events/v1/conversion.go). */
const EVENTS_V1_LABELS: Readonly<Record<string, string>> = {
  reason: 'reason',
  'regarding.kind': 'involvedObject.kind',
  'regarding.namespace': 'involvedObject.namespace',
  'regarding.name': 'involvedObject.name',
  'regarding.uid': 'involvedObject.uid',
  'regarding.apiVersion': 'involvedObject.apiVersion',
  'regarding.resourceVersion': 'involvedObject.resourceVersion',
  'regarding.fieldPath': 'involvedObject.fieldPath',
  reportingController: 'reportingComponent',
  source: 'source',
  type: 'type',
  'metadata.namespace': 'metadata.namespace',
  'metadata.name': 'metadata.name',
};

/** Keyed `<group>/<Kind>`, the group '' for core. */
const CONVERSIONS: ReadonlyMap<string, Convert> = new Map([
  ['/Pod', accepting(['metadata.name', 'metadata.namespace', 'spec.nodeName', 'spec.restartPolicy', 'spec.schedulerName', 'spec.serviceAccountName', 'spec.hostNetwork', 'status.phase', 'status.podIP', 'status.podIPs', 'status.nominatedNodeName', 'spec.host'])],
  ['/Node', accepting(['metadata.name', 'spec.unschedulable'])],
  ['/ReplicationController', accepting(['metadata.name', 'metadata.namespace', 'status.replicas'])],
  ['/Event', accepting(CORE_EVENT)],
  ['/Namespace', accepting(['status.phase', 'metadata.name'])],
  ['/Secret', accepting(['type', 'metadata.namespace', 'metadata.name'])],
  ['/Service', accepting(['metadata.namespace', 'metadata.name', 'spec.clusterIP', 'spec.type'])],
  ['batch/Job', accepting(['metadata.name', 'metadata.namespace', 'status.successful'], (label) => `field label ${JSON.stringify(label)} not supported for batchv1.Job`)],
  ['certificates.k8s.io/CertificateSigningRequest', accepting(['metadata.name', 'spec.signerName'])],
  ['events.k8s.io/Event', accepting(Object.keys(EVENTS_V1_LABELS))],
]);

/** runtime.DefaultMetaV1FieldSelectorConversion. */
function defaultConversion(label: string): string | undefined {
  if (label === 'metadata.name' || label === 'metadata.namespace') return undefined;
  return `${JSON.stringify(label)} is not a known field selector: only "metadata.name", "metadata.namespace"`;
}

function customConversion(namespaced: boolean, selectable: readonly string[]): Convert {
  return (label) => (label === 'metadata.name' || (namespaced && label === 'metadata.namespace') || selectable.includes(label) ? undefined : notSupported(label));
}

/**
 * The message kube-apiserver answers 400 with when a requirement names a label the resource (at
 * the group the request names) does not support, or undefined when all are supported. Checked in
 * the order given, which parseFieldSelector leaves sorted, as fields.ParseSelector does.
 */
export function unsupportedFieldLabel(info: ResourceInfo, reqs: readonly FieldRequirement[]): string | undefined {
  const custom = customSource(info);
  const convert = custom ? customConversion(info.namespaced, custom.selectableFields) : (CONVERSIONS.get(`${info.group}/${info.kind}`) ?? defaultConversion);
  for (const r of reqs) {
    const refused = convert(r.field);
    if (refused !== undefined) return refused;
  }
  return undefined;
}

const groupOf = (apiVersion: string | undefined): string => {
  const slash = apiVersion?.indexOf('/') ?? -1;
  return slash < 0 ? '' : apiVersion!.slice(0, slash);
};

/** Selectors name a handful of paths; splitting each on every read was a boot hot spot. */
const PATH_PARTS = new Map<string, readonly string[]>();

/** A dotted path as Go's field set holds it: strings as they are, booleans and integers printed. */
function pathValue(obj: unknown, path: string): string {
  let parts = PATH_PARTS.get(path);
  if (!parts) PATH_PARTS.set(path, (parts = path.split('.')));
  let cur = obj;
  for (const part of parts) {
    if (cur === null || typeof cur !== 'object') return '';
    cur = (cur as Record<string, unknown>)[part];
  }
  return typeof cur === 'string' || typeof cur === 'boolean' || typeof cur === 'number' ? String(cur) : '';
}

type Read = (obj: KObject) => string;
const bool = (v: string): string => String(v === 'true');
const count = (v: string): string => v || '0';

/** Per kind (then checked against the group): the labels whose value is not the field of the same path. */
const READS: ReadonlyMap<string, { group: string; reads: ReadonlyMap<string, Read> }> = new Map([
  [
    'Pod',
    {
      group: '',
      reads: new Map<string, Read>([
        ['spec.hostNetwork', (o) => bool(pathValue(o, 'spec.hostNetwork'))],
        // The first of status.podIPs; status.podIPs itself is never in the set.
        ['status.podIP', (o) => pathValue(o, 'status.podIPs.0.ip')],
        ['status.podIPs', () => ''],
        ['spec.host', (o) => pathValue(o, 'spec.nodeName')],
      ]),
    },
  ],
  ['Node', { group: '', reads: new Map<string, Read>([['spec.unschedulable', (o) => bool(pathValue(o, 'spec.unschedulable'))]]) }],
  ['ReplicationController', { group: '', reads: new Map<string, Read>([['status.replicas', (o) => count(pathValue(o, 'status.replicas'))]]) }],
  ['Job', { group: 'batch', reads: new Map<string, Read>([['status.successful', (o) => count(pathValue(o, 'status.succeeded'))]]) }],
  [
    'Event',
    {
      group: '',
      reads: new Map<string, Read>([
        // Events written through events.k8s.io carry reportingController and no source.
        ['source', (o) => pathValue(o, 'source.component') || pathValue(o, 'reportingComponent')],
        ...Object.entries(EVENTS_V1_LABELS)
          .filter(([label, internal]) => label !== internal)
          .map(([label, internal]): [string, Read] => [label, (o) => pathValue(o, internal)]),
      ]),
    },
  ],
]);

/** The value a label has in the object's field set: "" when the set has no such label. */
export function selectableFieldValue(obj: KObject, label: string): string {
  if (label === 'metadata.name') return obj.metadata.name ?? '';
  if (label === 'metadata.namespace') return obj.metadata.namespace ?? '';
  const kind = READS.get(obj.kind);
  const read = kind && kind.group === groupOf(obj.apiVersion) ? kind.reads.get(label) : undefined;
  return read ? read(obj) : pathValue(obj, label);
}

/** fields.Selector.Matches: every requirement holds (`=` equal, `!=` different). */
export function fieldsMatch(obj: KObject, reqs: readonly FieldRequirement[]): boolean {
  for (const r of reqs) {
    const v = selectableFieldValue(obj, r.field);
    if (r.op === '=' ? v !== r.value : v === r.value) return false;
  }
  return true;
}
