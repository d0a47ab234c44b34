/**
 * `kubectl exec` into a static Pod (`kubectl exec -n kube-system etcd-control-plane -- etcdctl
 * …`). The control-plane processes are the simulation's own components, not CRI containers
 * (static-pods.ts), so an exec gets a process of the manifest's image and command, started when
 * the component started: its filesystem and binaries are the image's (distroless etcd has
 * etcdctl and no shell; kube-apiserver has neither), and etcdctl reaches the cluster's etcd over
 * the host network (etcd/client-view.ts).
 */
import type { Pod } from '../../k8s/types';
import { etcdClientView } from '../etcd/client-view';
import { hashHex } from '../node/hex';
import { resolveImage, startProcess } from '../node/app';
import type { ProcessState } from '../images/process';
import type { NetworkView } from '../images/types';
import type { World } from '../world';
import type { KubeletState } from './state';
import { STATIC_POD_KINDS } from './static-pod-manifests';

export interface StaticExec {
  process: ProcessState;
  /** What the command reaches: the Pod network, and etcd's client port from the etcd Pod. */
  extra: Pick<NetworkView, 'etcd'>;
}

/** The process an exec runs in, or undefined when the static container is not running here. */
export function staticPodProcess(w: World, self: KubeletState, pod: Pod, container: string): StaticExec | undefined {
  const kind = STATIC_POD_KINDS.find((k) => k === container);
  if (kind === undefined) return undefined;
  const c = [...w.components.values()].find((x) => x.host === self.host && x.kind === kind);
  const spec = pod.spec.containers.find((x) => x.name === container);
  if (!c?.running || !spec?.image) return undefined;
  const book = pod.metadata.name === undefined ? undefined : self.staticPods[pod.metadata.name];
  const startedAt = book?.startedAt ?? w.now;
  const input = {
    image: resolveImage(spec.image),
    env: {},
    ports: {},
    startedAt,
    restartCount: book?.restartCount ?? 0,
    seed: parseInt(hashHex(`${self.host}/${container}/${startedAt}`).slice(0, 8), 16),
    podIP: w.machineSpecs.get(self.host)?.ip ?? '127.0.0.1',
    hostname: self.host,
    namespace: pod.metadata.namespace ?? 'kube-system',
    ...(spec.command ? { command: spec.command } : {}),
    ...(spec.args ? { args: spec.args } : {}),
  };
  return { process: startProcess(input), extra: kind === 'etcd' ? { etcd: etcdClientView(w, self.host) } : {} };
}
