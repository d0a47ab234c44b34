/**
 * proxy.Transport's rewriteResponse (k8s.io/apimachinery/pkg/util/proxy/transport.go) for an app's
 * `text/html` answer through pods/proxy or services/proxy: a link in one of atomsToAttrs' URL
 * attributes that names an absolute path on the dialled host (`href="/static/app.css"`,
 * `src="http://<podIP>:<port>/x"`) gets the proxy's path prepended (rewriteURL), so the page's
 * links go back through kube-apiserver. A tag with such a link is written as golang.org/x/net/html's
 * Token.String() writes it (lower-case names, every value double-quoted and escaped); upstream
 * writes every start tag that way, which for the well-formed, lower-case, double-quoted markup of
 * the simulated pages is the same bytes.
 * Also the pure path arithmetic of ProxyREST.Connect and UpgradeAwareHandler that both need.
 */

/**
 * The location's path: the URL's parts after `proxy` joined (getRequestOptions), cleaned by
 * path.Join, then `/` again where the URL ended in one (UpgradeAwareHandler.ServeHTTP).
 */
export function locationPath(raw: string): string {
  const out: string[] = [];
  for (const seg of raw.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  const joined = out.join('/');
  return raw.endsWith('/') && !joined.endsWith('/') ? `${joined}/` : joined;
}

/**
 * defaultProxyTransport's PathPrepend: the request's path without the location's (`…/proxy/a/b`
 * less `a/b` is `…/proxy/`; `…/proxy/` less nothing is `…/proxy`). `proxy` is the request's path
 * up to its `/proxy` (`/api/v1/namespaces/<ns>/pods/<name>/proxy`).
 */
export function pathPrepend(proxy: string, rawPath: string): string {
  const urlPath = `${proxy}${rawPath}`;
  let suffix = locationPath(rawPath.replace(/\/+$/, ''));
  if (urlPath.endsWith('/') && !suffix.endsWith('/')) suffix += '/';
  return urlPath.endsWith(suffix) ? urlPath.slice(0, urlPath.length - suffix.length) : urlPath;
}

/** atomsToAttrs: which attributes of which tags hold URLs. */
const URL_ATTRS: Record<string, readonly string[]> = {
  a: ['href'],
  applet: ['codebase'],
  area: ['href'],
  audio: ['src'],
  base: ['href'],
  blockquote: ['cite'],
  body: ['background'],
  button: ['formaction'],
  command: ['icon'],
  del: ['cite'],
  embed: ['src'],
  form: ['action'],
  frame: ['longdesc', 'src'],
  head: ['profile'],
  html: ['manifest'],
  iframe: ['longdesc', 'src'],
  img: ['longdesc', 'src', 'usemap'],
  input: ['src', 'usemap', 'formaction'],
  ins: ['cite'],
  link: ['href'],
  object: ['classid', 'codebase', 'data', 'usemap'],
  q: ['cite'],
  script: ['src'],
  source: ['src'],
  video: ['poster', 'src'],
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The tokenizer's unescape of an attribute value; undefined for an entity this port does not know. */
function unescape(v: string): string | undefined {
  let unknown = false;
  const out = v.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (m, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    const known = ENTITIES[e];
    if (known === undefined) unknown = true;
    return known ?? m;
  });
  return unknown ? undefined : out;
}

/** x/net/html's escape for attribute values. */
function escape(v: string): string {
  return v.replace(/[&'<>"\r]/g, (c) => ({ '&': '&amp;', "'": '&#39;', '<': '&lt;', '>': '&gt;', '"': '&#34;', '\r': '&#13;' })[c]!);
}

/** Go's path.Join of the prefix and an absolute path (cleaned: no `.`/`..`, no doubled `/`). */
function joinPath(prefix: string, p: string): string {
  const out: string[] = [];
  for (const seg of `${prefix}/${p}`.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return `/${out.join('/')}`;
}

/** rewriteURL: a same-host absolute path gets `prefix` in front; anything else is left as it is. */
function rewriteURL(value: string, podHost: string, prefix: string): string | undefined {
  const m = /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):)?(?:\/\/([^/?#]*))?([^?#]*)(.*)$/.exec(value);
  if (!m) return undefined;
  const [, scheme, host, path = '', rest = ''] = m;
  if (host !== undefined && host !== '' && host !== podHost) return undefined;
  if (scheme !== undefined && host === undefined) return undefined; // mailto:, javascript:
  if (!path.startsWith('/')) return undefined;
  if (path.startsWith(prefix)) return host === undefined ? undefined : path + rest;
  const joined = joinPath(prefix, path);
  return (path.endsWith('/') && !joined.endsWith('/') ? `${joined}/` : joined) + rest;
}

/** The page with its same-host links sent back through the proxy (`prefix`: `/api/v1/namespaces/<ns>/<pods|services>/<name>/proxy`). */
export function rewriteLinks(html: string, podHost: string, prefix: string): string {
  return html.replace(/<([a-zA-Z][^\s/>]*)((?:\s+[^\s/>"'=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*(\/?)>/g, (tag, name: string, attrText: string, slash: string) => {
    const wanted = URL_ATTRS[name.toLowerCase()];
    if (!wanted) return tag;
    const attrs: [string, string][] = [];
    let changed = false;
    for (const a of attrText.matchAll(/([^\s/>"'=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      const key = a[1]!.toLowerCase();
      const value = unescape(a[2] ?? a[3] ?? a[4] ?? '');
      if (value === undefined) return tag;
      const rewritten = wanted.includes(key) ? rewriteURL(value, podHost, prefix) : undefined;
      if (rewritten !== undefined) changed = true;
      attrs.push([key, rewritten ?? value]);
    }
    if (!changed) return tag;
    return `<${name.toLowerCase()}${attrs.map(([k, v]) => ` ${k}="${escape(v)}"`).join('')}${slash ? '/>' : '>'}`;
  });
}
