/**
 * What cloud-controller-manager runs (cmd/cloud-controller-manager's default controllers: cloud-node,
 * cloud-node-lifecycle, service, route): the cloud node controller and the service controller.
 * The node-lifecycle controller (deleting Nodes whose instance is gone) and the route controller
 * (cloud routes for Pod CIDRs; the simulated CNI needs none) are not modelled.
 * All of them run with the `kube-system/cloud-controller-manager` ServiceAccount bound to
 * `system:cloud-controller-manager`, as the provider's install manifests set it up.
 */
import type { ControllerDef } from '../framework';
import { controllerUser, type UserInfo } from '../../apiserver/auth';
import { cloudNodeController } from './node';
import { serviceController } from './service';

export const CLOUD_CONTROLLERS: ControllerDef[] = [cloudNodeController, serviceController];

export const CLOUD_MANAGER_USER: UserInfo = controllerUser('cloud-controller-manager');
