/**
 * What a component card reads from the store, as pure functions: the Lease that says who leads
 * (or, for a kubelet, that its node is alive) and the latest messages the component sent or
 * received, with controllers counted as kube-controller-manager.
 */
import type { KObject, Lease } from '../../k8s/types';
import type { TraceRecord } from '../../engine/core/trace';
import type { ComponentSummary } from '../../protocol/messages';
import type { Locale } from '../i18n/catalog';
import { narrateAt } from '../narration/narrate';
import { drawnAs } from './actors';

export interface LeaseView {
  namespace: string;
  name: string;
  holder: string | undefined;
  renewTime: string | undefined;
}

/** The Lease a component holds or renews: leader election in kube-system, node heartbeats in kube-node-lease. */
export function leaseOf(c: Pick<ComponentSummary, 'kind' | 'host'>, objects: ReadonlyMap<string, KObject>): LeaseView | 'none' | undefined {
  let namespace: string;
  let name: string;
  if (c.kind === 'kube-scheduler' || c.kind === 'kube-controller-manager') {
    namespace = 'kube-system';
    name = c.kind;
  } else if (c.kind === 'kubelet') {
    namespace = 'kube-node-lease';
    name = c.host;
  } else {
    return undefined;
  }
  const lease = objects.get(`leases/${namespace}/${name}`) as Lease | undefined;
  if (!lease) return 'none';
  return { namespace, name, holder: lease.spec.holderIdentity, renewTime: lease.spec.renewTime };
}

export const CARD_MESSAGES = 8;

/**
 * The last `n` messages between this component and another, newest first. Self-hops (apiserver
 * stages, reconciles), Events and Lease renewals would crowd out the messages that explain
 * what happened, so they are left out.
 */
export function recentMessages(
  trace: readonly TraceRecord[],
  id: string,
  components: ReadonlyMap<string, ComponentSummary>,
  leaders: ReadonlySet<string> = new Set(),
  n = CARD_MESSAGES,
): TraceRecord[] {
  return recentIndexes(trace, id, components, leaders, n).map((i) => trace[i]!);
}

function recentIndexes(trace: readonly TraceRecord[], id: string, components: ReadonlyMap<string, ComponentSummary>, leaders: ReadonlySet<string>, n: number): number[] {
  const out: number[] = [];
  for (let i = trace.length - 1; i >= 0 && out.length < n; i--) {
    const r = trace[i]!;
    if (r.from === r.to || r.kind === 'lease' || r.kind === 'event') continue;
    if (drawnAs(r.from, components, leaders) === id || drawnAs(r.to, components, leaders) === id) out.push(i);
  }
  return out;
}

/** The same messages, each as its narration sentence (what the card lists). */
export function recentSentences(
  trace: readonly TraceRecord[],
  id: string,
  components: ReadonlyMap<string, ComponentSummary>,
  leaders: ReadonlySet<string>,
  locale: Locale,
  n = CARD_MESSAGES,
): { seq: number; text: string }[] {
  return recentIndexes(trace, id, components, leaders, n).map((i) => ({ seq: trace[i]!.seq, text: narrateAt(trace, i, locale) }));
}
