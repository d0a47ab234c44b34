/**
 * Symptoms of storage, message faults and the workloads themselves: what self-healing does
 * (CrashLoopBackOff's back-off, readiness leaving the Pod out of traffic) and what it cannot do
 * (a Pod no node fits, an image that does not exist). Pods on a machine already explained by a
 * node symptom are left to it, and so are the control plane's mirror Pods.
 */
import type { Node, PersistentVolumeClaim, Pod } from '../../k8s/types';
import { maxOf } from '../../k8s/arrays';
import { objectsOf } from '../store/cluster';
import { deleting, instances, lagging, podCommand, podName, pods, secondsSince, shortList, type Moment, type Statement, type Symptom } from './moment';

/** kubelet's annotation on a static Pod's mirror (kubelet/static-pods.ts). */
const MIRROR = 'kubernetes.io/config.mirror';

/** A Pod Running but not Ready for longer than this is failing its probe, not starting up. */
const NOT_READY_AFTER_S = 20;

/**
 * The driver both provisions volumes and mounts them. A claim it never provisions stays Pending
 * and the scheduler holds its Pod back with no node and no event; a Pod already on a node whose
 * volume cannot be mounted waits there with FailedMount events.
 */
function csi(m: Moment): Symptom[] {
  const all = instances(m, 'csi');
  if (!all.length || all.every((c) => c.running)) return [];
  const says: Statement[] = [{ key: 'sym.csi.down' }];
  const claims = objectsOf<PersistentVolumeClaim>(m.objects, 'persistentvolumeclaims').filter((c) => c.status?.phase !== 'Bound' && !c.metadata.deletionTimestamp);
  if (claims.length) says.push({ key: 'sym.csi.claims', params: { count: claims.length, names: shortList(claims.map((c) => c.metadata.name ?? '')) } });
  const waiting = pods(m).filter((p) => !deleting(p) && p.status?.phase !== 'Running' && p.spec.volumes?.some((v) => v.persistentVolumeClaim));
  const unplaced = waiting.filter((p) => !p.spec.nodeName);
  const mounting = waiting.filter((p) => p.spec.nodeName);
  if (unplaced.length) says.push({ key: 'sym.csi.unplaced', params: { count: unplaced.length, names: shortList(unplaced.map(podName)) } });
  if (mounting.length) says.push({ key: 'sym.csi.mounting', params: { count: mounting.length, names: shortList(mounting.map(podName)) } });
  const checks = ['kubectl get pvc', 'kubectl get pods -o wide'];
  if (mounting.length) checks.push('kubectl get events --field-selector reason=FailedMount');
  return [{ id: 'csi-down', tone: 'fault', says, checks }];
}

/**
 * kube-controller-manager deaf to watch events: besides missing every change to reconcile, its
 * node controller stops seeing Node Leases move, so it can judge healthy Nodes silent once the
 * 50 s grace period passed — until a kubelet's next status write puts Ready back.
 */
function watchDropKcm(m: Moment): Statement[] {
  const lag = lagging(m);
  return [{ key: 'sym.watchDrop.kcm' }, ...(lag.length ? [{ key: 'sym.watchDrop.lagging', params: { list: shortList(lag) } } satisfies Statement] : [])];
}

function messageFaults(m: Moment): Symptom[] {
  const out: Symptom[] = [];
  for (const target of [...m.active.keys()].sort()) {
    const subject = target.slice(target.indexOf('/') + 1);
    if (target.startsWith('latency/')) out.push({ id: `latency:${subject}`, tone: 'fault', says: [{ key: 'sym.latency', params: { subject, target } }], checks: ['kubectl get pods', 'sim trace --kind watch --last 5'] });
    else if (target.startsWith('watch-drop/')) {
      const says: Statement[] = [{ key: 'sym.watchDrop', params: { subject, target } }, ...(subject === 'kube-controller-manager' ? watchDropKcm(m) : [])];
      out.push({ id: `watch-drop:${subject}`, tone: 'fault', says, checks: ['kubectl get deployments', 'kubectl get pods'] });
    }
  }
  return out;
}

