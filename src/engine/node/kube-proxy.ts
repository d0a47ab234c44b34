import type { Behaviour } from '../behaviour';

export const kubeProxyBehaviour: Behaviour<'kube-proxy'> = { start() {} };
