/**
 * The upstream descriptions explain prints (api-docs.json, about 90 KB gzip) load on their own
 * chunk (../lazy-chunk.ts), so neither the page nor the worker's boot waits for them: the worker
 * starts the load once the cluster is ready, the headless runner and the tests await it before
 * running. Until it arrives, `apiDocs()` is undefined and explain prints the served document as
 * it is (fields `<no description>`); kubectl commands stay synchronous either way.
 */
import type { ApiDocs } from './describe';
import { lazyChunk } from '../lazy-chunk';

const chunk = lazyChunk(() => import('./api-docs.json').then((m) => m.default as ApiDocs));

export const apiDocs = chunk.get;
export const loadApiDocs = chunk.load;