function waitingReason(p: Pod): string | undefined {
  return (p.status?.containerStatuses ?? []).find((c) => c.state.waiting?.reason)?.state.waiting?.reason;
}

function healthyNodes(m: Moment): Set<string> {
  const out = new Set<string>();
  for (const n of objectsOf<Node>(m.objects, 'nodes')) if (n.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')) out.add(n.metadata.name ?? '');
  return out;
}

function group(id: string, list: Pod[], says: (names: string) => Statement, checks: (first: Pod) => string[]): Symptom[] {
  if (!list.length) return [];
  return [{ id, tone: 'problem', says: [says(shortList(list.map(podName)))], checks: checks(list[0]!) }];
}

function workloads(m: Moment): Symptom[] {
  const healthy = healthyNodes(m);
  // Mirror Pods of the control plane's static Pods follow their component, which the
  // control-plane rules already explain (a stopped kube-scheduler leaves its mirror Pod unready).
  const live = pods(m).filter((p) => !deleting(p) && !p.metadata.annotations?.[MIRROR]);
  const placed = live.filter((p) => p.spec.nodeName && healthy.has(p.spec.nodeName));
  const crashing = placed.filter((p) => waitingReason(p) === 'CrashLoopBackOff');
  const pulling = placed.filter((p) => ['ErrImagePull', 'ImagePullBackOff'].includes(waitingReason(p) ?? ''));
  const unschedulable = live.filter((p) => !p.spec.nodeName && p.status?.conditions?.some((c) => c.type === 'PodScheduled' && c.status === 'False' && c.reason === 'Unschedulable'));
  const condition = (p: Pod, type: string) => p.status?.conditions?.find((c) => c.type === type)?.status;
  // A container that just exited (STATUS Error until its restart) is no readiness question: the
  // kubelet reports the exit at its next relist, before the restart or the back-off.
  const exited = (p: Pod): boolean => (p.status?.containerStatuses ?? []).some((c) => c.state.terminated !== undefined);
  const unready = placed.filter((p) => p.status?.phase === 'Running' && !waitingReason(p) && !exited(p) && condition(p, 'Ready') === 'False');
  // Containers not ready: the readiness probe fails. Containers ready but the Pod not: something
  // else marked it — the node controller's "Node is not ready" (MarkPodsNotReady).
  const notReady = unready.filter((p) => condition(p, 'ContainersReady') !== 'True' && (secondsSince(m, p.status?.startTime) ?? 0) >= NOT_READY_AFTER_S);
  const marked = unready.filter((p) => condition(p, 'ContainersReady') === 'True');
  const restarts = (p: Pod): number => (p.status?.containerStatuses ?? []).reduce((n, c) => n + c.restartCount, 0);
  const scheduled = unschedulable[0]?.status?.conditions?.find((c) => c.type === 'PodScheduled');
  return [
    ...group('crashloop', crashing, (names) => ({ key: 'sym.pods.crashLoop', params: { names, restarts: maxOf(crashing.map(restarts)) } }), (p) => [
      podCommand('describe pod', p),
      podCommand('logs', p, ' --previous'),
    ]),
    ...group('image-pull', pulling, (names) => ({ key: 'sym.pods.imagePull', params: { names, reason: waitingReason(pulling[0]!) ?? '' } }), (p) => [podCommand('describe pod', p)]),
    ...group('unschedulable', unschedulable, (names) => ({ key: 'sym.pods.unschedulable', params: { names, message: scheduled?.message ?? '' } }), (p) => [
      podCommand('describe pod', p),
      'kubectl get events --field-selector reason=FailedScheduling',
    ]),
    ...group('not-ready', notReady, (names) => ({ key: 'sym.pods.notReady', params: { names } }), (p) => [podCommand('describe pod', p), 'kubectl get endpointslices']),
    ...group('marked-not-ready', marked, (names) => ({ key: 'sym.pods.markedNotReady', params: { names } }), (p) => [
      podCommand('describe pod', p),
      'kubectl get events -A --field-selector reason=NodeNotReady',
    ]),
  ];
}

export function otherSymptoms(m: Moment): Symptom[] {
  return [...csi(m), ...messageFaults(m), ...workloads(m)];
}
