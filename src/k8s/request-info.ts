/**
 * What kube-apiserver's authorization filter reads off a request line before any route is
 * matched: RequestInfoFactory.NewRequestInfo. It runs for every path, so a path nothing serves
 * is still authorized as the resource or non-resource request its shape names — a client that
 * may not list `bars.example.com` is refused 403 before anyone finds there is no such resource.
 * (api-route.ts reads the same line for routing; the two differ on purpose: RequestInfo never
 * looks at what is served.)
 */

export type RequestInfo =
  | {
      resourceRequest: true;
      /** `create`, `get`, `list`, `watch`, `update`, `patch`, `delete`, `deletecollection`, a special verb, or '' for another method. */
      verb: string;
      apiGroup: string;
      /** '' for a cluster-scoped path; for `namespaces/<name>` the namespace's own name. */
      namespace: string;
      resource: string;
      subresource: string;
      name: string;
    }
  | { resourceRequest: false; verb: string; path: string };

/** Group-less API prefixes (`/api`) and every API prefix kube-apiserver serves. */
const API_PREFIXES = new Set(['api', 'apis']);
const SPECIAL_VERBS = new Set(['proxy', 'watch']);
/** specialVerbsNoSubresources: `proxy/<resource>/<name>/<more>` names no subresource. */
const NO_SUBRESOURCE_VERBS = new Set(['proxy']);
const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

const METHOD_VERBS: Readonly<Record<string, string>> = { POST: 'create', GET: 'get', HEAD: 'get', PUT: 'update', PATCH: 'patch', DELETE: 'delete' };

/**
 * `url` is the path as sent, with its query. A path RequestInfoFactory cannot read
 * (`/api/v1/watch`) is undefined: kube-apiserver answers it 500 before authorizing.
 */
export function requestInfo(method: string, url: string): RequestInfo | undefined {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const nonResource: RequestInfo = { resourceRequest: false, verb: method.toLowerCase(), path };
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  let parts = trimmed === '' ? [] : trimmed.split('/').map(decodeSegment);
  if (parts.length < 3 || !API_PREFIXES.has(parts[0]!)) return nonResource;
  let apiGroup = '';
  if (parts[0] !== 'api') {
    if (parts.length < 4) return nonResource;
    apiGroup = parts[1]!;
    parts = parts.slice(2);
  } else parts = parts.slice(1);
  // parts[0] is the version.
  parts = parts.slice(1);
  let verb: string;
  if (SPECIAL_VERBS.has(parts[0]!)) {
    if (parts.length < 2) return undefined;
    verb = parts[0]!;
    parts = parts.slice(1);
  } else verb = Object.hasOwn(METHOD_VERBS, method) ? METHOD_VERBS[method]! : '';
  let namespace = '';
  if (parts[0] === 'namespaces' && parts.length > 1) {
    namespace = parts[1]!;
    if (parts.length > 2 && !NAMESPACE_SUBRESOURCES.has(parts[2]!)) parts = parts.slice(2);
  }
  const resource = parts[0] ?? '';
  const name = parts[1] ?? '';
  const subresource = parts.length >= 3 && !NO_SUBRESOURCE_VERBS.has(verb) ? parts[2]! : '';
  if (name === '' && verb === 'get') {
    const watch = watchParam(q < 0 ? '' : url.slice(q + 1));
    verb = watch === undefined || watch === 'false' || watch === '0' ? 'list' : 'watch';
  }
  if (name === '' && verb === 'delete') verb = 'deletecollection';
  return { resourceRequest: true, verb, apiGroup, namespace, resource, subresource, name };
}

/** The first `watch` value of the query, lower-cased (Go's URL.Query()["watch"][0]). */
function watchParam(query: string): string | undefined {
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    if (decodeQuery(key) === 'watch') return decodeQuery(eq < 0 ? '' : pair.slice(eq + 1)).toLowerCase();
  }
  return undefined;
}

/** req.URL.Path is already unescaped; a malformed escape stays as sent. */
function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function decodeQuery(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}
