/**
 * The pieces narration sentences are made of: who (a component, in words a learner can say aloud)
 * and what (an object as kubectl names it: `deployment go-api`, `pod kube-system/coredns-x`).
 * Component ids, kinds and object names are never translated; only the connecting words are.
 */
import type { NamespacedName, TraceObject } from '../../engine/core/trace';
import { translate, type Locale, type MessageKey } from '../i18n/catalog';
import { closeChineseGaps } from '../../lesson-runtime/chinese-text';

/** Translation bound to one locale: every narration function takes one. */
export type Say = (key: MessageKey, params?: Record<string, string | number>) => string;

export function sayer(locale: Locale): Say {
  return (key, params) => translate(locale, key, params);
}

/** kube-controller-manager's controllers by the actor id they trace under. */
const CONTROLLERS: Readonly<Record<string, MessageKey>> = {
  'deployment-controller': 'narr.ctrl.deployment',
  'replicaset-controller': 'narr.ctrl.replicaset',
  'replication-controller': 'narr.ctrl.replication',
  'daemon-set-controller': 'narr.ctrl.daemonset',
  'job-controller': 'narr.ctrl.job',
  'cronjob-controller': 'narr.ctrl.cronjob',
  'disruption-controller': 'narr.ctrl.disruption',
  'horizontal-pod-autoscaler': 'narr.ctrl.hpa',
  'statefulset-controller': 'narr.ctrl.statefulset',
  'resourcequota-controller': 'narr.ctrl.resourcequota',
  'ttl-after-finished-controller': 'narr.ctrl.ttl',
  'ttl-controller': 'narr.ctrl.nodettl',
  'service-cidrs-controller': 'narr.ctrl.servicecidrs',
  'validatingadmissionpolicy-status-controller': 'narr.ctrl.vapstatus',
  'bootstrap-signer': 'narr.ctrl.bootstrapsigner',
  'token-cleaner': 'narr.ctrl.tokencleaner',
  csrsigning: 'narr.ctrl.csrsigning',
  csrapproving: 'narr.ctrl.csrapproving',
  csrcleaner: 'narr.ctrl.csrcleaner',
  'clusterrole-aggregation-controller': 'narr.ctrl.aggregation',
  'endpoint-controller': 'narr.ctrl.endpoint',
  'endpointslice-controller': 'narr.ctrl.endpointslice',
  'node-controller': 'narr.ctrl.node',
  'node-ipam-controller': 'narr.ctrl.nodeipam',
  'service-account-controller': 'narr.ctrl.serviceaccount',
  'persistent-volume-binder': 'narr.ctrl.pvbinder',
  'root-ca-cert-publisher': 'narr.ctrl.rootca',
  'taint-eviction-controller': 'narr.ctrl.tainteviction',
  'generic-garbage-collector': 'narr.ctrl.gc',
  'pod-garbage-collector': 'narr.ctrl.podgc',
  'namespace-controller': 'narr.ctrl.namespace',
};

/** Per-node components, keyed by the role before the slash (`kubelet/node-2`). */
const ON_NODE: Readonly<Record<string, MessageKey>> = {
  kubelet: 'narr.actor.kubelet',
  'container-runtime': 'narr.actor.runtimeOn',
  cni: 'narr.actor.cniOn',
  'kube-proxy': 'narr.actor.proxyOn',
  csi: 'narr.actor.csiOn',
};

/** `kubelet on node-2`, `the Deployment controller`, `kube-scheduler` (programs keep their names). */
export function actor(say: Say, id: string): string {
  if (id === 'instructor') return say('narr.actor.instructor');
  if (id === 'user') return say('narr.actor.user');
  if (id === 'csi') return say('narr.actor.csi');
  const ctrl = CONTROLLERS[id];
  if (ctrl) return say(ctrl);
  const slash = id.indexOf('/');
  if (slash > 0) {
    const key = ON_NODE[id.slice(0, slash)];
    if (key) return say(key, { node: id.slice(slash + 1) });
  }
  return id;
}

/** The host part of a per-node component id (`kubelet/node-2` → `node-2`). */
export function hostOf(id: string): string | undefined {
  const slash = id.indexOf('/');
  return slash > 0 ? id.slice(slash + 1) : undefined;
}

/**
 * The callee of a node-local hop: just `the container runtime` when it runs on the caller's own
 * node (the sentence already says which node), the full name otherwise.
 */
export function localPeer(say: Say, from: string, to: string, bare: MessageKey): string {
  const host = hostOf(to);
  return host === undefined || host === hostOf(from) ? say(bare) : actor(say, to);
}

/** `go-api` in default, `kube-system/coredns-x` elsewhere: kubectl's default namespace is implied. */
export function qualified(namespace: string | undefined, name: string): string {
  return namespace && namespace !== 'default' ? `${namespace}/${name}` : name;
}

/** `deployment go-api`; a generateName prefix (`go-api-568fb6b74-`) reads as a new object. */
export function objectPhrase(say: Say, o: TraceObject | undefined): string {
  if (!o) return say('narr.obj.unknown');
  const kind = o.kind.toLowerCase();
  if (o.name === '') return say('narr.obj.some', { kind });
  if (o.name.endsWith('-')) return say('narr.obj.generated', { kind, prefix: o.name });
  return `${kind} ${qualified(o.namespace, o.name)}`;
}

/** `pod go-api-x` in default, `pod kube-system/coredns-x` elsewhere. */
export function podPhrase(p: NamespacedName): string {
  return `pod ${qualified(p.namespace, p.name)}`;
}

/** Leading words that are plain English, not a program name, and so take a capital. */
const ORDINARY_START = /^(the|a|an|mutating|validating|container)\b/;

/**
 * The finished sentence. English starts with a capital unless it starts with a program's name
 * (kubectl, etcd…). Chinese templates put a space around every placeholder, which is right next
 * to Latin names (`请求 kube-apiserver 创建`) and is taken out here where both sides are Chinese
 * (`请求 容器运行时 为` → `请求容器运行时为`).
 */
export function sentence(locale: Locale, text: string): string {
  if (locale !== 'en') return closeChineseGaps(text).replace(/ {2,}/g, ' ').trim();
  if (!ORDINARY_START.test(text)) return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
