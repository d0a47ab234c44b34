import { commandsSuite } from './commands';
import { manifestsSuite } from './manifests';
import { sequencesSuite } from './sequences';
import type { FuzzSuite } from './suite';

export const SUITES: readonly FuzzSuite<never>[] = [commandsSuite, manifestsSuite, sequencesSuite] as unknown as FuzzSuite<never>[];
