import type { Behaviour } from '../behaviour';

export const schedulerBehaviour: Behaviour<'kube-scheduler'> = { start() {} };
