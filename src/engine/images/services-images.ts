/**
 * The images of kubernetes.io's Services pages (docs-examples-services.ts, and `kubectl create
 * deployment source-ip-app --image=registry.k8s.io/echoserver:1.10`):
 *
 * - registry.k8s.io/echoserver: nginx with Lua answering every request on 8080 with the request
 *   it received (echoserver.ts: 1.10's `Request Information` page, 1.4's `CLIENT VALUES:`), the
 *   client address being the source the packet arrived with (node/traffic.ts). Started by
 *   /usr/local/bin/run.sh. Sizes as before (approximate).
 * - gcr.io/google-samples/hello-go-gke:1.0, the frontend/backend task's backend: the "hello"
 *   microservice of udacity/ud615 (app/hello/main.go, Kelsey Hightower's course app): HTTP on
 *   0.0.0.0:80 (`/` → `{"message":"Hello"}` from encoding/json, whose Encoder ends it with a
 *   newline; Go's sniffed text/plain), health endpoints on :81, and three start-up lines from Go's
 *   log package. Approximate: that the image is that program is inferred from the task (port 80
 *   named http, the page's output); its base, its size and its per-request log lines are not
 *   known here (none is printed).
 * - gcr.io/google-samples/hello-frontend:1.0, its frontend: the task's Dockerfile
 *   (content/en/examples/service/access/Dockerfile: `FROM nginx:1.17.3`, default.conf removed,
 *   frontend-nginx.conf copied into /etc/nginx/conf.d): nginx 1.17.3 proxying every request to
 *   the upstream `Backend` = `server hello;` (the `hello` Service, port 80) through the Pod's
 *   resolver (dynamic-http.ts). Approximate: the 1.0 tag was built from an older revision of that
 *   Dockerfile; the configuration shipped here is the page's; /usr/share/nginx/html is left out.
 */
import type { CatalogImage, ServerSpec, TagInfo, Userland } from './catalog-types';
import { sizesFromName } from './derived-size';
import { nginxErrorPage } from './nginx-http';
import { NGINX_IMAGE_FILES, NGINX_IMAGE_LINKS, NGINX_IMAGE_DIRS, NGINX_IMAGE_META, NGINX_ROOT_DIRS } from './nginx-image';
import { DOCS_EXAMPLES_SERVICES } from '../../k8s/docs-examples-services';

const MiB = 1024 * 1024;
const DEBIAN: Userland = { shell: 'dash', tools: 'coreutils', bash: true, pkg: 'apt' };
const DISTROLESS: Userland = { shell: null, tools: 'none', bash: false };

const tag = (sizeBytes: number, unpackedBytes: number, version: string, extra: Partial<TagInfo> = {}): TagInfo => ({ sizeBytes, unpackedBytes, version, ...extra });

function echoServer(layout: '1.4' | '1.10'): ServerSpec {
  return { listen: [{ port: 8080, protocol: 'http' }], startupMs: 150, routes: {}, notFound: { status: 404, body: '' }, logStyle: 'generic', memoryBytes: 4 * MiB, dynamic: { kind: 'echoserver', layout } };
}

/** The frontend's configuration file as the task's Dockerfile copies it. */
const FRONTEND_CONF = DOCS_EXAMPLES_SERVICES['service/access/frontend-nginx.conf']!.text;

/** nginx 1.17.3's image files: no docker-entrypoint.sh yet (1.19), and default.conf removed. */
const FRONTEND_FILES: Record<string, string> = Object.fromEntries(
  Object.entries(NGINX_IMAGE_FILES).filter(([p]) => !p.startsWith('/docker-entrypoint') && p !== '/etc/nginx/conf.d/default.conf'),
);
FRONTEND_FILES['/etc/nginx/conf.d/frontend-nginx.conf'] = FRONTEND_CONF;

/** nginx's server (catalog-data.ts nginxServer's timings) with `location / { proxy_pass http://Backend; }` as its only location. */
const FRONTEND_SERVER: ServerSpec = {
  listen: [{ port: 80, protocol: 'http' }],
  startupMs: 120,
  routes: {},
  notFound: nginxErrorPage(404, 'Not Found', '1.17.3'),
  logStyle: 'nginx',
  memoryBytes: 6 * MiB,
  dynamic: { kind: 'proxy', upstream: 'Backend', host: 'hello', port: 80 },
};

const HELLO_SERVER: ServerSpec = {
  listen: [
    { port: 80, protocol: 'http' },
    { port: 81, protocol: 'http' },
  ],
  startupMs: 60,
  routes: { '/': { status: 200, body: '{"message":"Hello"}\n', contentType: 'text/plain; charset=utf-8' } },
  notFound: { status: 200, body: '{"message":"Hello"}\n', contentType: 'text/plain; charset=utf-8' },
  logStyle: 'hello-go',
  memoryBytes: 5 * MiB,
};

export const SERVICES_IMAGES: CatalogImage[] = [
  {
    repository: 'registry.k8s.io/echoserver',
    about: 'Echoes the request it received on 8080: client address, method, path, headers (Using Source IP, minikube tutorials).',
    tags: {
      '1.4': tag(46_140_210, 140_402_115, '1.4', { behaviour: { kind: 'serve', server: echoServer('1.4') } }),
      '1.10': tag(41_930_660, 95_361_986, '1.10'),
    },
    userland: DEBIAN,
    entrypoint: [],
    cmd: ['/usr/local/bin/run.sh'],
    main: '/usr/local/bin/run.sh',
    binaries: { '/usr/local/bin/run.sh': { kind: 'app', behaviour: { kind: 'serve', server: echoServer('1.10') } } },
  },
  {
    repository: 'gcr.io/google-samples/hello-go-gke',
    about: 'Connect a Frontend to a Backend: the hello greeter, `{"message":"Hello"}` on 80 (health on 81).',
    tags: { '1.0': tag(...sizesOf('gcr.io/google-samples/hello-go-gke:1.0', 3, 6), '1.0.0') },
    userland: DISTROLESS,
    entrypoint: ['/hello'],
    cmd: [],
    main: '/hello',
    binaries: { '/hello': { kind: 'app', behaviour: { kind: 'serve', server: HELLO_SERVER } } },
  },
  {
    repository: 'gcr.io/google-samples/hello-frontend',
    about: 'Connect a Frontend to a Backend: nginx 1.17.3 on 80 passing every request to the `hello` Service.',
    tags: { '1.0': tag(...sizesOf('gcr.io/google-samples/hello-frontend:1.0', 48, 52), '1.17.3', { curl: 'none', behaviour: { kind: 'serve', server: FRONTEND_SERVER } }) },
    userland: DEBIAN,
    entrypoint: [],
    cmd: ['nginx', '-g', 'daemon off;'],
    env: { NGINX_VERSION: '1.17.3', NJS_VERSION: '0.3.5', PKG_RELEASE: '1~buster' },
    main: '/usr/sbin/nginx',
    binaries: { '/usr/sbin/nginx': { kind: 'program', program: 'nginx' }, '/usr/sbin/nginx-debug': { kind: 'program', program: 'nginx' } },
    files: FRONTEND_FILES,
    links: NGINX_IMAGE_LINKS,
    dirs: NGINX_IMAGE_DIRS,
    rootDirs: NGINX_ROOT_DIRS,
    meta: Object.fromEntries(Object.entries(NGINX_IMAGE_META).filter(([p]) => !p.startsWith('/docker-entrypoint'))),
  },
];

function sizesOf(name: string, minMiB: number, maxMiB: number): [number, number] {
  const s = sizesFromName(name, minMiB, maxMiB);
  return [s.sizeBytes, s.unpackedBytes];
}
