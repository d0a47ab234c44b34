import type { Behaviour } from '../behaviour';

export const csiBehaviour: Behaviour<'csi'> = { start() {} };
