/**
 * The watch cache's indexes for LIST: kube-apiserver's Pod storage registers a `spec.nodeName`
 * IndexerFunc (pkg/registry/core/pod/storage), so a kubelet's `LIST pods?fieldSelector=
 * spec.nodeName=<me>` reads its own Pods rather than every Pod in the cluster; a `metadata.name`
 * selector within a namespace (or on a cluster-scoped resource) names one storage key. Without
 * them every kubelet start scanned every Pod and every Node, O(nodes²) per boot.
 *
 * The answer is exactly the full scan's: the same filters run on the candidates, which are put
 * back in the bucket's iteration order (Map insertion order, tracked as a place per key).
 */
import type { KObject } from '../../k8s/types';
import { storageKey } from '../../k8s/storage-key';
import { fieldValue } from './watch';
import type { FieldRequirement } from './watch-types';

interface NodeNameIndex {
  /** Each key's place in the bucket's iteration order: a new key goes last, an updated one stays. */
  place: Map<string, number>;
  nextPlace: number;
  byNode: Map<string, Set<string>>;
  nodeOf: Map<string, string>;
}

/** Keyed by the bucket itself, so a restored keyspace (etcd/snapshot.ts) starts a fresh index. */
const POD_INDEXES = new WeakMap<Map<string, KObject>, NodeNameIndex>();

const NODE_NAME = 'spec.nodeName';

function addTo(idx: NodeNameIndex, key: string, node: string): void {
  idx.nodeOf.set(key, node);
  let set = idx.byNode.get(node);
  if (!set) idx.byNode.set(node, (set = new Set()));
  set.add(key);
}

function removeFrom(idx: NodeNameIndex, key: string): void {
  const node = idx.nodeOf.get(key);
  if (node === undefined) return;
  idx.nodeOf.delete(key);
  idx.byNode.get(node)?.delete(key);
}

function podIndex(bucket: Map<string, KObject>): NodeNameIndex {
  let idx = POD_INDEXES.get(bucket);
  if (!idx) {
    idx = { place: new Map(), nextPlace: 0, byNode: new Map(), nodeOf: new Map() };
    for (const [key, obj] of bucket) {
      idx.place.set(key, idx.nextPlace++);
      addTo(idx, key, fieldValue(obj, NODE_NAME));
    }
    POD_INDEXES.set(bucket, idx);
  }
  return idx;
}

/** Keeps a built index in step with a commit to the Pod bucket (after the bucket changed). */
export function podBucketChanged(bucket: Map<string, KObject>, key: string, next: KObject | undefined): void {
  const idx = POD_INDEXES.get(bucket);
  if (!idx) return;
  if (!next) {
    idx.place.delete(key);
    removeFrom(idx, key);
    return;
  }
  if (!idx.place.has(key)) idx.place.set(key, idx.nextPlace++);
  const node = fieldValue(next, NODE_NAME);
  if (idx.nodeOf.get(key) === node) return;
  removeFrom(idx, key);
  addTo(idx, key, node);
}

/**
 * The objects a LIST must filter, in bucket order: the index's candidates when a selector can use
 * one, else undefined (scan the bucket).
 */
export function listCandidates(resource: string, bucket: Map<string, KObject>, ns: string | undefined, namespaced: boolean, fieldSelector: FieldRequirement[] | undefined): KObject[] | undefined {
  if (!fieldSelector) return undefined;
  const byName = fieldSelector.find((r) => r.field === 'metadata.name' && r.op === '=');
  if (byName && (!namespaced || ns)) {
    const obj = bucket.get(storageKey(resource, namespaced ? ns : undefined, byName.value));
    return obj ? [obj] : [];
  }
  const byNode = resource === 'pods' ? fieldSelector.find((r) => r.field === NODE_NAME && r.op === '=') : undefined;
  if (!byNode) return undefined;
  const idx = podIndex(bucket);
  const keys = [...(idx.byNode.get(byNode.value) ?? [])];
  keys.sort((a, b) => idx.place.get(a)! - idx.place.get(b)!);
  return keys.map((k) => bucket.get(k)!);
}
