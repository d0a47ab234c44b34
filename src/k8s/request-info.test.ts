import { describe, expect, it } from 'vitest';
import { requestInfo } from './request-info';

const res = (verb: string, apiGroup: string, namespace: string, resource: string, name = '', subresource = '') => ({ resourceRequest: true, verb, apiGroup, namespace, resource, subresource, name });

describe("RequestInfoFactory's reading of a request line", () => {
  // Cases from upstream's requestinfo_test.go (TestGetAPIRequestInfo), whatever is served.
  it.each([
    ['GET', '/api/v1/namespaces', res('list', '', '', 'namespaces')],
    ['GET', '/api/v1/namespaces/other', res('get', '', 'other', 'namespaces', 'other')],
    ['GET', '/api/v1/namespaces/other/pods', res('list', '', 'other', 'pods')],
    ['GET', '/api/v1/namespaces/other/pods/foo', res('get', '', 'other', 'pods', 'foo')],
    ['HEAD', '/api/v1/namespaces/other/pods/foo', res('get', '', 'other', 'pods', 'foo')],
    ['GET', '/api/v1/pods', res('list', '', '', 'pods')],
    ['GET', '/api/v1/namespaces/other/pods?watch=1', res('watch', '', 'other', 'pods')],
    ['GET', '/api/v1/namespaces/other/pods?watch=false', res('list', '', 'other', 'pods')],
    ['GET', '/api/v1/namespaces/other/pods/foo?watch=1', res('get', '', 'other', 'pods', 'foo')],
    ['GET', '/api/v1/watch/namespaces/other/pods', res('watch', '', 'other', 'pods')],
    ['POST', '/api/v1/namespaces/other/pods', res('create', '', 'other', 'pods')],
    ['PUT', '/api/v1/namespaces/other/pods/foo', res('update', '', 'other', 'pods', 'foo')],
    ['PATCH', '/api/v1/namespaces/other/pods/foo', res('patch', '', 'other', 'pods', 'foo')],
    ['DELETE', '/api/v1/namespaces/other/pods/foo', res('delete', '', 'other', 'pods', 'foo')],
    ['DELETE', '/api/v1/namespaces/other/pods', res('deletecollection', '', 'other', 'pods')],
    ['GET', '/api/v1/namespaces/other/pods/foo/status', res('get', '', 'other', 'pods', 'foo', 'status')],
    ['GET', '/api/v1/namespaces/other/status', res('get', '', 'other', 'namespaces', 'other', 'status')],
    ['PUT', '/api/v1/namespaces/other/finalize', res('update', '', 'other', 'namespaces', 'other', 'finalize')],
    ['GET', '/api/v1/proxy/namespaces/other/pods/foo/subpath', res('proxy', '', 'other', 'pods', 'foo')],
    ['GET', '/apis/extensions/v1beta1/namespaces/other/extensions', res('list', 'extensions', 'other', 'extensions')],
    ['GET', '/apis/example.com/v1/widgets', res('list', 'example.com', '', 'widgets')],
    ['PUT', '/api/v1/namespaces/a%2Fb/pods/c%20d', res('update', '', 'a/b', 'pods', 'c d')],
    ['OPTIONS', '/api/v1/pods/x', res('', '', '', 'pods', 'x')],
    ['constructor', '/api/v1/pods/x', res('', '', '', 'pods', 'x')],
  ])('%s %s', (method, url, want) => {
    expect(requestInfo(method, url)).toEqual(want);
  });

  it('reads discovery and every other path as a non-resource request with the lower-cased method', () => {
    for (const path of ['/api', '/api/v1', '/apis', '/apis/apps', '/apis/apps/v1', '/version', '/healthz', '/', '/openapi/v2']) {
      expect(requestInfo('GET', path)).toEqual({ resourceRequest: false, verb: 'get', path });
    }
    expect(requestInfo('PUT', '/version?x=1')).toEqual({ resourceRequest: false, verb: 'put', path: '/version' });
  });

  it('cannot read a special verb without a resource (kube-apiserver answers 500)', () => {
    expect(requestInfo('GET', '/api/v1/watch')).toBeUndefined();
  });
});
