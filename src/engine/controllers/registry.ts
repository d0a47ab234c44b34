/** The controllers kube-controller-manager runs, in its start order. */
import type { ControllerDef } from './framework';

export const CONTROLLERS: ControllerDef[] = [];
