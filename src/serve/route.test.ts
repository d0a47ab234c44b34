import { describe, expect, it } from 'vitest';
import { routeOf } from './route';

const resource = (method: string, url: string): unknown => {
  const r = routeOf(method, url);
  return r.type === 'resource' ? { verb: r.verb, resource: r.info.resource, namespace: r.namespace, name: r.name, subresource: r.subresource } : r;
};

describe('routeOf', () => {
  it('reads resource paths as RequestInfoFactory does', () => {
    expect(resource('GET', '/api/v1/namespaces/default/pods')).toEqual({ verb: 'list', resource: 'pods', namespace: 'default', name: undefined, subresource: undefined });
    expect(resource('GET', '/api/v1/pods?watch=true')).toEqual({ verb: 'watch', resource: 'pods', namespace: undefined, name: undefined, subresource: undefined });
    expect(resource('GET', '/api/v1/namespaces/default/pods/web/log?container=c')).toEqual({ verb: 'get', resource: 'pods', namespace: 'default', name: 'web', subresource: 'log' });
    expect(resource('PATCH', '/apis/apps/v1/namespaces/default/deployments/web/scale')).toEqual({ verb: 'patch', resource: 'deployments', namespace: 'default', name: 'web', subresource: 'scale' });
    expect(resource('DELETE', '/api/v1/namespaces/default/configmaps')).toEqual({ verb: 'deletecollection', resource: 'configmaps', namespace: 'default', name: undefined, subresource: undefined });
    // A Namespace is named by /namespaces/<name>, and its status too.
    expect(resource('GET', '/api/v1/namespaces/team')).toEqual({ verb: 'get', resource: 'namespaces', namespace: undefined, name: 'team', subresource: undefined });
    expect(resource('PUT', '/api/v1/namespaces/team/status')).toEqual({ verb: 'update', resource: 'namespaces', namespace: undefined, name: 'team', subresource: 'status' });
    // Only proxy carries a path after its subresource.
    expect(resource('GET', '/api/v1/namespaces/default/pods/web:80/proxy/healthz/ready')).toEqual({ verb: 'get', resource: 'pods', namespace: 'default', name: 'web:80', subresource: 'proxy' });
    expect(routeOf('GET', '/api/v1/namespaces/default/pods/web/log/more')).toEqual({ type: 'not-found' });
  });

  it("keeps what follows a proxy's name as sent, trailing slash and query included", () => {
    const proxyPath = (url: string): unknown => {
      const r = routeOf('GET', url);
      return r.type === 'resource' ? r.proxyPath : r;
    };
    expect(proxyPath('/api/v1/namespaces/default/pods/web:80/proxy/healthz/ready/?v=1&x')).toBe('/healthz/ready/?v=1&x');
    expect(proxyPath('/api/v1/namespaces/default/pods/web/proxy/')).toBe('/');
    expect(proxyPath('/api/v1/namespaces/default/pods/web/proxy')).toBe('');
    expect(proxyPath('/api/v1/namespaces/default/pods/web/proxy?a=b')).toBe('?a=b');
    expect(proxyPath('/api/v1/namespaces/default/pods/web/log')).toBeUndefined();
  });

  it('tells discovery, the control endpoint and the engine-served paths apart', () => {
    expect(routeOf('GET', '/api')).toEqual({ type: 'discovery-root', legacy: true });
    expect(routeOf('GET', '/apis/apps')).toEqual({ type: 'discovery-group', group: 'apps' });
    expect(routeOf('GET', '/apis/apps/v1')).toEqual({ type: 'discovery-version', group: 'apps', version: 'v1' });
    expect(routeOf('POST', '/reconcile/v1/sim')).toEqual({ type: 'control' });
    expect(routeOf('GET', '/reconcile/v1/sim')).toEqual({ type: 'method-not-allowed' });
    expect(routeOf('GET', '/readyz?verbose')).toEqual({ type: 'engine-raw', path: '/readyz?verbose' });
  });

  it('does not serve what the engine does not: wrong group, version or scope', () => {
    expect(routeOf('GET', '/apis/apps/v1/namespaces/default/pods')).toEqual({ type: 'not-found' });
    expect(routeOf('GET', '/apis/example.com/v1/widgets')).toEqual({ type: 'not-found' });
    expect(routeOf('GET', '/api/v1/namespaces/default/nodes')).toEqual({ type: 'not-found' });
    expect(routeOf('PUT', '/api/v1/namespaces/default/pods')).toEqual({ type: 'method-not-allowed' });
  });
});
