/**
 * What client-go itself logs inside kube-scheduler and kube-controller-manager at the default
 * verbosity (release-1.34): leader election (tools/leaderelection/leaderelection.go) and the
 * shared informers' Reflectors (tools/cache/reflector.go) when a watch ends or a list fails.
 */
import type { ComponentBase } from '../core/component';
import { resourceInfo } from '../../k8s/resources';
import type { NetworkError, StatusError } from '../apiserver/status';
import type { LeaderElectionState } from '../client/types';
import type { SimCore } from '../sim-core';
import { klog, structured } from './klog';

/** The Reflector of a shared informer factory names itself after the factory's line. */
const REFLECTOR = 'k8s.io/client-go/informers/factory.go:160';

function lease(le: LeaderElectionState): string {
  return `${le.namespace}/${le.lockName}`;
}

/** The URL client-go would have requested; the error quotes it. */
function leaseUrl(server: string, le: LeaderElectionState): string {
  return `https://${server}/apis/coordination.k8s.io/v1/namespaces/${le.namespace}/leases/${le.lockName}?timeout=5s`;
}

export function logAttemptingLease(w: SimCore, c: ComponentBase, le: LeaderElectionState): void {
  klog(w, c, 'I', 'leaderelection.go:257', `attempting to acquire leader lease ${lease(le)}...`);
}

export function logAcquiredLease(w: SimCore, c: ComponentBase, le: LeaderElectionState): void {
  klog(w, c, 'I', 'leaderelection.go:271', `successfully acquired lease ${lease(le)}`);
  // kube-controller-manager's event broadcaster also logs the LeaderElection Event it records.
  if (c.kind === 'kube-controller-manager') {
    klog(
      w,
      c,
      'I',
      'event.go:389',
      structured('Event occurred', [
        ['object', lease(le)],
        ['fieldPath', ''],
        ['kind', 'Lease'],
        ['apiVersion', 'coordination.k8s.io/v1'],
        ['type', 'Normal'],
        ['reason', 'LeaderElection'],
        ['message', `${le.identity} became leader`],
      ]),
    );
  }
}

/** renew(): the renew deadline passed without a successful renewal. */
export function logLostLease(w: SimCore, c: ComponentBase, le: LeaderElectionState): void {
  klog(w, c, 'I', 'leaderelection.go:297', `failed to renew lease ${lease(le)}: context deadline exceeded`);
}

/**
 * tryAcquireOrRenew's GET of the Lease failed, and (leaders only) the fast path's PUT before it,
 * for the same reason: kube-apiserver unreachable (client-go quotes the URL), or its answer (a
 * StatusError's text is its message: `etcdserver: request timed out` while etcd has no quorum,
 * since the GET carries no resourceVersion and etcd must answer it).
 */
export function logLeaseReadFailed(w: SimCore, c: ComponentBase, le: LeaderElectionState, err: NetworkError | StatusError): void {
  const put = 'network' in err ? `Put "${leaseUrl(err.server, le)}": ${err.message}` : err.message;
  const get = 'network' in err ? `Get "${leaseUrl(err.server, le)}": ${err.message}` : err.message;
  if (le.isLeader) klog(w, c, 'E', 'leaderelection.go:441', `Failed to update lock optimistically: ${put}, falling back to slow path`);
  klog(w, c, 'E', 'leaderelection.go:448', `error retrieving resource lock ${lease(le)}: ${get}`);
}

function typeOf(resource: string): string {
  return `*v1.${resourceInfo(resource)?.kind ?? resource}`;
}

/** A watch the server ended (connection lost): the Reflector relists. */
export function logWatchEnded(w: SimCore, c: ComponentBase, resource: string): void {
  const err = 'an error on the server ("unable to decode an event from the watch stream: http2: client connection lost") has prevented the request from succeeding';
  klog(w, c, 'I', 'reflector.go:571', structured('Warning: watch ended with error', [['reflector', REFLECTOR], ['type', typeOf(resource)], ['err', err]]));
}

/** The relist failed: HandleError logs it under the UnhandledError logger. */
export function logListFailed(w: SimCore, c: ComponentBase, resource: string, error: StatusError | NetworkError): void {
  const info = resourceInfo(resource);
  const path = info?.group ? `/apis/${info.group}/${info.version}/${resource}` : `/api/v1/${resource}`;
  const cause = 'network' in error ? `Get "https://${error.server}${path}?limit=500&resourceVersion=0": ${error.message}` : error.message;
  klog(
    w,
    c,
    'E',
    'reflector.go:205',
    structured('Failed to watch', [
      ['err', `failed to list ${typeOf(resource)}: ${cause}`],
      ['logger', 'UnhandledError'],
      ['reflector', REFLECTOR],
      ['type', typeOf(resource)],
    ]),
  );
}
