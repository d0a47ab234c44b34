/**
 * polymorphichelpers.AttachablePodForObject, shared by `kubectl attach`, `exec` and
 * `port-forward`: a Pod is itself; a Service, ReplicationController, ReplicaSet, Deployment,
 * StatefulSet, DaemonSet or Job picks the most active Pod its selector matches
 * (GetFirstPod with sort.Reverse(podutils.ActivePods)); with none yet, GetPodList watches for
 * the first one to be added or changed, up to --pod-running-timeout.
 *
 * Approximate: `%T` in the errors is spelled `*<version>.<Kind>`, which is what Go prints for
 * the built-in types (a custom resource would be `*unstructured.Unstructured`).
 */
import type { KObject, Pod, Service } from '../../k8s/types';
import type { ResourceInfo } from '../../k8s/resources';
import { resourceInfo } from '../../k8s/resources';
import { fromLabelSelector, fromMap, matches, type Selector } from '../../k8s/labels';
import { resolveType } from '../builder';
import { CmdError, fatalText, plainError } from '../errors';
import type { Env } from '../env';
import { watchUntil } from '../wait-util';

const PODS = resourceInfo('pods')!;

/** The kinds SelectorsForObject knows, by how their selector is spelled. */
const LABEL_SELECTOR_KINDS: ReadonlySet<string> = new Set(['ReplicaSet', 'StatefulSet', 'DaemonSet', 'Deployment', 'Job']);

/** The Pod's phase and readiness as podutils.ActivePods ranks them (higher: more active). */
function activeness(p: Pod): (number | string)[] {
  const phase = (({ Pending: 0, Unknown: 1, Running: 2 }) as Record<string, number>)[p.status?.phase ?? ''] ?? -1;
  const ready = p.status?.conditions?.find((c) => c.type === 'Ready');
  const isReady = ready?.status === 'True';
  const restarts = Math.max(0, ...(p.status?.containerStatuses ?? []).map((c) => c.restartCount ?? 0));
  return [p.spec.nodeName ? 1 : 0, phase, isReady ? 1 : 0, isReady ? `~${ready?.lastTransitionTime ?? ''}` : '', -restarts, p.metadata.creationTimestamp ?? ''];
}

/** sort.Reverse(ActivePods): assigned, Running, Ready, ready longest, fewest restarts, oldest first. */
export function mostActive(pods: Pod[]): Pod | undefined {
  const cmp = (a: Pod, b: Pod): number => {
    const x = activeness(a);
    const y = activeness(b);
    for (let i = 0; i < x.length; i++) {
      if (x[i] === y[i]) continue;
      // Times: earlier is more active (ready longer, created earlier).
      if (typeof x[i] === 'string') return (x[i] as string) < (y[i] as string) ? -1 : 1;
      return (y[i] as number) - (x[i] as number);
    }
    return 0;
  };
  return [...pods].sort(cmp)[0];
}

/** SelectorsForObject, with its errors wrapped as attachablePodForObject wraps them. */
function selectorOf(obj: KObject, info: ResourceInfo): Selector {
  const type = `*${info.version}.${info.kind}`;
  if (info.kind === 'Service') {
    const sel = (obj as Service).spec?.selector;
    if (!sel || Object.keys(sel).length === 0) throw plainError(`cannot attach to ${type}: invalid service '${obj.metadata.name ?? ''}': Service is defined without a selector`);
    return fromMap(sel);
  }
  if (info.kind === 'ReplicationController') return fromMap((obj.spec as { selector?: Record<string, string> } | undefined)?.selector);
  if (LABEL_SELECTOR_KINDS.has(info.kind)) return fromLabelSelector((obj.spec as { selector?: Parameters<typeof fromLabelSelector>[0] } | undefined)?.selector);
  throw plainError(`cannot attach to ${type}: selector for ${type} not implemented`);
}

/** AttachablePodForObject for an object already read. */
export function attachablePod(env: Env, obj: KObject, info: ResourceInfo, ns: string, timeoutMs: number): Pod {
  if (info.resource === 'pods') return obj as Pod;
  const selector = selectorOf(obj, info);
  const pods = env.client.list(PODS, ns, { labelSelector: selector });
  if (!pods.ok) throw new CmdError(fatalText(pods.error));
  const first = mostActive(pods.value as Pod[]);
  if (first) return first;
  // GetPodList: watch from the list for the first Pod added or changed.
  let seen: Pod | undefined;
  watchUntil(env, 'pods', { namespace: ns }, [], timeoutMs, (e) => {
    if ((e.type === 'ADDED' || e.type === 'MODIFIED') && matches(selector, e.obj.metadata.labels)) seen = e.obj as Pod;
    return seen !== undefined;
  });
  if (!seen) throw plainError('timed out waiting for the condition');
  return seen;
}

/** The builder's `POD`, `TYPE/NAME` read, then AttachablePodForObject. */
export function attachablePodFor(env: Env, arg: string, ns: string, timeoutMs: number): Pod {
  const slash = arg.indexOf('/');
  const info = slash >= 0 ? resolveType(arg.slice(0, slash)) : PODS;
  const name = slash >= 0 ? arg.slice(slash + 1) : arg;
  const got = env.client.get(info, ns, name);
  if (!got.ok) throw new CmdError(fatalText(got.error));
  return attachablePod(env, got.value, info, ns, timeoutMs);
}
