import type { Behaviour } from '../behaviour';

export const runtimeBehaviour: Behaviour<'container-runtime'> = { start() {} };
