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
 * - github.com/kubernetes-sigs/metrics-server/releases/latest/download/components.yaml answers 302 to
 *   releases/download/v0.8.0/components.yaml, which answers 302 to release-assets.githubusercontent.com,
 *   which serves the asset (k8s/metrics-server-release.ts) as application/octet-stream, the way
 *   `curl -sIL` shows GitHub's release downloads; another release download is GitHub's 404 "Not Found".
 * - Every other path of a known host answers that host's one page (catalog-data.ts INTERNET).
 *
 * Approximate: the headers are a short set (no Date, caching or server headers); kubernetes.io's
 * 404 page is a short stand-in for the site's full Hugo page, and the 301 body is nginx's stock
 * page (k8s.io's redirector is nginx; its exact server line was not recorded). GitHub's real asset
 * Location is a signed, expiring URL (github-production-release-asset/REPO-ID/ASSET-ID?sp=r&sv=…&sig=…);
 * ours is a stable path without the signature, and its 302s have an empty body. "latest" is v0.8.0,
 * the release the image catalog models (upstream has since published v0.8.1).
 */
import { INTERNET } from './catalog-data';
import { docsExample } from '../../k8s/docs-examples';
import { METRICS_SERVER_COMPONENTS, METRICS_SERVER_VERSION } from '../../k8s/metrics-server-release';
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

/** Where metrics-server's release downloads sit on github.com. */
const MS_RELEASES = '/kubernetes-sigs/metrics-server/releases/';
const ASSET_HOST = 'https://release-assets.githubusercontent.com';
const ASSET_PATH = `/github-production-release-asset/kubernetes-sigs/metrics-server/${METRICS_SERVER_VERSION}/components.yaml`;
/** GitHub's body for a release download that does not exist. */
const GITHUB_404 = 'Not Found';

const found = (location: string): PublicReply => ({ status: 302, body: '', contentType: 'text/html; charset=utf-8', location });

/** github.com's answer for a metrics-server release download, or undefined for another path. */
function githubRelease(path: string): PublicReply | undefined {
  if (!path.startsWith(MS_RELEASES)) return undefined;
  const rest = path.slice(MS_RELEASES.length);
  if (rest === 'latest/download/components.yaml') return found(`https://github.com${MS_RELEASES}download/${METRICS_SERVER_VERSION}/components.yaml`);
  if (rest === `download/${METRICS_SERVER_VERSION}/components.yaml`) return found(ASSET_HOST + ASSET_PATH);
  if (rest.startsWith('download/') || rest.startsWith('latest/download/')) return { status: 404, body: GITHUB_404, contentType: 'text/plain; charset=utf-8' };
  return undefined;
}

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
    case 'github.com': {
      const r = githubRelease(path);
      if (r) return r;
      break;
    }
    case 'release-assets.githubusercontent.com':
      return path === ASSET_PATH ? yaml(METRICS_SERVER_COMPONENTS, 'application/octet-stream') : { status: 404, body: '', contentType: 'text/plain' };
  }
  return { status: 200, body: site.body, contentType: 'text/html' };
}

/** The head a redirect carries (curl -i shows it; curl -L follows its location). */
export function replyHead(r: PublicReply): HttpHead | undefined {
  if (r.location === undefined) return undefined;
  return { version: 'HTTP/2', reason: '', headers: [['location', r.location], ['content-type', r.contentType], ['content-length', String(r.body.length)]] };
}
