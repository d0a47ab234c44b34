import type { Behaviour } from '../behaviour';

export const kubeletBehaviour: Behaviour<'kubelet'> = { start() {} };
