import { describe, expect, it } from 'vitest';
import type { NodeCondition } from '../../../k8s/types';
import { computeZoneState, handleDisruption, limiterFor, newZones, tryAccept } from './disruption';

const c = (status: NodeCondition['status']): NodeCondition => ({ type: 'Ready', status });

describe('zone disruption', () => {
  it('classifies zones like ComputeZoneState', () => {
    expect(computeZoneState([c('True'), c('Unknown')])).toBe('Normal');
    expect(computeZoneState([c('True'), c('Unknown'), c('Unknown')])).toBe('Normal');
    expect(computeZoneState([c('True'), c('Unknown'), c('Unknown'), c('False')])).toBe('PartialDisruption');
    expect(computeZoneState([c('Unknown'), undefined])).toBe('FullDisruption');
  });

  it('taints one Node per 10 s, none in a small partially disrupted zone, and stops when everything is down', () => {
    const z = newZones();
    const l = limiterFor(z, '', 0);
    expect(tryAccept(l, 0)).toBe(true);
    expect(tryAccept(l, 5_000)).toBe(false);
    expect(tryAccept(l, 10_000)).toBe(true);

    expect(handleDisruption(z, new Map([['', [c('True'), c('True'), c('Unknown')]]]), 20_000)).toBe('none');
    expect(handleDisruption(z, new Map([['', [c('True'), c('Unknown'), c('Unknown'), c('Unknown')]]]), 25_000)).toBe('none');
    expect(z.states.get('')).toBe('PartialDisruption');
    expect(tryAccept(limiterFor(z, '', 0), 60_000)).toBe(false);

    expect(handleDisruption(z, new Map([['', [c('Unknown'), c('Unknown')]]]), 65_000)).toBe('enterMasterDisruption');
    expect(handleDisruption(z, new Map([['', [c('Unknown'), c('Unknown')]]]), 70_000)).toBe('none');
    expect(handleDisruption(z, new Map([['', [c('True'), c('Unknown')]]]), 75_000)).toBe('exitMasterDisruption');
    expect(z.states.get('')).toBe('Normal');
  });
});
