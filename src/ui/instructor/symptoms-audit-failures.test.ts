/**
 * The symptoms card against the cluster for the failure presets (the syllabus table, a machine
 * off, a partition): every claim it makes right after the fault, a minute and six minutes later —
 * and at every step between — holds, and nothing the cluster does goes unsaid (audit.testing.ts).
 */
import { describe, it } from 'vitest';
import { AUDIT_TIMEOUT_MS, auditPreset } from './audit.testing';
import { available } from './presets';
import { PRESETS } from './presets-data';
import { TOPOLOGIES } from './presets.testing';

describe('the symptoms card keeps its word: failures', () => {
  for (const p of PRESETS.filter((x) => x.group === 'failure')) {
    for (const topology of TOPOLOGIES.filter((t) => available(p, t))) it(`${p.id} (${topology})`, () => auditPreset(p, topology), AUDIT_TIMEOUT_MS);
  }
});
