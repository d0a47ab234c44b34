/** Presets on the real engine: the failure table, a node off and a partition. Each does what it says (presets.testing.ts). */
import { describe, it } from 'vitest';
import { PRESETS } from './presets-data';
import { runPreset, topologiesOf } from './presets.testing';

describe('presets on the real engine', () => {
  for (const p of PRESETS.filter((p) => p.group === 'failure')) {
    for (const topology of topologiesOf(p)) it(`${p.id} (${topology})`, () => runPreset(p, topology));
  }
});
