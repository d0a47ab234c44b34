import { describe, expect, it } from 'vitest';
import { ApiQuery, queryFlag } from './api-query';
import { apiRoute, type ApiRoute } from './api-route';
import { METRICS_RESOURCES } from './resources';

/** A route as data: the parts RequestInfo has, the proxy path, and the query read back. */
function read(method: string, url: string, extra = METRICS_RESOURCES): unknown {
  const r: ApiRoute = apiRoute(method, url, extra);
  if (r.type !== 'resource') return r;
  const { info, verb, namespace, name, subresource, proxyPath } = r;
  return { verb, group: info.group, version: info.version, resource: info.resource, namespace, name, subresource, proxyPath };
}

const res = (verb: string, group: string, version: string, resource: string, more: { namespace?: string; name?: string; subresource?: string; proxyPath?: string } = {}): unknown => ({
  verb,
  group,
  version,
  resource,
  namespace: more.namespace,
  name: more.name,
  subresource: more.subresource,
  proxyPath: more.proxyPath,
});
const NOT_FOUND = { type: 'not-found' };
const NOT_ALLOWED = { type: 'method-not-allowed' };

describe('apiRoute: RequestInfoFactory and the installed routes', () => {
  it.each([
    // Collections and objects, namespaced or not; the verb from the method.
    ['GET', '/api/v1/namespaces/default/pods', res('list', '', 'v1', 'pods', { namespace: 'default' })],
    ['GET', '/api/v1/pods', res('list', '', 'v1', 'pods')],
    ['GET', '/api/v1/namespaces/default/pods/web', res('get', '', 'v1', 'pods', { namespace: 'default', name: 'web' })],
    ['HEAD', '/api/v1/nodes/node-1', res('get', '', 'v1', 'nodes', { name: 'node-1' })],
    ['POST', '/api/v1/namespaces/default/configmaps', res('create', '', 'v1', 'configmaps', { namespace: 'default' })],
    ['DELETE', '/api/v1/namespaces/default/configmaps', res('deletecollection', '', 'v1', 'configmaps', { namespace: 'default' })],
    ['PATCH', '/apis/apps/v1/namespaces/default/deployments/web', res('patch', 'apps', 'v1', 'deployments', { namespace: 'default', name: 'web' })],
    // Trailing slashes are trimmed, as go-restful trims them.
    ['GET', '/api/v1/namespaces/default/pods/', res('list', '', 'v1', 'pods', { namespace: 'default' })],
    ['GET', '/apis/apps/v1/namespaces/default/deployments/web//', res('get', 'apps', 'v1', 'deployments', { namespace: 'default', name: 'web' })],
    // Watches: `?watch` turns a collection's GET into one (any value but 0 and false), not an object's; the deprecated prefix does.
    ['GET', '/api/v1/pods?watch=true', res('watch', '', 'v1', 'pods')],
    ['GET', '/api/v1/namespaces/default/pods?watch=1&labelSelector=app%3Dweb', res('watch', '', 'v1', 'pods', { namespace: 'default' })],
    ['GET', '/api/v1/pods?watch', res('watch', '', 'v1', 'pods')],
    ['GET', '/api/v1/pods?watch=False', res('list', '', 'v1', 'pods')],
    ['GET', '/api/v1/pods?watch=0', res('list', '', 'v1', 'pods')],
    ['GET', '/api/v1/namespaces/default/pods/web?watch=true', res('get', '', 'v1', 'pods', { namespace: 'default', name: 'web' })],
    ['GET', '/api/v1/watch/namespaces/default/pods', res('watch', '', 'v1', 'pods', { namespace: 'default' })],
    ['GET', '/api/v1/watch/namespaces/default/pods/web', res('watch', '', 'v1', 'pods', { namespace: 'default', name: 'web' })],
    ['GET', '/apis/apps/v1/watch/deployments', res('watch', 'apps', 'v1', 'deployments')],
    ['POST', '/api/v1/watch/pods', NOT_ALLOWED],
    ['GET', '/api/v1/watch/namespaces/default/pods/web/status', NOT_FOUND],
    // A Namespace's own subresources are not a resource in it.
    ['GET', '/api/v1/namespaces/default', res('get', '', 'v1', 'namespaces', { name: 'default' })],
    ['GET', '/api/v1/namespaces/default/status', res('get', '', 'v1', 'namespaces', { name: 'default', subresource: 'status' })],
    ['PUT', '/api/v1/namespaces/team/finalize', res('update', '', 'v1', 'namespaces', { name: 'team', subresource: 'finalize' })],
    ['GET', '/api/v1/namespaces/team/finalize', NOT_ALLOWED],
    ['GET', '/api/v1/namespaces/default/status/more', NOT_FOUND],
    // Cluster-scoped objects' status; every workload's scale; a subresource the resource has not.
    ['GET', '/api/v1/nodes/node-1/status', res('get', '', 'v1', 'nodes', { name: 'node-1', subresource: 'status' })],
    ['GET', '/api/v1/persistentvolumes/pv-1/status', res('get', '', 'v1', 'persistentvolumes', { name: 'pv-1', subresource: 'status' })],
    ['GET', '/apis/apps/v1/namespaces/default/deployments/web/scale', res('get', 'apps', 'v1', 'deployments', { namespace: 'default', name: 'web', subresource: 'scale' })],
    ['PUT', '/apis/apps/v1/namespaces/default/replicasets/web-1/scale', res('update', 'apps', 'v1', 'replicasets', { namespace: 'default', name: 'web-1', subresource: 'scale' })],
    ['GET', '/apis/apps/v1/namespaces/default/statefulsets/db/scale', res('get', 'apps', 'v1', 'statefulsets', { namespace: 'default', name: 'db', subresource: 'scale' })],
    ['GET', '/apis/apps/v1/namespaces/default/daemonsets/ds/scale', NOT_FOUND],
    ['GET', '/api/v1/namespaces/default/configmaps/x/status', NOT_FOUND],
    // Subresources served for some methods only: binding, eviction, token are created; log is read.
    ['GET', '/api/v1/namespaces/default/pods/web/binding', NOT_ALLOWED],
    ['POST', '/api/v1/namespaces/default/pods/web/eviction', res('create', '', 'v1', 'pods', { namespace: 'default', name: 'web', subresource: 'eviction' })],
    ['GET', '/api/v1/namespaces/default/serviceaccounts/default/token', NOT_ALLOWED],
    ['PUT', '/api/v1/namespaces/default/pods/web/log', NOT_ALLOWED],
    ['GET', '/api/v1/namespaces/default/pods/web/log?container=c&tailLines=2', res('get', '', 'v1', 'pods', { namespace: 'default', name: 'web', subresource: 'log' })],
    ['GET', '/api/v1/namespaces/default/pods/web/log/more', NOT_FOUND],
    // Connecters: a Pod's proxy and a Service's carry what follows as the target's path, escaped and with the query.
    ['GET', '/api/v1/namespaces/default/pods/web/exec?command=ls', res('get', '', 'v1', 'pods', { namespace: 'default', name: 'web', subresource: 'exec' })],
    ['GET', '/api/v1/namespaces/default/pods/web:80/proxy/healthz/ready/?v=1&x', res('get', '', 'v1', 'pods', { namespace: 'default', name: 'web:80', subresource: 'proxy', proxyPath: '/healthz/ready/?v=1&x' })],
    ['GET', '/api/v1/namespaces/default/pods/web/proxy', res('get', '', 'v1', 'pods', { namespace: 'default', name: 'web', subresource: 'proxy', proxyPath: '' })],
    ['GET', '/api/v1/namespaces/default/services/web:80/proxy/', res('get', '', 'v1', 'services', { namespace: 'default', name: 'web:80', subresource: 'proxy', proxyPath: '/' })],
    ['POST', '/api/v1/namespaces/default/services/https:web:443/proxy/a%20b?q=1', res('create', '', 'v1', 'services', { namespace: 'default', name: 'https:web:443', subresource: 'proxy', proxyPath: '/a%20b?q=1' })],
    ['GET', '/api/v1/namespaces/default/services/web/proxy?a=b', res('get', '', 'v1', 'services', { namespace: 'default', name: 'web', subresource: 'proxy', proxyPath: '?a=b' })],
    // Versions served by conversion, aggregated groups, custom resources: at the URL's version, only when served.
    ['GET', '/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers', res('list', 'autoscaling', 'v1', 'horizontalpodautoscalers', { namespace: 'default' })],
    ['GET', '/apis/autoscaling/v3/namespaces/default/horizontalpodautoscalers', NOT_FOUND],
    ['GET', '/apis/metrics.k8s.io/v1beta1/nodes/node-1', res('get', 'metrics.k8s.io', 'v1beta1', 'nodes', { name: 'node-1' })],
    ['GET', '/apis/metrics.k8s.io/v1beta1/namespaces/default/pods', res('list', 'metrics.k8s.io', 'v1beta1', 'pods', { namespace: 'default' })],
    ['POST', '/apis/metrics.k8s.io/v1beta1/namespaces/default/pods', NOT_ALLOWED],
    // No route: the wrong group or scope, a namespaced object named without its namespace, a method on the wrong path.
    ['GET', '/apis/apps/v1/namespaces/default/pods', NOT_FOUND],
    ['GET', '/apis/example.com/v1/widgets', NOT_FOUND],
    ['GET', '/api/v1/namespaces/default/nodes', NOT_FOUND],
    ['GET', '/api/v1/pods/web', NOT_FOUND],
    ['GET', '/api/v1/namespaces/%zz/pods', NOT_FOUND],
    ['POST', '/api/v1/pods', NOT_ALLOWED],
    ['PUT', '/api/v1/namespaces/default/pods', NOT_ALLOWED],
    ['POST', '/api/v1/namespaces/default/pods/web', NOT_ALLOWED],
    ['POST', '/api/v1/componentstatuses', NOT_ALLOWED],
    ['GET', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', NOT_ALLOWED],
    ['POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', res('create', 'authorization.k8s.io', 'v1', 'selfsubjectaccessreviews')],
    // Discovery, and everything outside /api and /apis.
    ['GET', '/api', { type: 'discovery-root', legacy: true }],
    ['GET', '/apis/', { type: 'discovery-root', legacy: false }],
    ['GET', '/api/v1', { type: 'discovery-version', group: '', version: 'v1' }],
    ['GET', '/apis/apps', { type: 'discovery-group', group: 'apps' }],
    ['GET', '/apis/apps/v1/', { type: 'discovery-version', group: 'apps', version: 'v1' }],
    ['POST', '/apis', NOT_ALLOWED],
    ['GET', '/readyz?verbose', { type: 'non-resource', path: '/readyz?verbose' }],
    ['GET', '/healthz/', { type: 'non-resource', path: '/healthz' }],
    ['GET', '/', { type: 'non-resource', path: '/' }],
  ])('%s %s', (method, url, want) => {
    expect(read(method, url)).toEqual(want);
  });

  it('answers an aggregated group only while it is served', () => {
    expect(read('GET', '/apis/metrics.k8s.io/v1beta1/nodes', [])).toEqual(NOT_FOUND);
  });

  it('keeps the query for the handler', () => {
    const r = apiRoute('GET', '/api/v1/namespaces/default/pods?labelSelector=app%3Dweb&limit=2&fieldSelector=status.phase!%3DRunning');
    expect(r.type === 'resource' && [r.query.get('labelSelector'), r.query.get('limit'), r.query.get('fieldSelector')]).toEqual(['app=web', '2', 'status.phase!=Running']);
  });
});

describe('ApiQuery: url.ParseQuery', () => {
  it('reads repeated keys, bare keys, + as a space; skips pairs with ; or a bad escape', () => {
    const q = new ApiQuery('command=ls&command=-l&tty&msg=a+b%21&bad=%zz&x=1;y=2');
    expect(q.getAll('command')).toEqual(['ls', '-l']);
    expect(q.get('tty')).toBe('');
    expect(q.get('msg')).toBe('a b!');
    expect([q.has('bad'), q.has('x'), q.get('none')]).toEqual([false, false, null]);
    expect(q.raw).toBe('command=ls&command=-l&tty&msg=a+b%21&bad=%zz&x=1;y=2');
  });

  it('decodes a flag as Convert_Slice_string_To_bool does', () => {
    const flags = new ApiQuery('a=true&b=1&c&d=0&e=FALSE&f=yes');
    expect(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((k) => queryFlag(flags, k))).toEqual([true, true, true, false, false, true, false]);
  });
});
