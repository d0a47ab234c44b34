/**
 * Reading a request path by segments, as kube-apiserver's request-info resolver splits it: the
 * browser's `kubectl get --raw` and `reconcile serve` both take what follows a Pod's `proxy`
 * segment this way.
 */

/** What follows the first `n` segments of a URL path (`/a/b/c/` after 2: `/c/`); empty slashes count for none. */
export function afterSegments(path: string, n: number): string {
  let at = 0;
  for (let i = 0; i < n; i++) {
    while (path[at] === '/') at++;
    const next = path.indexOf('/', at);
    at = next < 0 ? path.length : next;
  }
  return path.slice(at);
}
