/**
 * Content negotiation for discovery (src/k8s/discovery.ts builds the documents): kubectl asks
 * for the aggregated form first through its Accept header and falls back to the legacy one.
 */

export const AGGREGATED_MEDIA_TYPE = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';

/** Whether an Accept header asks for aggregated discovery (v2; v2beta1 is answered as v2's shape is the same). */
export function wantsAggregated(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((t) => t.includes('g=apidiscovery.k8s.io') && t.includes('as=APIGroupDiscoveryList') && t.includes('v=v2') && !t.includes('v=v2beta1'));
}
