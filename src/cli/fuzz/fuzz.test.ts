/**
 * The fuzz suites, a bounded number of runs with a fixed seed (npm run fuzz runs many more).
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { SUITES } from './suites';

const SEED = 20261202;

describe('fuzz suites (fixed seed)', () => {
  for (const suite of SUITES) {
    it(`${suite.id}: ${suite.title}`, () => {
      fc.assert(fc.property(suite.arbitrary, (input) => suite.check(input as never)), { seed: SEED, numRuns: suite.testRuns, endOnFailure: false });
    }, 300_000);
  }
});
