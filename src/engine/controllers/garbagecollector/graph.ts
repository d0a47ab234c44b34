/**
 * The garbage collector's dependency graph (GraphBuilder): every object's UID, and for each owner
 * UID the objects that name it in their ownerReferences — whether or not the owner exists.
 * It is rebuilt from the shared informers' deltas, so it needs no scan of any cache.
 */
import type { KObject } from '../../../k8s/types';
import { metaKey, type Delta } from '../../client/informer';
import { indexAdd, indexKeys, indexRemove, type KeyIndex } from '../util/state';

/** Object reference in the graph: `<resource>/<namespace>/<name>` or `<resource>/<name>`. */
export type NodeKey = string;

export interface Graph {
  /** UID → node key of the object that has it. */
  byUid: Map<string, NodeKey>;
  /** owner UID → node keys of its dependents. */
  dependents: KeyIndex;
  /** Owner UIDs confirmed absent by a GET (absentOwnerCache). */
  absent: Set<string>;
  /**
   * Objects naming an owner the graph had not seen (upstream's virtual nodes), to verify in one
   * pass: at start-up every Pod may arrive before its ReplicaSet, and most owners show up moments later.
   */
  unverified: Set<NodeKey>;
}

export function newGraph(): Graph {
  return { byUid: new Map(), dependents: new Map(), absent: new Set(), unverified: new Set() };
}

export function nodeKey(resource: string, obj: KObject): NodeKey {
  return `${resource}/${metaKey(obj)}`;
}

export function splitNodeKey(key: NodeKey): { resource: string; cacheKey: string } {
  const i = key.indexOf('/');
  return { resource: key.slice(0, i), cacheKey: key.slice(i + 1) };
}

function ownerUids(obj: KObject | undefined): string[] {
  return (obj?.metadata.ownerReferences ?? []).map((r) => r.uid);
}

/** Applies a delta; returns the owner UIDs the object gained and lost. */
export function applyDelta(g: Graph, resource: string, d: Delta): { added: string[]; removed: string[] } {
  const obj = (d.cur ?? d.old)!;
  const key = nodeKey(resource, obj);
  const before = ownerUids(d.old);
  const after = ownerUids(d.cur);
  if (d.old?.metadata.uid && (!d.cur || d.cur.metadata.uid !== d.old.metadata.uid)) g.byUid.delete(d.old.metadata.uid);
  if (d.cur?.metadata.uid) {
    g.byUid.set(d.cur.metadata.uid, key);
    g.absent.delete(d.cur.metadata.uid);
  }
  const added = after.filter((u) => !before.includes(u));
  const removed = before.filter((u) => !after.includes(u));
  for (const u of removed) indexRemove(g.dependents, u, key);
  for (const u of added) indexAdd(g.dependents, u, key);
  return { added, removed };
}

export function dependentsOf(g: Graph, uid: string): readonly NodeKey[] {
  return indexKeys(g.dependents, uid);
}
