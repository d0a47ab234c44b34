import { describe, expect, it } from 'vitest';
import { podManifest } from '../scheduler.testing';
import { preEnqueue } from './scheduling-gates';

describe('SchedulingGates', () => {
  it('blocks a Pod while it has gates', () => {
    expect(preEnqueue(podManifest('p'))).toBeUndefined();
    expect(preEnqueue(podManifest('p', { schedulingGates: [{ name: 'a' }, { name: 'b' }] }))).toBe('waiting for scheduling gates: [a b]');
  });
});
