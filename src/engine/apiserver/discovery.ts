/**
 * Legacy discovery as kube-apiserver serves it on its non-resource paths (`/api`, `/api/v1`,
 * `/apis`, `/apis/<group>`, `/apis/<group>/<version>`), so `kubectl get --raw /apis/apps/v1` in
 * the page reads the same documents `reconcile serve` hands a real kubectl. The documents are
 * src/k8s/discovery.ts's; what is served beyond the built-in table is read from the World now:
 * established CRDs, then aggregated groups (metrics.k8s.io) while their APIService is Available.
 */
import { apiGroup, apiGroupList, apiResourceList, apiVersions } from '../../k8s/discovery';
import type { ResourceInfo } from '../../k8s/resources';
import { customResources } from '../apiextensions/served';
import type { World } from '../world';
import { aggregatedResources } from './aggregator';
import { lbAddress } from './handler';

/** What discovery lists beyond the built-in table: established CRDs, then Available aggregated groups. */
export function servedExtra(w: World): ResourceInfo[] {
  return [...customResources(w), ...aggregatedResources(w)];
}

/**
 * The document at a discovery path (split on `/`), `undefined` for a discovery path nothing is
 * served at (404), or `null` when the path is not discovery's at all.
 */
export function discoveryDocument(w: World, parts: readonly string[]): object | undefined | null {
  if (parts[0] === 'api') {
    if (parts.length === 1) return apiVersions(lbAddress(w));
    return parts.length === 2 ? apiResourceList('', parts[1]!, servedExtra(w)) : null;
  }
  if (parts[0] !== 'apis') return null;
  switch (parts.length) {
    case 1:
      return apiGroupList(servedExtra(w));
    case 2:
      return apiGroup(parts[1]!, servedExtra(w));
    case 3:
      return apiResourceList(parts[1]!, parts[2]!, servedExtra(w));
    default:
      return null;
  }
}
