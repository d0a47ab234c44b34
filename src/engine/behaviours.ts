/** The behaviour of every component kind, in one table the dispatcher switches over. */
import type { BehaviourTable } from './behaviour';
import { apiServerBehaviour } from './apiserver/behaviour';
import { etcdBehaviour } from './etcd/behaviour';
import { schedulerBehaviour } from './scheduler/behaviour';
import { cloudControllerManagerBehaviour, controllerManagerBehaviour } from './controllers/behaviour';
import { kubeletBehaviour } from './kubelet/behaviour';
import { runtimeBehaviour } from './node/runtime';
import { cniBehaviour } from './node/cni';
import { csiBehaviour } from './node/csi';
import { kubeProxyBehaviour } from './node/kube-proxy';

export const BEHAVIOURS: BehaviourTable = {
  kubectl: { start() {} },
  'kube-apiserver': apiServerBehaviour,
  etcd: etcdBehaviour,
  'kube-scheduler': schedulerBehaviour,
  'kube-controller-manager': controllerManagerBehaviour,
  'cloud-controller-manager': cloudControllerManagerBehaviour,
  kubelet: kubeletBehaviour,
  'container-runtime': runtimeBehaviour,
  cni: cniBehaviour,
  csi: csiBehaviour,
  'kube-proxy': kubeProxyBehaviour,
};
