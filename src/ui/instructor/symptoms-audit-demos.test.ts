/**
 * The symptoms card against the cluster for the high-availability and self-healing presets, as
 * symptoms-audit-failures.test.ts does for the failures.
 */
import { describe, it } from 'vitest';
import { AUDIT_TIMEOUT_MS, auditPreset } from './audit.testing';
import { available } from './presets';
import { PRESETS } from './presets-data';
import { TOPOLOGIES } from './presets.testing';

describe('the symptoms card keeps its word: high availability and self-healing', () => {
  for (const p of PRESETS.filter((x) => x.group !== 'failure')) {
    for (const topology of TOPOLOGIES.filter((t) => available(p, t))) it(`${p.id} (${topology})`, () => auditPreset(p, topology), AUDIT_TIMEOUT_MS);
  }
});
