/**
 * What the public hosts answer for one path: the one model of "the internet" that a container's
 * curl/wget, the laptop's curl and kubectl's `-f https://…` all reach (container-net.ts,
 * node/workstation-net.ts, kubectl/url-visitor.ts).
 *
 * - k8s.io redirects every path (301) to https://kubernetes.io with the same path: the docs'
 *   short links, `https://k8s.io/examples/application/deployment.yaml`.
 * - kubernetes.io/examples/PATH and raw.githubusercontent.com/kubernetes/website/main/content/en/examples/PATH
 *   serve the manifest (k8s/docs-examples.ts); another examples/ path, or any other file on
 *   raw.githubusercontent.com, is a 404.
 * - Every other path of a known host answers that host's one page (catalog-data.ts INTERNET).
 *
 * Approximate: the headers are a short set (no Date, caching or server headers); kubernetes.io's
 * 404 page is a short stand-in for the site's full Hugo page, and the 301 body is nginx's stock
 * page (k8s.io's redirector is nginx; its exact server line was not recorded).
 */
import { INTERNET } from './catalog-data';
import { docsExample } from '../../k8s/docs-examples';
import type { HttpHead } from './types';

export interface PublicReply {
  status: number;
  body: string;
  contentType: string;
  /** A redirect's target (the Location header). */
  location?: string;
}

/** Where kubernetes/website's examples sit on raw.githubusercontent.com. */
const RAW_EXAMPLES = '/kubernetes/website/main/content/en/examples/';

const MOVED = '<html>\r\n<head><title>301 Moved Permanently</title></head>\r\n<body>\r\n<center><h1>301 Moved Permanently</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
const KUBERNETES_IO_404 = '<!doctype html><html lang="en"><head><title>404 Page not found | Kubernetes</title></head><body><h1>Page not found</h1></body></html>\n';
/** raw.githubusercontent.com's answer for a file that is not there. */
const RAW_404 = '404: Not Found';

const yaml = (text: string, contentType: string): PublicReply => ({ status: 200, body: text, contentType });

/** `host`'s answer for `path` (a query string is ignored), or undefined for a host not on the internet. */
export function publicReply(host: string, rawPath: string): PublicReply | undefined {
  const name = host.replace(/\.$/, '').toLowerCase();
  const site = Object.hasOwn(INTERNET, name) ? INTERNET[name] : undefined;
  if (!site) return undefined;
  const path = rawPath.replace(/[?#].*$/, '') || '/';
  switch (name) {
    case 'k8s.io':
      return { status: 301, body: MOVED, contentType: 'text/html', location: `https://kubernetes.io${rawPath || '/'}` };
    case 'kubernetes.io': {
      if (!path.startsWith('/examples/')) break;
      const text = docsExample(path.slice('/examples/'.length));
      return text !== undefined ? yaml(text, 'application/yaml') : { status: 404, body: KUBERNETES_IO_404, contentType: 'text/html; charset=UTF-8' };
    }
    case 'raw.githubusercontent.com': {
      const text = path.startsWith(RAW_EXAMPLES) ? docsExample(path.slice(RAW_EXAMPLES.length)) : undefined;
      return text !== undefined ? yaml(text, 'text/plain; charset=utf-8') : { status: 404, body: RAW_404, contentType: 'text/plain; charset=utf-8' };
    }
  }
  return { status: 200, body: site.body, contentType: 'text/html' };
}

/** The head a redirect carries (curl -i shows it; curl -L follows its location). */
export function replyHead(r: PublicReply): HttpHead | undefined {
  if (r.location === undefined) return undefined;
  return { version: 'HTTP/2', reason: '', headers: [['location', r.location], ['content-type', r.contentType], ['content-length', String(r.body.length)]] };
}
