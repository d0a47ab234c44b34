/**
 * The upstream descriptions explain prints (api-docs.json, about 90 KB gzip) load on their own
 * chunk, so neither the page nor the worker's boot waits for them: the worker starts the load
 * once the cluster is ready, the headless runner and the tests await it before running. Until it
 * arrives, `apiDocs()` is undefined and explain prints the served document as it is (fields
 * `<no description>`); kubectl commands stay synchronous either way.
 */
import type { ApiDocs } from './describe';

let docs: ApiDocs | undefined;
let loading: Promise<ApiDocs> | undefined;

export function apiDocs(): ApiDocs | undefined {
  return docs;
}

export function loadApiDocs(): Promise<ApiDocs> {
  loading ??= import('./api-docs.json').then((m) => (docs = m.default as ApiDocs));
  return loading;
}
