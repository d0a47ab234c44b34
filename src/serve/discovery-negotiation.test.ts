import { describe, expect, it } from 'vitest';
import { wantsAggregated } from './discovery-negotiation';

describe('discovery negotiation', () => {
  it('recognises the Accept header kubectl sends first', () => {
    expect(wantsAggregated('application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json')).toBe(true);
    expect(wantsAggregated('application/json, */*')).toBe(false);
  });
});
