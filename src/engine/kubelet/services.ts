/**
 * The kubelet's Service informer (kubelet.go: serviceLister over every namespace's Services,
 * started with the kubelet): what getServiceEnvVarMap reads when it makes a container's
 * environment. Its events change nothing else the kubelet does.
 */
import { newInformer } from '../client/informer';
import type { InformerState } from '../client/types';

export const SERVICES = 'services';

export function newServiceInformer(): InformerState {
  return newInformer(SERVICES, {});
}
