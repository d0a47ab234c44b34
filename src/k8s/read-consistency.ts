/**
 * Where kube-apiserver v1.36 serves a read: from its watch cache alone, or only after asking etcd
 * (staging/src/k8s.io/apiserver/pkg/storage/cacher/delegator.go, CacheDelegator). A read that asks
 * etcd needs its quorum, so while etcd has none it fails as a write does. Shared by the engine's
 * handler (which decides) and by the readers of a URL's query (the served cluster, the page's
 * `kubectl get --raw`), so `?resourceVersion=0` means the same in each.
 */
import type { ApiQuery } from './api-query';

/** The parts of GetOptions/ListOptions that decide it. Unset `resourceVersion` is "": the latest. */
export interface ReadOptions {
  resourceVersion?: string;
  resourceVersionMatch?: string;
  limit?: number;
  /** A `?continue=` token was sent. */
  continue?: boolean;
}

/** A Reflector's first list (client-go's relistResourceVersion before any sync): whatever the cache holds. */
export const FROM_CACHE: ReadOptions = { resourceVersion: '0' };

/**
 * Whether the read asks etcd. A GET without a resourceVersion is served by etcd itself
 * (`c.storage.Get`, "for backward compatibility"). A LIST is delegated to etcd when
 * shouldDelegateList says so (an exact resourceVersion match, the legacy exact match of a
 * non-zero resourceVersion with a limit, a continue token); a LIST without a resourceVersion is a
 * consistent read (ConsistentListFromCache, on by default): the cache serves it only once etcd
 * told it its current revision. Everything else (resourceVersion "0", a not-older-than version)
 * is the cache's. Not modelled: a watch cache that is not yet initialised also delegates.
 */
export function readsEtcd(verb: 'get' | 'list', o: ReadOptions | undefined): boolean {
  const rv = o?.resourceVersion ?? '';
  if (rv === '') return true;
  if (verb === 'get') return false;
  switch (o?.resourceVersionMatch ?? '') {
    case 'Exact':
      return true;
    case 'NotOlderThan':
      break;
    case '':
      if ((o?.limit ?? 0) > 0 && rv !== '0') return true;
      break;
    default:
      return true;
  }
  return o?.continue === true;
}

/** A GET's query as ListOptions/GetOptions decode the fields above. */
export function readOptions(q: ApiQuery): ReadOptions {
  const o: ReadOptions = {};
  const rv = q.get('resourceVersion');
  if (rv) o.resourceVersion = rv;
  const match = q.get('resourceVersionMatch');
  if (match) o.resourceVersionMatch = match;
  const limit = Number(q.get('limit'));
  if (Number.isInteger(limit) && limit > 0) o.limit = limit;
  if (q.get('continue')) o.continue = true;
  return o;
}
