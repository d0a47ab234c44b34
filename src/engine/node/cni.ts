import type { Behaviour } from '../behaviour';

export const cniBehaviour: Behaviour<'cni'> = { start() {} };
