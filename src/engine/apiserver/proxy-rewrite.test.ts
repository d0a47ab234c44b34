import { describe, expect, it } from 'vitest';
import { locationPath, pathPrepend, rewriteLinks } from './proxy-rewrite';

const PREFIX = '/api/v1/namespaces/default/pods/web/proxy';
const HOST = '10.244.1.2:80';

describe("rewriteLinks (proxy.Transport's rewriteResponse)", () => {
  it("sends the page's same-host absolute paths back through the proxy", () => {
    expect(rewriteLinks('<link rel="stylesheet" href="/static/app.css">', HOST, PREFIX)).toBe(`<link rel="stylesheet" href="${PREFIX}/static/app.css">`);
    expect(rewriteLinks('<a href="/docs/?q=1#top">docs</a>', HOST, PREFIX)).toBe(`<a href="${PREFIX}/docs/?q=1#top">docs</a>`);
    expect(rewriteLinks(`<img src="http://${HOST}/logo.png"/>`, HOST, PREFIX)).toBe(`<img src="${PREFIX}/logo.png"/>`);
    // Re-written as Token.String() writes a tag: lower case, double quotes, escaped values.
    expect(rewriteLinks("<A HREF='/x' title=a&amp;b>", HOST, PREFIX)).toBe(`<a href="${PREFIX}/x" title="a&amp;b">`);
  });

  it('leaves relative links, other hosts, other schemes, already-prefixed paths and other tags alone', () => {
    const page = [
      '<a href="http://nginx.org/">nginx.org</a>',
      '<a href="about.html">about</a>',
      '<a href="mailto:ops@example.com">mail</a>',
      '<a href="http://10.244.1.2/x">port 80 unnamed is another host</a>',
      `<a href="${PREFIX}/already">here</a>`,
      '<p data-x="/not-a-url">text</p>',
      '<br/>',
    ].join('\n');
    expect(rewriteLinks(page, HOST, PREFIX)).toBe(page);
  });
});

describe('the proxy path arithmetic', () => {
  it("cleans the location's path as path.Join does, keeping the URL's trailing slash", () => {
    expect(locationPath('')).toBe('');
    expect(locationPath('/')).toBe('/');
    expect(locationPath('/a//b/./c/../d/')).toBe('a/b/d/');
  });

  it("prepends the request's path less the location's (defaultProxyTransport)", () => {
    expect(pathPrepend(PREFIX, '/')).toBe(PREFIX);
    expect(pathPrepend(PREFIX, '/a/b')).toBe(`${PREFIX}/`);
    expect(pathPrepend('/api/v1/namespaces/default/pods/web:80/proxy', '/a/')).toBe('/api/v1/namespaces/default/pods/web:80/proxy/');
    expect(rewriteLinks('<a href="/x">', HOST, pathPrepend(PREFIX, '/a/b'))).toBe(`<a href="${PREFIX}/x">`);
  });
});
