/**
 * THE IMAGE CATALOG — data, not logic. One entry per repository: its tags (with the sizes
 * containerd reports), its ENTRYPOINT/CMD, its userland, and what each interesting executable does.
 * This file is long on purpose: it is a table lessons and reviewers read like a registry listing,
 * and splitting it would only scatter the data (the logic lives in catalog.ts/programs.ts/app.ts).
 *
 * Sizes: `sizeBytes` is what containerd reports for a pulled image (compressed content size; this
 * is the `Image size: N bytes` in the kubelet's Pulled event and node.status.images); e.g.
 * nginx:1.27 ≈ 72 MB compressed (≈ 192 MB unpacked), nginx:1.27-alpine 20984244 B as a real kind
 * cluster printed it. `unpackedBytes` is the size on disk.
 *
 * How references that are NOT listed here behave (implemented in catalog.ts, also in README.md):
 *  1. A reference the kubelet cannot parse (`Nginx`, `nginx:`) → InvalidImageName (`invalidReason`).
 *  2. A listed repository: a listed tag is used as is; an unlisted tag matching the repository's
 *     `tagPattern` (real-looking versions like `nginx:1.26.2`, `busybox:1.35`) exists and behaves
 *     like `patternTag`; any other tag (`nginx:1.27-doesnotexist`, `go-api:v9`) is `not found`.
 *  3. docker.io/library/<name> (official images) exist only for names in OFFICIAL_IMAGES below or
 *     listed here; any other name (`nginz`, `busybox777`, `x`) fails with Docker Hub's
 *     `pull access denied, repository does not exist or may require authorization` text.
 *  4. A repository name within edit distance 1–2 of a listed one (a typo: `ngnix`,
 *     `bitnami/redsi`, `registry.example.com/go-apii`), or one whose name says it does not exist
 *     (`non-existing-repo/non-existing-image`, `nonexistent`), does not exist on any registry.
 *  5. A registry host within edit distance 1–2 of a known host (`regsitry.k8s.io`), a host on a
 *     reserved TLD (`.invalid`, `.test`, `.example`, `.local`, `.internal`) or a dotless host
 *     (`MyUser/app`) fails DNS: `dial tcp: lookup <host>: no such host`. `localhost`/127.0.0.1
 *     registries refuse the connection (nothing listens on the node).
 *  6. registry.k8s.io and k8s.gcr.io are curated: unknown repositories there are `not found`.
 *  7. Anything else on a real-looking registry (docker.io/<user>/<repo>, ghcr.io, quay.io,
 *     registry.example.com/<new-repo>, …) pulls: its size is derived from a hash of the name and it
 *     runs as a generic long-running server that listens on the Pod's declared containerPorts and
 *     answers 200 on every HTTP path. No shell, so exec probes get `executable file not found`.
 *  8. `@sha256:` pins: a digest of a listed tag resolves to that tag; any other digest on an
 *     existing repository resolves to the repository's default behaviour (we cannot know real
 *     upstream digests, and learners paste them from real clusters).
 */
import type { Behaviour, Binary, CatalogImage, DebianCodename, Route, ServerSpec, TagInfo, Userland } from './catalog-types';
import { sizesFromName } from './derived-size';
import type { BaseMeta } from './fs';
import { nginxBefore, nginxErrorPage } from './nginx-http';
import { nginxDebian } from './nginx-build';
import { LANGUAGE_IMAGES } from './lang-images';
import { NGINX_IMAGE_DIRS, NGINX_IMAGE_FILES, NGINX_IMAGE_LINKS, NGINX_IMAGE_META, NGINX_ROOT_DIRS } from './nginx-image';
import { bootcampServerJs } from '../../image-files/bootcamp-server-js';
import { GUESTBOOK_IMAGES } from './guestbook-images';
import { WORDPRESS_IMAGES } from './wordpress-images';
import { SERVICES_IMAGES } from './services-images';
import { ZOOKEEPER_IMAGES } from './zookeeper-image';
import { XTRABACKUP_IMAGES } from './xtrabackup-image';

const MiB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Userlands
// ---------------------------------------------------------------------------------------------
const BUSYBOX: Userland = { shell: 'ash', tools: 'busybox', bash: false };
const BUSYBOX_PASSWD =
  'root:x:0:0:root:/root:/bin/sh\ndaemon:x:1:1:daemon:/usr/sbin:/bin/false\nbin:x:2:2:bin:/bin:/bin/false\nsys:x:3:3:sys:/dev:/bin/false\nsync:x:4:100:sync:/bin:/bin/sync\nmail:x:8:8:mail:/var/spool/mail:/bin/false\nwww-data:x:33:33:www-data:/var/www:/bin/false\noperator:x:37:37:Operator:/var:/bin/false\nnobody:x:65534:65534:nobody:/home:/bin/false\n';
/**
 * The rest of the busybox image's /etc and tree, as docker-library/busybox's Dockerfile.builder
 * makes it: buildroot's skeleton group and shadow (root's empty password replaced by `*`, the
 * image's CVE-2019-5021 fix), the builder's Debian 12 /etc/nsswitch.conf (libc-bin's default),
 * /etc/localtime as a hard link of the UTC zone file (tzdata 2025b's, 114 bytes), buildroot's
 * device_table.txt (/etc/network/if-*.d, /var/www, /root 0700, /tmp 1777, shadow 0600), the home
 * directories of its passwd, and `lib64 -> lib`. Not here: /etc/mtab (the builder makes none).
 */
const BUSYBOX_ETC: Record<string, string> = {
  '/etc/group': 'root:x:0:\ndaemon:x:1:\nbin:x:2:\nsys:x:3:\nadm:x:4:\ntty:x:5:\ndisk:x:6:\nlp:x:7:\nmail:x:8:\nkmem:x:9:\nwheel:x:10:root\ncdrom:x:11:\ndialout:x:18:\nfloppy:x:19:\nvideo:x:28:\naudio:x:29:\ntape:x:32:\nwww-data:x:33:\noperator:x:37:\nutmp:x:43:\nplugdev:x:46:\nstaff:x:50:\nlock:x:54:\nnetdev:x:82:\nusers:x:100:\nnogroup:x:65534:\n',
  '/etc/shadow': 'root:*:::::::\ndaemon:*:::::::\nbin:*:::::::\nsys:*:::::::\nsync:*:::::::\nmail:*:::::::\nwww-data:*:::::::\noperator:*:::::::\nnobody:*:::::::\n',
  '/etc/nsswitch.conf': "# /etc/nsswitch.conf\n#\n# Example configuration of GNU Name Service Switch functionality.\n# If you have the `glibc-doc-reference' and `info' packages installed, try:\n# `info libc \"Name Service Switch\"' for information about this file.\n\npasswd:         files\ngroup:          files\nshadow:         files\ngshadow:        files\n\nhosts:          files dns\nnetworks:       files\n\nprotocols:      db files\nservices:       db files\nethers:         db files\nrpc:            db files\n\nnetgroup:       nis\n",
  '/etc/localtime': 'TZif2\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\x01\0\0\0\x04\0\0\0\0\0\0UTC\0TZif2\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\x01\0\0\0\x04\0\0\0\0\0\0UTC\0\nUTC0\n',
};
const BUSYBOX_LINKS: Record<string, string> = { '/lib64': 'lib', '/usr/bin/env': '../../bin/env' };
const BUSYBOX_ROOT = ['/', '/bin', '/dev', '/etc', '/home', '/lib', '/proc', '/root', '/sys', '/tmp', '/usr', '/usr/sbin', '/var'];
const BUSYBOX_DIRS = ['/etc/network/if-up.d', '/etc/network/if-pre-up.d', '/etc/network/if-down.d', '/etc/network/if-post-down.d', '/var/www', '/var/spool/mail'];
const BUSYBOX_META: Record<string, BaseMeta> = { '/etc/shadow': { mode: 0o600 }, '/root': { mode: 0o700 }, '/tmp': { mode: 0o1777 } };
/**
 * agnhost from 2.45 on (the Security Context page's supplementalGroups examples pull 2.45; the
 * e2e SupplementalGroupsPolicy tests rely on it): test/images/agnhost/Dockerfile's `adduser -u 1000
 * -D user-defined-in-image && addgroup -g 50000 group-defined-in-image && addgroup
 * user-defined-in-image group-defined-in-image` over alpine-baselayout's passwd and group
 * (alpinelinux/aports main/alpine-baselayout at 0e733c2…). BusyBox adduser's defaults: gecos
 * `Linux User,,,`, home /home/NAME, shell /bin/sh, a group of the user's name and uid.
 * Approximate: which Alpine release (so which baselayout) each agnhost is built on is not recorded.
 */
const AGNHOST_ACCOUNTS: Record<string, string> = {
  '/etc/passwd':
    'root:x:0:0:root:/root:/bin/sh\nbin:x:1:1:bin:/bin:/sbin/nologin\ndaemon:x:2:2:daemon:/sbin:/sbin/nologin\nadm:x:3:4:adm:/var/adm:/sbin/nologin\nlp:x:4:7:lp:/var/spool/lpd:/sbin/nologin\nsync:x:5:0:sync:/sbin:/bin/sync\nshutdown:x:6:0:shutdown:/sbin:/sbin/shutdown\nhalt:x:7:0:halt:/sbin:/sbin/halt\nmail:x:8:12:mail:/var/mail:/sbin/nologin\nnews:x:9:13:news:/usr/lib/news:/sbin/nologin\nuucp:x:10:14:uucp:/var/spool/uucppublic:/sbin/nologin\noperator:x:11:0:operator:/root:/sbin/nologin\npostmaster:x:14:12:postmaster:/var/mail:/sbin/nologin\ncron:x:16:16:cron:/var/spool/cron:/sbin/nologin\nftp:x:21:21::/var/lib/ftp:/sbin/nologin\nsshd:x:22:22:sshd:/dev/null:/sbin/nologin\nsquid:x:31:31:Squid:/var/cache/squid:/sbin/nologin\nxfs:x:33:33:X Font Server:/etc/X11/fs:/sbin/nologin\ngames:x:35:35:games:/usr/games:/sbin/nologin\ncyrus:x:85:12::/usr/cyrus:/sbin/nologin\nvpopmail:x:89:89::/var/vpopmail:/sbin/nologin\nntp:x:123:123:NTP:/var/empty:/sbin/nologin\nsmmsp:x:209:209:smmsp:/var/spool/mqueue:/sbin/nologin\nguest:x:405:100:guest:/dev/null:/sbin/nologin\nnobody:x:65534:65534:nobody:/:/sbin/nologin\nuser-defined-in-image:x:1000:1000:Linux User,,,:/home/user-defined-in-image:/bin/sh\n',
  '/etc/group':
    'root:x:0:root\nbin:x:1:root,bin,daemon\ndaemon:x:2:root,bin,daemon\nsys:x:3:root,bin,adm\nadm:x:4:root,adm,daemon\ntty:x:5:\ndisk:x:6:root,adm\nlp:x:7:lp\nmem:x:8:\nkmem:x:9:\nwheel:x:10:root\nfloppy:x:11:root\nmail:x:12:mail\nnews:x:13:news\nuucp:x:14:uucp\ncron:x:16:cron\nconsole:x:17:\naudio:x:18:\ncdrom:x:19:\ndialout:x:20:root\nftp:x:21:\nsshd:x:22:\ninput:x:23:\ntape:x:26:root\nvideo:x:27:root\nnetdev:x:28:\nsquid:x:31:squid\nxfs:x:33:xfs\nkvm:x:34:kvm\ngames:x:35:\nshadow:x:42:\ncdrw:x:80:\nwww-data:x:82:\nusb:x:85:\nvpopmail:x:89:\nusers:x:100:games\nntp:x:123:\nnofiles:x:200:\nsmmsp:x:209:smmsp\nlocate:x:245:\nabuild:x:300:\nutmp:x:406:\nping:x:999:\nnogroup:x:65533:\nnobody:x:65534:\nuser-defined-in-image:x:1000:\ngroup-defined-in-image:x:50000:user-defined-in-image\n',
};
const DEBIAN: Userland = { shell: 'dash', tools: 'coreutils', bash: true, pkg: 'apt' };
/**
 * gcr.io/distroless/static's accounts: root, nobody and nonroot (65532), as `cat /etc/passwd`
 * through /proc/1/root of a distroless container shows them; the groups are distroless's
 * (root, nobody, tty, staff, nonroot: its common/variables.bzl). Approximate: the group file's order.
 */
const DISTROLESS_ACCOUNTS: Record<string, string> = {
  '/etc/passwd': 'root:x:0:0:root:/root:/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\nnonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n',
  '/etc/group': 'root:x:0:\nnobody:x:65534:\ntty:x:5:\nstaff:x:50:\nnonroot:x:65532:\n',
};
const ALPINE: Userland = { shell: 'ash', tools: 'busybox', bash: false, libc: 'musl', net: { telnet: false }, pkg: 'apk' };
const DISTROLESS: Userland = { shell: null, tools: 'none', bash: false };

// ---------------------------------------------------------------------------------------------
// Pages and routes
// ---------------------------------------------------------------------------------------------
export const NGINX_WELCOME = `<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>
<style>
html { color-scheme: light dark; }
body { width: 35em; margin: 0 auto;
font-family: Tahoma, Verdana, Arial, sans-serif; }
</style>
</head>
<body>
<h1>Welcome to nginx!</h1>
<p>If you see this page, the nginx web server is successfully installed and
working. Further configuration is required.</p>

<p>For online documentation and support please refer to
<a href="http://nginx.org/">nginx.org</a>.<br/>
Commercial support is available at
<a href="http://nginx.com/">nginx.com</a>.</p>

<p><em>Thank you for using nginx.</em></p>
</body>
</html>
`;

/** nginx's html/50x.html since 1.21.2 (through 1.29.x), as the official images ship it. */
const NGINX_50X = `<!DOCTYPE html>
<html>
<head>
<title>Error</title>
<style>
html { color-scheme: light dark; }
body { width: 35em; margin: 0 auto;
font-family: Tahoma, Verdana, Arial, sans-serif; }
</style>
</head>
<body>
<h1>An error occurred.</h1>
<p>Sorry, the page you are looking for is currently unavailable.<br/>
Please try again later.</p>
<p>If you are the system administrator of this resource then you should check
the error log for details.</p>
<p><em>Faithfully yours, nginx.</em></p>
</body>
</html>
`;

export { nginxBefore };

const HTTPD_IT_WORKS = '<html><body><h1>It works!</h1></body></html>\n';
const HTTPD_404: Route = {
  status: 404,
  contentType: 'text/html; charset=iso-8859-1',
  body: `<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">
<html><head>
<title>404 Not Found</title>
</head><body>
<h1>Not Found</h1>
<p>The requested URL was not found on this server.</p>
</body></html>
`,
};

/** Go's http.NotFound. */
const GO_404: Route = { status: 404, contentType: 'text/plain; charset=utf-8', body: '404 page not found\n' };
const ok = (body: string, contentType = 'text/plain; charset=utf-8'): Route => ({ status: 200, body, contentType });
const json = (body: string): Route => ({ status: 200, body: `${body}\n`, contentType: 'application/json' });

export const INFO_CERN_CH = `<html><head></head><body><header>
<title>http://info.cern.ch</title>
</header>

<h1>http://info.cern.ch - home of the first website</h1>
<p>From here you can:</p>
<ul>
<li><a href="http://info.cern.ch/hypertext/WWW/TheProject.html">Browse the first website</a></li>
<li><a href="http://line-mode.cern.ch/www/hypertext/WWW/TheProject.html">Browse the first website using the line-mode browser simulator</a></li>
<li><a href="http://home.web.cern.ch/topics/birth-web">Learn about the birth of the web</a></li>
<li><a href="http://home.web.cern.ch/about">Learn about CERN, the physics laboratory where the web was born</a></li>
</ul>
</body></html>
`;

/** Public hosts a `wget`/`curl` inside a container can reach (everything else: bad address). */
export const INTERNET: Record<string, { ip: string; body: string }> = {
  'info.cern.ch': { ip: '188.184.67.127', body: INFO_CERN_CH },
  'example.com': {
    ip: '23.192.228.80',
    body: '<!doctype html>\n<html>\n<head>\n    <title>Example Domain</title>\n</head>\n<body>\n<div>\n    <h1>Example Domain</h1>\n    <p>This domain is for use in illustrative examples in documents.</p>\n</div>\n</body>\n</html>\n',
  },
  // Package mirrors (tools-apk.ts, tools-apt.ts): Fastly's and Canonical's addresses.
  'dl-cdn.alpinelinux.org': { ip: '151.101.2.133', body: '' },
  'deb.debian.org': { ip: '151.101.130.132', body: '' },
  'archive.ubuntu.com': { ip: '91.189.91.82', body: '' },
  'security.ubuntu.com': { ip: '91.189.91.83', body: '' },
  'kubernetes.io': { ip: '147.75.40.148', body: '<!doctype html><html lang="en"><head><title>Kubernetes</title></head><body>Production-Grade Container Orchestration</body></html>\n' },
  // The docs' short links and the raw manifests (internet.ts routes their paths); Google's and GitHub's addresses.
  'k8s.io': { ip: '34.107.204.206', body: '' },
  'raw.githubusercontent.com': { ip: '185.199.108.133', body: '' },
  // Release downloads (metrics-server's components.yaml): github.com redirects to the asset host.
  'github.com': { ip: '140.82.112.3', body: '<!DOCTYPE html><html lang="en"><head><title>GitHub</title></head><body>GitHub</body></html>\n' },
  'release-assets.githubusercontent.com': { ip: '185.199.108.133', body: '' },
};

// ---------------------------------------------------------------------------------------------
// Server specs
// ---------------------------------------------------------------------------------------------
/** nginx `version`'s server; its error pages are the ones that release prints. */
export function nginxServer(version = ''): ServerSpec {
  return {
    listen: [{ port: 80, protocol: 'http' }],
    startupMs: 120,
    routes: { '/': { status: 200, body: NGINX_WELCOME, contentType: 'text/html' }, '/index.html': { status: 200, body: NGINX_WELCOME, contentType: 'text/html' } },
    notFound: nginxErrorPage(404, 'Not Found', version),
    dirWithoutIndex: nginxErrorPage(403, 'Forbidden', version),
    logStyle: 'nginx',
    memoryBytes: 6 * MiB,
  };
}

export function httpdServer(): ServerSpec {
  return {
    listen: [{ port: 80, protocol: 'http' }],
    startupMs: 180,
    routes: { '/': ok(HTTPD_IT_WORKS, 'text/html'), '/index.html': ok(HTTPD_IT_WORKS, 'text/html') },
    notFound: HTTPD_404,
    logStyle: 'httpd',
    memoryBytes: 9 * MiB,
  };
}

/** The syllabus's Go service: port 8080, `/ready` and `/healthz`, JSON logs (log/slog). */
export function goApiServer(startupMs = 1500): ServerSpec {
  return {
    listen: [{ port: 8080, protocol: 'http' }],
    startupMs,
    routes: {
      '/': json('{"service":"go-api","version":"{version}","hostname":"{hostname}"}'),
      '/ready': ok('ok\n'),
      '/healthz': ok('ok\n'),
      '/version': json('{"version":"{version}"}'),
      '/api/items': json('[{"id":1,"name":"apple"},{"id":2,"name":"banana"},{"id":3,"name":"cherry"}]'),
    },
    notFound: GO_404,
    logStyle: 'go-slog',
    memoryBytes: 18 * MiB,
    // 1 ms of CPU per request: 100 requests/s keep one core's tenth busy.
    load: { idleMillicores: 1, millicoresPerRps: 1 },
  };
}

export function tcpServer(port: number, memoryBytes: number, logStyle: ServerSpec['logStyle'] = 'generic', startupMs = 200): ServerSpec {
  return { listen: [{ port, protocol: 'tcp' }], startupMs, routes: {}, notFound: GO_404, logStyle, memoryBytes };
}

export function httpServer(port: number, routes: Record<string, Route>, notFound: Route = GO_404, startupMs = 300, memoryBytes = 12 * MiB): ServerSpec {
  return { listen: [{ port, protocol: 'http' }], startupMs, routes, notFound, logStyle: 'generic', memoryBytes };
}

const serve = (server: ServerSpec): Behaviour => ({ kind: 'serve', server });
const app = (behaviour: Behaviour): Binary => ({ kind: 'app', behaviour });
const tag = (sizeBytes: number, unpackedBytes: number, version?: string, extra: Partial<TagInfo> = {}): TagInfo => ({
  sizeBytes,
  unpackedBytes,
  ...(version !== undefined ? { version } : {}),
  ...extra,
});

const NGINX_ENTRYPOINT: Binary = {
  kind: 'entrypoint',
  announceFor: ['nginx', 'nginx-debug'],
  lines: [
    '/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration',
    '/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/',
    '/docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh',
    '10-listen-on-ipv6-by-default.sh: info: Getting the checksum of /etc/nginx/conf.d/default.conf',
    '10-listen-on-ipv6-by-default.sh: info: Enabled listen on IPv6 in /etc/nginx/conf.d/default.conf',
    '/docker-entrypoint.sh: Sourcing /docker-entrypoint.d/15-local-resolvers.envsh',
    '/docker-entrypoint.sh: Launching /docker-entrypoint.d/20-envsubst-on-templates.sh',
    '/docker-entrypoint.sh: Launching /docker-entrypoint.d/30-tune-worker-processes.sh',
    '/docker-entrypoint.sh: Configuration complete; ready for start up',
  ],
};

// ---------------------------------------------------------------------------------------------
// go-api teaching variants (registry.example.com — the course's own registry)
// ---------------------------------------------------------------------------------------------
const GO_API_SIZE = 61_874_213;
const GO_API_UNPACKED = 63_102_976;
const goApi = (version: string, behaviour?: Behaviour): TagInfo =>
  tag(GO_API_SIZE + (version.length * 7919) % 400_000, GO_API_UNPACKED + (version.length * 7919) % 400_000, version, behaviour ? { behaviour } : {});
const slog = (level: string, msg: string, attrs = ''): string => `{"time":"{isotime}","level":"${level}","msg":"${msg}"${attrs}}`;

const GO_API_TAGS: Record<string, TagInfo> = {
  'v1.0.0': goApi('v1.0.0'),
  'v1.1.0': goApi('v1.1.0'),
  latest: goApi('v1.1.0'),
  'v1.2.0-slow': goApi('v1.2.0-slow', {
    kind: 'serve',
    server: { ...goApiServer(2500), warmup: { paths: ['/ready'], readyAfterMs: 45_000, body: 'warming up: loading catalog cache\n' } },
  }),
  'v2.0.0-broken': goApi('v2.0.0-broken', {
    kind: 'crash',
    afterMs: 400,
    exitCode: 1,
    stdout: [slog('INFO', 'starting go-api', ',"version":"v2.0.0-broken"')],
    stderr: [slog('ERROR', 'invalid configuration', ',"error":"required environment variable DATABASE_URL is not set"')],
  }),
  'v1.3.0-leak': goApi('v1.3.0-leak', { kind: 'memory-leak', server: goApiServer(), bytesPerSecond: 4 * MiB, logEveryMs: 10_000 }),
  'v1.4.0-wrong-answers': goApi('v1.4.0-wrong-answers', {
    kind: 'wrong-answers',
    server: goApiServer(),
    healthyPaths: ['/ready', '/healthz'],
    answer: { status: 500, body: '{"error":"internal: price list is empty"}\n', contentType: 'application/json' },
  }),
  'v1.5.0-deadlock': goApi('v1.5.0-deadlock', {
    kind: 'hang',
    server: goApiServer(),
    afterMs: 60_000,
    logLine: slog('WARN', 'worker pool exhausted', ',"busy":64,"queued":512'),
  }),
  'v1.6.0-needs-db': goApi('v1.6.0-needs-db', {
    kind: 'external-dependency',
    server: goApiServer(),
    dependency: 'postgres.db.svc.cluster.local:5432',
    error: 'dial tcp: lookup postgres.db.svc.cluster.local on 10.96.0.10:53: no such host',
    failingPaths: ['/healthz', '/ready'],
    retryEveryMs: 5000,
  }),
  'v1.7.0-never-ready': goApi('v1.7.0-never-ready', {
    kind: 'never-ready',
    server: goApiServer(),
    path: '/ready',
    body: '{"ready":false,"reason":"feature flag service not configured"}\n',
  }),
  'v1.8.0-flaky': goApi('v1.8.0-flaky', {
    kind: 'crash',
    afterMs: 5000,
    exitCode: 2,
    stdout: [slog('INFO', 'starting go-api', ',"version":"v1.8.0-flaky"')],
    stderr: ['panic: runtime error: invalid memory address or nil pointer dereference', '[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x6b2f1c]', '', 'goroutine 1 [running]:', 'main.loadConfig(...)', '\t/src/cmd/go-api/main.go:42 +0x1c'],
    server: goApiServer(),
    untilRestart: 2,
  }),
  'v1.9.0-liveness': goApi('v1.9.0-liveness', { kind: 'liveness-failure', server: goApiServer(), path: '/healthz', afterMs: 60_000, failBody: '{"healthy":false,"reason":"event loop stalled"}\n' }),
};

// ---------------------------------------------------------------------------------------------
// Test images the kubernetes.io tutorials and task pages pull
// ---------------------------------------------------------------------------------------------
/** nginx's html/index.html before 1.21.2 (nginx commit e455bcedf restyled it), as releases up to 1.21.1 install it. */
const NGINX_WELCOME_OLD = `<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>
<style>
    body {
        width: 35em;
        margin: 0 auto;
        font-family: Tahoma, Verdana, Arial, sans-serif;
    }
</style>
</head>
<body>
<h1>Welcome to nginx!</h1>
<p>If you see this page, the nginx web server is successfully installed and
working. Further configuration is required.</p>

<p>For online documentation and support please refer to
<a href="http://nginx.org/">nginx.org</a>.<br/>
Commercial support is available at
<a href="http://nginx.com/">nginx.com</a>.</p>

<p><em>Thank you for using nginx.</em></p>
</body>
</html>
`;

/** nginx's html/50x.html before 1.21.2. */
const NGINX_50X_OLD = `<!DOCTYPE html>
<html>
<head>
<title>Error</title>
<style>
    body {
        width: 35em;
        margin: 0 auto;
        font-family: Tahoma, Verdana, Arial, sans-serif;
    }
</style>
</head>
<body>
<h1>An error occurred.</h1>
<p>Sorry, the page you are looking for is currently unavailable.<br/>
Please try again later.</p>
<p>If you are the system administrator of this resource then you should check
the <a href="http://nginx.org/r/error_log">error log</a> for details.</p>
<p><em>Faithfully yours, nginx.</em></p>
</body>
</html>
`;

/** nginx's conf/nginx.conf as `make install` puts it (unchanged from 1.11.4 to 1.13.5): what nginx-slim runs. */
const NGINX_CONF_STOCK = `
#user  nobody;
worker_processes  1;

#error_log  logs/error.log;
#error_log  logs/error.log  notice;
#error_log  logs/error.log  info;

#pid        logs/nginx.pid;


events {
    worker_connections  1024;
}


http {
    include       mime.types;
    default_type  application/octet-stream;

    #log_format  main  '$remote_addr - $remote_user [$time_local] "$request" '
    #                  '$status $body_bytes_sent "$http_referer" '
    #                  '"$http_user_agent" "$http_x_forwarded_for"';

    #access_log  logs/access.log  main;

    sendfile        on;
    #tcp_nopush     on;

    #keepalive_timeout  0;
    keepalive_timeout  65;

    #gzip  on;

    server {
        listen       80;
        server_name  localhost;

        #charset koi8-r;

        #access_log  logs/host.access.log  main;

        location / {
            root   html;
            index  index.html index.htm;
        }

        #error_page  404              /404.html;

        # redirect server error pages to the static page /50x.html
        #
        error_page   500 502 503 504  /50x.html;
        location = /50x.html {
            root   html;
        }

        # proxy the PHP scripts to Apache listening on 127.0.0.1:80
        #
        #location ~ \\.php$ {
        #    proxy_pass   http://127.0.0.1;
        #}

        # pass the PHP scripts to FastCGI server listening on 127.0.0.1:9000
        #
        #location ~ \\.php$ {
        #    root           html;
        #    fastcgi_pass   127.0.0.1:9000;
        #    fastcgi_index  index.php;
        #    fastcgi_param  SCRIPT_FILENAME  /scripts$fastcgi_script_name;
        #    include        fastcgi_params;
        #}

        # deny access to .htaccess files, if Apache's document root
        # concurs with nginx's one
        #
        #location ~ /\\.ht {
        #    deny  all;
        #}
    }


    # another virtual host using mix of IP-, name-, and port-based configuration
    #
    #server {
    #    listen       8000;
    #    listen       somename:8080;
    #    server_name  somename  alias  another.alias;

    #    location / {
    #        root   html;
    #        index  index.html index.htm;
    #    }
    #}


    # HTTPS server
    #
    #server {
    #    listen       443 ssl;
    #    server_name  localhost;

    #    ssl_certificate      cert.pem;
    #    ssl_certificate_key  cert.key;

    #    ssl_session_cache    shared:SSL:1m;
    #    ssl_session_timeout  5m;

    #    ssl_ciphers  HIGH:!aNULL:!MD5;
    #    ssl_prefer_server_ciphers  on;

    #    location / {
    #        root   html;
    #        index  index.html index.htm;
    #    }
    #}

}
`;

/** The docroot of nginx releases before 1.21.2. */
const NGINX_PAGES_OLD = { '/usr/share/nginx/html/index.html': NGINX_WELCOME_OLD, '/usr/share/nginx/html/50x.html': NGINX_50X_OLD };

/**
 * nginx-slim (StatefulSet Basics: `0.21`, then `0.24` in its update step; `0.8` in older
 * versions of the page). Built from kubernetes/contrib, later kubernetes/ingress-nginx,
 * images/nginx-slim: ubuntu-slim (Ubuntu 16.04 trimmed: dash as /bin/sh, coreutils, bash kept),
 * nginx compiled from source with `--prefix=/usr/share/nginx` (so its stock welcome page is
 * /usr/share/nginx/html/index.html), curl kept (`apt-mark unmarkauto bash curl …`), logs linked to
 * stdout/stderr, `CMD ["nginx", "-g", "daemon off;"]`, no entrypoint script. Approximate: the nginx
 * release per tag (build.sh pinned 1.11.4 in contrib's 0.1x era, 1.13.5 in ingress-nginx's 0.2x
 * era; which tag carried which is not recorded here), apt-get (ubuntu-slim keeps it, not
 * modelled), and the sizes (derived-size.ts: no registry manifest is reachable from here).
 */
function nginxSlim(repository: string): CatalogImage {
  // Its stock nginx.conf logs `combined` and no notices (`nginx-combined`).
  const slim = (name: string, version: string): TagInfo => ({
    ...sizesFromName(`registry.k8s.io/nginx-slim:${name}`, 38, 56),
    version,
    behaviour: { kind: 'serve', server: { ...nginxServer(version), logStyle: 'nginx-combined' } },
  });
  return {
    repository,
    about: 'The StatefulSet tutorial\'s nginx: nginx on 80 serving /usr/share/nginx/html, with sh and curl (Ubuntu-based).',
    tags: { '0.8': slim('0.8', '1.11.4'), '0.21': slim('0.21', '1.13.5'), '0.24': slim('0.24', '1.13.5'), '0.26': slim('0.26', '1.13.5'), '0.27': slim('0.27', '1.13.5') },
    tagPattern: '^0\\.\\d+$',
    patternTag: '0.21',
    userland: { shell: 'dash', tools: 'coreutils', bash: true },
    curl: 'xenial',
    entrypoint: [],
    cmd: ['nginx', '-g', 'daemon off;'],
    main: '/usr/sbin/nginx',
    binaries: { '/usr/sbin/nginx': { kind: 'program', program: 'nginx' }, '/usr/bin/curl': { kind: 'program', program: 'curl' } },
    files: { ...NGINX_PAGES_OLD, '/etc/nginx/nginx.conf': NGINX_CONF_STOCK },
  };
}

/**
 * The old standalone liveness image (kubernetes test/images/liveness: `FROM scratch`, `COPY
 * liveness /server`, no ENTRYPOINT or CMD, so the docs' Pod names it: `args: [/server]`). Its
 * server.go is agnhost liveness's ancestor: `/healthz` answers 200 `ok` while
 * time.Since(started).Seconds() <= 10, then 500 `error: <seconds>`; `/started` its age; port 8080.
 * Size approximate (derived-size.ts): one static Go binary.
 */
function livenessImage(repository: string): CatalogImage {
  // It prints nothing: no start-up line, no request log.
  const server: ServerSpec = { ...httpServer(8080, { '/healthz': { status: 200, body: 'ok' } }, GO_404, 40, 5 * MiB), logStyle: 'silent' };
  return {
    repository,
    about: 'Configure Liveness… (older pages): `/server` answers /healthz 200 for 10 s, then 500.',
    tags: { latest: { ...sizesFromName(`${repository}:latest`, 2, 4), version: 'latest' } },
    userland: DISTROLESS,
    entrypoint: [],
    cmd: [],
    main: '/server',
    binaries: { '/server': app({ kind: 'liveness-failure', server, path: '/healthz', afterMs: 10_000, failBody: 'agnhost-seconds' }) },
  };
}

/**
 * serve_hostname (Debug Services' `hostnames` Deployment): kubernetes test/images/serve_hostname,
 * `FROM busybox`, `ENTRYPOINT ["/serve_hostname"]`, `EXPOSE 9376`; serve_hostname.go answers
 * every HTTP path with the bare hostname (`fmt.Fprintf(w, "%s", hostname)`, no newline) and prints
 * no start-up line. Its BusyBox gives the Pod sh and wget. Sizes approximate (derived-size.ts).
 */
function serveHostname(repository: string): CatalogImage {
  const size = (name: string): TagInfo => ({ ...sizesFromName(`${repository}:${name}`, 2, 4), version: name });
  return {
    repository,
    about: 'Debug Services\' hostnames: answers every HTTP request on 9376 with the Pod\'s hostname.',
    tags: { latest: size('v1.4'), 'v1.4': size('v1.4'), '1.1': size('1.1') },
    userland: BUSYBOX,
    entrypoint: ['/serve_hostname'],
    cmd: [],
    main: '/serve_hostname',
    binaries: { '/serve_hostname': app(serve({ ...httpServer(9376, {}, { status: 200, body: '{hostname}' }, 40, 3 * MiB), logStyle: 'serve-hostname' })), '/bin/wget': { kind: 'program', program: 'wget' } },
  };
}

/**
 * The sandbox "pause" image. Tags 3.x, and the 2.0 the docs' affinity examples still
 * name (pause:2.0 in pod-with-node-affinity.yaml), which behaves like 3.10.
 */
function pauseImage(repository: string): CatalogImage {
  return {
    repository,
    about: 'The sandbox "pause" container: sleeps forever, listens nowhere.',
    tags: { '3.10': tag(320_368, 736_000, '3.10'), '3.9': tag(321_520, 744_000, '3.9'), '3.10.1': tag(320_448, 736_000, '3.10.1'), latest: tag(320_368, 736_000, '3.10') },
    tagPattern: '^3\\.\\d+(\\.\\d+)?$|^2\\.0$',
    patternTag: '3.10',
    userland: DISTROLESS,
    entrypoint: ['/pause'],
    cmd: [],
    // build/pause/Dockerfile: `USER 65535:65535` (FROM scratch: no /etc/passwd).
    user: '65535:65535',
    main: '/pause',
    binaries: { '/pause': app({ kind: 'sleep-forever', memoryBytes: 256 * 1024, logs: [] }) },
  };
}

/** The old busybox (1.24) under the names older docs pages use; behaves like registry.k8s.io/busybox. */
function oldBusybox(repository: string, about: string): CatalogImage {
  return {
    repository,
    about,
    tags: { latest: tag(675_091, 1_113_554, '1.24.0'), '1.24': tag(675_091, 1_113_554, '1.24.0') },
    userland: BUSYBOX,
    entrypoint: [],
    cmd: ['sh'],
    binaries: { '/bin/wget': { kind: 'program', program: 'wget' } },
  };
}

/**
 * nginx's ENV as the Dockerfile of the release sets it (mainline|stable/debian/Dockerfile):
 * NJS_RELEASE and DYNPKG_RELEASE since 2024 (3fb7e2e, e78cf70); `{debian}` is the tag's release.
 */
const nginxEnv = (njs: string, dynpkg = '1'): Record<string, string> => ({
  NGINX_VERSION: '{version}',
  NJS_VERSION: njs,
  NJS_RELEASE: '1~{debian}',
  PKG_RELEASE: '1~{debian}',
  DYNPKG_RELEASE: `${dynpkg}~{debian}`,
});
/** A tag of nginx on Debian: its release and its Dockerfile's ENV. */
const onDebian = (debian: DebianCodename, env: Record<string, string>): Partial<TagInfo> => ({ debian, env });
/** 1.25.5 (29d5001): before NJS_RELEASE. */
const NGINX_1_25 = onDebian('bookworm', { NGINX_VERSION: '{version}', NJS_VERSION: '0.8.4', PKG_RELEASE: '1~{debian}' });
/** 1.26.3 (stable/debian, February 2025). */
const NGINX_1_26 = onDebian('bookworm', nginxEnv('0.8.9', '2'));
/** 1.27.5 (eaf8875), 1.28.0 (7f1d49f). */
const NGINX_1_27 = onDebian('bookworm', nginxEnv('0.8.10'));
/** 1.29.1 (5a4ad48). */
const NGINX_1_29_1 = onDebian('bookworm', nginxEnv('0.9.1'));
/** 1.29.2 (c3785f2; official-images 11d93407dc, 2025-10-07: `1.29.2-trixie`, alpine still 3.22). */
const NGINX_1_29_2 = onDebian('trixie', nginxEnv('0.9.3'));

// ---------------------------------------------------------------------------------------------
// Learn Kubernetes Basics (kubernetes.io/docs/tutorials/kubernetes-basics/)
// ---------------------------------------------------------------------------------------------
/**
 * server.js under node 6.3.1: every path and method gets the same 200 (the handler never looks at
 * the request), framed as Node's http module frames it; its log is app-logs.ts's `bootcamp`.
 * Approximate: the start-up time; the memory is the RSS `ps` shows for node 6 running the
 * similar google-samples/node-hello (22 MB).
 */
function bootcampServer(v: number): Behaviour {
  const hello: Route = { status: 200, body: `Hello Kubernetes bootcamp! | Running on: {hostname} | v=${v}\n`, contentType: 'text/plain' };
  return serve({ ...httpServer(8080, {}, hello, 150, 22 * MiB), logStyle: 'bootcamp', framing: 'node' });
}

/**
 * The image as `docker history` shows it: debian:jessie (125 MB), node:6.3's slim layers (apt's
 * ca-certificates, curl, wget; node 6.3.1 under /usr/local; ENV NPM_CONFIG_LOGLEVEL=info,
 * NODE_VERSION=6.3.1), `EXPOSE 8080`, `COPY server.js .` into /, `CMD node server.js` (a shell
 * form: `/bin/sh -c node server.js`). `ls /` shows a `core` file the build left in the root.
 * Approximate: Debian 8's coreutils, bash and curl versions are not modelled (the Debian 12 ones
 * answer, as for jessie-dnsutils), nor its apt (the jessie mirrors are gone: no `apt-get` here);
 * `core`'s size (empty here).
 */
/**
 * Debian 8's /etc/os-release (base-files 8, as `cat /etc/os-release` in the image prints it: no
 * VERSION_CODENAME yet, http:// home pages) and /etc/debian_version. Approximate: 8.5, the point
 * release current when node:6.3.1 was built (July 2016).
 */
const JESSIE_RELEASE: Record<string, string> = {
  '/etc/os-release': 'PRETTY_NAME="Debian GNU/Linux 8 (jessie)"\nNAME="Debian GNU/Linux"\nVERSION_ID="8"\nVERSION="8 (jessie)"\nID=debian\nHOME_URL="http://www.debian.org/"\nSUPPORT_URL="http://www.debian.org/support"\nBUG_REPORT_URL="https://bugs.debian.org/"\n',
  '/etc/debian_version': '8.5\n',
};

function bootcampImage(repository: string, about: string, tags: Record<string, TagInfo>): CatalogImage {
  return {
    repository,
    about,
    tags,
    userland: { shell: 'dash', tools: 'coreutils', bash: true },
    entrypoint: [],
    cmd: ['/bin/sh', '-c', 'node server.js'],
    env: { NPM_CONFIG_LOGLEVEL: 'info', NODE_VERSION: '6.3.1' },
    main: '/usr/local/bin/node',
    binaries: { '/usr/local/bin/node': { kind: 'program', program: 'node' }, '/usr/bin/curl': { kind: 'program', program: 'curl' } },
    files: { '/server.js': bootcampServerJs(1), '/core': '', ...JESSIE_RELEASE },
    rootDirs: ['/', '/bin', '/boot', '/dev', '/etc', '/home', '/lib', '/lib64', '/media', '/mnt', '/opt', '/proc', '/root', '/run', '/sbin', '/srv', '/sys', '/tmp', '/usr', '/var'],
  };
}

/**
 * v1's size as a kind cluster's kubelet printed it (`Image size: 83642968 bytes`), its digest from
 * `describe` (gcr.io's and jocatalin's v1 are one image: docker-pullable://jocatalin/…@ the same
 * sha256); unpacked 211 MB (`docker images`). v2's digest from `describe` output; its size is not
 * recorded here (approximate: v1's — only server.js differs).
 */
const BOOTCAMP_V1 = tag(83_642_968, 211_300_000, 'v1', { digest: 'sha256:0d6b8ee63bb57c5f5b6156f446b3bc3b3c143d233037f3a2f00e279c8fcc64af', behaviour: bootcampServer(1) });
const BOOTCAMP_V2 = tag(83_642_968, 211_300_000, 'v2', {
  digest: 'sha256:fb1a3ced00cecfc1f83f18ab5cd14199e30adc1b49aa4244f5d65ad3f5feb2a5',
  behaviour: bootcampServer(2),
  files: { '/server.js': bootcampServerJs(2) },
});

// ---------------------------------------------------------------------------------------------
// The catalog
// ---------------------------------------------------------------------------------------------
const NGINX_FILES = { ...NGINX_IMAGE_FILES, '/usr/share/nginx/html/index.html': NGINX_WELCOME, '/usr/share/nginx/html/50x.html': NGINX_50X };

/** The official mysql image's ENV (Oracle Linux 9 builds; the tag's version where `{version}` is). */
function mysqlEnv(major: string): Record<string, string> {
  return { GOSU_VERSION: '1.17', MYSQL_MAJOR: major, MYSQL_VERSION: '{version}-1.el9', MYSQL_SHELL_VERSION: '{version}-1.el9' };
}

export const CATALOG: CatalogImage[] = [
  {
    repository: 'docker.io/library/nginx',
    about: 'nginx web server; serves /usr/share/nginx/html on port 80, 404 for other paths.',
    tags: {
      // No curl before 1.17.10 (docker-nginx 87f9340 added it): curl-builds.ts.
      '1.14.2': tag(44_715_231, 109_331_247, '1.14.2', { entrypoint: [], files: NGINX_PAGES_OLD, curl: 'none' }),
      '1.15': tag(43_021_604, 109_130_120, '1.15.12', { entrypoint: [], files: NGINX_PAGES_OLD, curl: 'none' }),
      '1.16.1': tag(51_010_418, 126_681_697, '1.16.1', { entrypoint: [], files: NGINX_PAGES_OLD, curl: 'none' }),
      '1.19': tag(53_618_140, 133_132_440, '1.19.10', { files: NGINX_PAGES_OLD }),
      '1.21': tag(56_731_290, 141_505_630, '1.21.6'),
      '1.23': tag(57_009_915, 142_146_000, '1.23.4'),
      '1.25': tag(70_544_108, 187_666_031, '1.25.5', NGINX_1_25),
      '1.25-alpine': tag(19_392_115, 48_300_050, '1.25.5', { curl: 'alpine' }),
      '1.26': tag(71_006_422, 188_330_119, '1.26.3', NGINX_1_26),
      '1.27': tag(72_404_038, 192_385_289, '1.27.5', NGINX_1_27),
      '1.27.5': tag(72_404_038, 192_385_289, '1.27.5', NGINX_1_27),
      '1.27-alpine': tag(20_984_244, 52_506_134, '1.27.5', { curl: 'alpine' }),
      '1.28': tag(72_218_113, 192_116_455, '1.28.0', NGINX_1_27),
      stable: tag(72_218_113, 192_116_455, '1.28.0', NGINX_1_27),
      '1.29.1': tag(72_319_182, 192_498_712, '1.29.1', NGINX_1_29_1),
      // The first mainline on trixie. Approximate: its sizes are 1.29.1's (not recorded).
      '1.29': tag(72_319_182, 192_498_712, '1.29.2', NGINX_1_29_2),
      mainline: tag(72_319_182, 192_498_712, '1.29.2', NGINX_1_29_2),
      latest: tag(72_319_182, 192_498_712, '1.29.2', NGINX_1_29_2),
      // The release-named aliases official-images 11d93407dc lists for the same builds.
      trixie: tag(72_319_182, 192_498_712, '1.29.2', NGINX_1_29_2),
      'mainline-trixie': tag(72_319_182, 192_498_712, '1.29.2', NGINX_1_29_2),
      '1.29-trixie': tag(72_319_182, 192_498_712, '1.29.2', NGINX_1_29_2),
      'stable-bookworm': tag(72_218_113, 192_116_455, '1.28.0', NGINX_1_27),
      '1.28-bookworm': tag(72_218_113, 192_116_455, '1.28.0', NGINX_1_27),
      alpine: tag(21_148_906, 52_836_604, '1.29.2', { curl: 'alpine' }),
      'stable-alpine': tag(21_051_331, 52_610_418, '1.28.0', { curl: 'alpine' }),
    },
    tagPattern: '^(\\d+(\\.\\d+){0,2})(-(alpine|alpine-slim|alpine-perl|perl|bookworm|bookworm-perl|trixie|trixie-perl|otel|alpine-otel))?$|^(stable|mainline)(-(alpine|alpine-slim|perl|bookworm|trixie))?$|^(alpine|alpine-slim|perl|bookworm|trixie|alpine-perl)$',
    patternTag: '1.27',
    debianOf: nginxDebian,
    userland: DEBIAN,
    entrypoint: ['/docker-entrypoint.sh'],
    cmd: ['nginx', '-g', 'daemon off;'],
    env: { NGINX_VERSION: '{version}', NJS_VERSION: '0.8.10', PKG_RELEASE: '1~bookworm' },
    main: '/usr/sbin/nginx',
    binaries: {
      '/docker-entrypoint.sh': NGINX_ENTRYPOINT,
      '/usr/sbin/nginx': { kind: 'program', program: 'nginx' },
      '/usr/sbin/nginx-debug': { kind: 'program', program: 'nginx' },
      '/usr/bin/curl': { kind: 'program', program: 'curl' },
    },
    files: NGINX_FILES,
    links: NGINX_IMAGE_LINKS,
    dirs: NGINX_IMAGE_DIRS,
    rootDirs: NGINX_ROOT_DIRS,
    meta: NGINX_IMAGE_META,
    // docker-nginx's "Updated nginx mainline to 1.29.1" (5a4ad48), the day that image was built.
    // Approximate for 1.29.2 (built 2025-10-07): its own time would postdate the simulated clock's
    // 2025-09-01, and nginx's Last-Modified would then be later than its Date.
    built: '2025-08-13T16:34:01Z',
  },
  {
    repository: 'docker.io/library/httpd',
    about: 'Apache httpd; "It works!" on port 80.',
    tags: {
      '2.4': tag(58_240_177, 148_012_933, '2.4.65'),
      '2.4.62': tag(58_101_660, 147_810_222, '2.4.62'),
      latest: tag(58_240_177, 148_012_933, '2.4.65'),
      alpine: tag(22_613_006, 62_442_317, '2.4.65'),
      '2.4-alpine': tag(22_613_006, 62_442_317, '2.4.65'),
    },
    tagPattern: '^2(\\.4(\\.\\d+)?)?(-(alpine|bookworm))?$|^(alpine|bookworm)$',
    patternTag: '2.4',
    userland: DEBIAN,
    entrypoint: [],
    cmd: ['httpd-foreground'],
    env: { HTTPD_VERSION: '{version}', HTTPD_PREFIX: '/usr/local/apache2' },
    workingDir: '/usr/local/apache2',
    main: '/usr/local/bin/httpd-foreground',
    binaries: {
      '/usr/local/bin/httpd-foreground': { kind: 'program', program: 'httpd' },
      '/usr/local/apache2/bin/httpd': { kind: 'program', program: 'httpd' },
    },
    files: { '/usr/local/apache2/htdocs/index.html': HTTPD_IT_WORKS },
  },
  {
    repository: 'docker.io/library/redis',
    about: 'Redis server on 6379 (TCP only; HTTP probes get EOF).',
    tags: {
      '6.0.5': tag(37_840_532, 104_112_447, '6.0.5'),
      '7': tag(45_021_877, 117_204_010, '7.4.5'),
      '7.2': tag(44_110_326, 116_877_002, '7.2.10'),
      '7.4': tag(45_021_877, 117_204_010, '7.4.5'),
      '8': tag(52_700_961, 138_401_180, '8.2.1'),
      latest: tag(52_700_961, 138_401_180, '8.2.1'),
      alpine: tag(17_512_344, 42_006_118, '8.2.1'),
      '7-alpine': tag(16_004_230, 40_222_419, '7.4.5'),
    },
    tagPattern: '^\\d+(\\.\\d+){0,2}(-(alpine|bookworm))?$|^(alpine|bookworm)$',
    patternTag: '7',
    userland: DEBIAN,
    entrypoint: ['docker-entrypoint.sh'],
    cmd: ['redis-server'],
    workingDir: '/data',
    env: { REDIS_VERSION: '{version}' },
    main: '/usr/local/bin/redis-server',
    binaries: {
      '/usr/local/bin/docker-entrypoint.sh': { kind: 'entrypoint', announceFor: [], lines: [], prependIfFlag: 'redis-server' },
      '/usr/local/bin/redis-server': { kind: 'program', program: 'redis-server' },
      '/usr/local/bin/redis-cli': { kind: 'program', program: 'redis-cli' },
    },
  },
  {
    repository: 'docker.io/library/busybox',
    about: 'BusyBox: sh and the usual applets; default CMD `sh` exits at once without a TTY.',
    tags: {
      '1.28': tag(727_869, 1_146_369, '1.28.4'),
      '1.29': tag(760_004, 1_219_782, '1.29.3'),
      '1.34': tag(777_536, 1_239_748, '1.34.1'),
      '1.35': tag(2_118_391, 4_862_142, '1.35.0'),
      '1.36': tag(2_152_264, 4_261_550, '1.36.1'),
      '1.36.1': tag(2_152_264, 4_261_550, '1.36.1'),
      '1.37': tag(2_167_176, 4_277_910, '1.37.0'),
      latest: tag(2_167_176, 4_277_910, '1.37.0'),
      stable: tag(2_152_264, 4_261_550, '1.36.1'),
      musl: tag(860_111, 1_475_033, '1.37.0', { variant: { userland: { ...BUSYBOX, libc: 'musl' } } }),
      glibc: tag(2_167_176, 4_277_910, '1.37.0'),
      uclibc: tag(763_441, 1_328_600, '1.37.0'),
    },
    tagPattern: '^1\\.\\d+(\\.\\d+)?(-(musl|glibc|uclibc))?$|^(musl|glibc|uclibc|stable|unstable)(-(musl|glibc|uclibc))?$',
    patternTag: '1.36',
    userland: BUSYBOX,
    entrypoint: [],
    cmd: ['sh'],
    // `docker run busybox cat /etc/passwd`, as published transcripts of the image show it.
    files: { '/etc/passwd': BUSYBOX_PASSWD, ...BUSYBOX_ETC },
    links: BUSYBOX_LINKS,
    dirs: BUSYBOX_DIRS,
    rootDirs: BUSYBOX_ROOT,
    meta: BUSYBOX_META,
    // docker-library/busybox's image-config.json for 1.36.1 (glibc): its rootfs's timestamp.
    built: '2023-05-18T22:34:17Z',
    binaries: { '/bin/wget': { kind: 'program', program: 'wget' } },
  },
  {
    repository: 'registry.k8s.io/busybox',
    about: 'The old busybox (1.24) the Kubernetes docs used; behaves like busybox.',
    tags: { latest: tag(675_091, 1_113_554, '1.24.0'), '1.27.2': tag(713_452, 1_129_289, '1.27.2'), '1.24': tag(675_091, 1_113_554, '1.24.0') },
    userland: BUSYBOX,
    entrypoint: [],
    cmd: ['sh'],
    binaries: { '/bin/wget': { kind: 'program', program: 'wget' } },
  },
  {
    repository: 'k8s.gcr.io/busybox',
    about: 'Frozen k8s.gcr.io copy of registry.k8s.io/busybox (exec-liveness.yaml uses it).',
    tags: { latest: tag(675_091, 1_113_554, '1.24.0'), '1.27.2': tag(713_452, 1_129_289, '1.27.2'), '1.24': tag(675_091, 1_113_554, '1.24.0') },
    userland: BUSYBOX,
    entrypoint: [],
    cmd: ['sh'],
    binaries: { '/bin/wget': { kind: 'program', program: 'wget' } },
  },
  {
    repository: 'registry.k8s.io/e2e-test-images/busybox',
    about: 'Kubernetes e2e busybox.',
    tags: { '1.29-4': tag(760_902, 1_221_003, '1.29.3'), '1.36.1-1': tag(2_158_801, 4_270_334, '1.36.1') },
    userland: BUSYBOX,
    entrypoint: [],
    cmd: ['sh'],
    binaries: { '/bin/wget': { kind: 'program', program: 'wget' } },
  },
  {
    repository: 'registry.k8s.io/e2e-test-images/agnhost',
    about: 'Kubernetes e2e multi-tool: `liveness` (healthz 500 after 10 s), `netexec`, `serve-hostname`, `pause`.',
    tags: {
      '2.40': tag(51_290_876, 128_412_211, '2.40'),
      '2.39': tag(50_967_114, 127_901_640, '2.39'),
      '2.43': tag(52_001_472, 130_217_988, '2.43'),
      // Sizes not recorded: 2.40's, as the tag pattern gave it before its accounts were modelled.
      '2.45': tag(51_290_876, 128_412_211, '2.45', { files: AGNHOST_ACCOUNTS }),
      '2.47': tag(52_911_035, 132_006_871, '2.47', { files: AGNHOST_ACCOUNTS }),
      '2.53': tag(53_480_002, 133_941_520, '2.53', { files: AGNHOST_ACCOUNTS }),
    },
    tagPattern: '^2\\.\\d+$',
    patternTag: '2.40',
    // test/images/agnhost/Dockerfile: `apk --update add bind-tools curl netcat-openbsd iproute2 iperf bash`,
    // `ENTRYPOINT ["/agnhost"]`, `CMD ["pause"]` — so a Pod without args pauses (the DNS debugging
    // page's dnsutils.yaml runs agnhost:2.39 that way and execs nslookup in it).
    userland: { ...ALPINE, ip: 'iproute2', net: { telnet: false, bind: true, nc: 'openbsd' } },
    entrypoint: ['/agnhost'],
    cmd: ['pause'],
    main: '/agnhost',
    binaries: { '/agnhost': { kind: 'program', program: 'agnhost' }, '/usr/bin/curl': { kind: 'program', program: 'curl' }, '/bin/wget': { kind: 'program', program: 'wget' } },
  },
  nginxSlim('registry.k8s.io/nginx-slim'),
  nginxSlim('k8s.gcr.io/nginx-slim'),
  nginxSlim('gcr.io/google_containers/nginx-slim'),
  livenessImage('registry.k8s.io/liveness'),
  livenessImage('k8s.gcr.io/liveness'),
  serveHostname('registry.k8s.io/serve_hostname'),
  serveHostname('k8s.gcr.io/serve_hostname'),
  oldBusybox('gcr.io/google-containers/busybox', 'Debug Services\' interactive busybox (`--image=gcr.io/google-containers/busybox`): the old 1.24.'),
  oldBusybox('gcr.io/google_containers/busybox', 'The same old busybox under gcr.io/google_containers.'),
  {
    repository: 'registry.k8s.io/e2e-test-images/jessie-dnsutils',
    about: 'Debugging DNS Resolution\'s dnsutils Pod (older pages): Debian jessie with BIND\'s dig, host and nslookup.',
    // kubernetes test/images/jessie-dnsutils: BASEIMAGE debian:jessie, `apt-get install -y dnsutils`,
    // CoreDNS 1.5.0 at /coredns; no CMD of its own, so debian's `bash` (exits at once without a TTY).
    // Tags as k8s.io's promoter manifest lists them (1.2–1.5, 1.7). Approximate: jessie's BIND is
    // 9.9.5; the tools answer in the 9.18 format netshoot's do (tools-dig.ts, tools-host.ts), and
    // sizes come from derived-size.ts.
    tags: {
      '1.3': { ...sizesFromName('registry.k8s.io/e2e-test-images/jessie-dnsutils:1.3', 52, 60), version: '1.3' },
      '1.4': { ...sizesFromName('registry.k8s.io/e2e-test-images/jessie-dnsutils:1.4', 52, 60), version: '1.4' },
      '1.7': { ...sizesFromName('registry.k8s.io/e2e-test-images/jessie-dnsutils:1.7', 52, 60), version: '1.7' },
    },
    tagPattern: '^1\\.[2-7]$',
    patternTag: '1.3',
    userland: { shell: 'dash', tools: 'coreutils', bash: true, net: { bind: true } },
    entrypoint: [],
    cmd: ['bash'],
    binaries: {},
  },
  {
    repository: 'gcr.io/kubernetes-e2e-test-images/dnsutils',
    about: 'The dnsutils many guides run: Alpine 3.4 with bind-tools (dig, host, nslookup).',
    // kubernetes test/images/dnsutils/Dockerfile: `FROM alpine:3.4`, `apk add bind-tools`; alpine's
    // CMD `/bin/sh`. It never moved to registry.k8s.io (k8s.io's e2e-test-images promoter manifest
    // has no dnsutils), so registry.k8s.io/e2e-test-images/dnsutils is `not found`. Size approximate.
    tags: { '1.3': { ...sizesFromName('gcr.io/kubernetes-e2e-test-images/dnsutils:1.3', 4, 6), version: '1.3' } },
    userland: { ...ALPINE, net: { telnet: false, bind: true } },
    entrypoint: [],
    cmd: ['/bin/sh'],
    binaries: { '/bin/wget': { kind: 'program', program: 'wget' } },
  },
  {
    repository: 'docker.io/nicolaka/netshoot',
    about: 'The network trouble-shooting swiss-army container: curl, dig, host, nslookup, ping, nc, telnet, ip, tcpdump… on Alpine; default CMD `zsh`.',
    // Approximate sizes: Docker Hub shows about 200 MB compressed for linux/amd64.
    tags: { 'v0.16': tag(201_326_592, 521_142_272, 'v0.16'), 'v0.15': tag(199_229_440, 516_947_968, 'v0.15'), latest: tag(201_326_592, 521_142_272, 'v0.16') },
    tagPattern: '^v0\\.\\d+$',
    patternTag: 'v0.16',
    // Dockerfile (v0.16, Alpine 3.24): `apk add … bash bind-tools busybox-extras curl iproute2 iputils
    // netcat-openbsd … zsh`, WORKDIR /root, `CMD ["zsh"]`. Its shell is zsh with oh-my-zsh; without a
    // TTY it reads an empty stdin and exits 0, as busybox's `sh` does.
    userland: { ...ALPINE, bash: true, zsh: true, ip: 'iproute2', net: { telnet: true, bind: true, nc: 'openbsd', ping: 'iputils' } },
    entrypoint: [],
    cmd: ['zsh'],
    workingDir: '/root',
    binaries: { '/usr/bin/curl': { kind: 'program', program: 'curl' } },
  },
  {
    repository: 'docker.io/curlimages/curl',
    about: 'curl on Alpine with BusyBox sh: the usual image for reaching Services and kube-apiserver from a Pod.',
    tags: {
      '8.17.0': tag(10_392_158, 24_903_680, '8.17.0'),
      '8.16.0': tag(10_301_774, 24_682_496, '8.16.0'),
      '8.15.0': tag(10_226_120, 24_510_464, '8.15.0'),
      latest: tag(10_392_158, 24_903_680, '8.17.0'),
    },
    tagPattern: '^\\d+\\.\\d+\\.\\d+$',
    patternTag: '8.17.0',
    userland: ALPINE,
    curl: 'curlimages',
    // Its entrypoint.sh runs `curl "$@"` when the first argument is an option.
    entrypoint: ['/entrypoint.sh'],
    cmd: ['curl'],
    // create_appliance_image.sh: `buildah config --user curl_user` (a name: runAsNonRoot cannot
    // verify it); create_base_image.sh's `adduser -S curl_user -G curl_group` made the account
    // (userland-files.ts), its home the workdir, and Mozilla's bundle curl's CA store.
    user: 'curl_user',
    workingDir: '/home/curl_user',
    env: { CURL_CA_BUNDLE: '/cacert.pem' },
    binaries: {
      '/entrypoint.sh': { kind: 'entrypoint', announceFor: [], lines: [], prependIfFlag: 'curl' },
      '/usr/bin/curl': { kind: 'program', program: 'curl' },
      '/bin/wget': { kind: 'program', program: 'wget' },
    },
  },
  pauseImage('registry.k8s.io/pause'),
  // The docs' node-affinity examples still name `k8s.gcr.io/pause:2.0`.
  pauseImage('k8s.gcr.io/pause'),
  {
    repository: 'registry.k8s.io/coredns/coredns',
    about: 'CoreDNS, the cluster DNS kubeadm installs: DNS on 53, /health on 8080, /ready on 8181, metrics on 9153.',
    tags: { 'v1.14.2': tag(20_939_036, 75_112_448, '1.14.2'), 'v1.12.1': tag(20_939_036, 75_112_448, '1.12.1'), 'v1.11.3': tag(18_562_039, 61_245_440, '1.11.3') },
    tagPattern: '^v1\\.\\d+\\.\\d+$',
    patternTag: 'v1.14.2',
    userland: DISTROLESS,
    entrypoint: ['/coredns'],
    cmd: [],
    // coredns's Dockerfile: `FROM gcr.io/distroless/static-debian12:nonroot`, `USER nonroot:nonroot`.
    user: 'nonroot:nonroot',
    files: DISTROLESS_ACCOUNTS,
    main: '/coredns',
    binaries: {
      '/coredns': app(
        serve({
          listen: [
            { port: 53, protocol: 'tcp' },
            { port: 8080, protocol: 'http' },
            { port: 8181, protocol: 'http' },
            { port: 9153, protocol: 'http' },
          ],
          startupMs: 400,
          routes: { '/health': ok('OK'), '/ready': ok('OK'), '/metrics': ok('# HELP coredns_build_info A metric with a constant \'1\' value.\n') },
          notFound: { status: 404, body: '404 page not found\n', contentType: 'text/plain; charset=utf-8' },
          logStyle: 'coredns',
          memoryBytes: 14 * MiB,
        }),
      ),
    },
  },
  {
    repository: 'registry.k8s.io/metrics-server/metrics-server',
    about: 'metrics-server: scrapes every kubelet\'s /metrics/resource each --metric-resolution and serves metrics.k8s.io (kubectl top, the HPA) on 10250.',
    tags: { 'v0.8.0': tag(19_721_508, 67_493_888, 'v0.8.0'), 'v0.7.2': tag(19_434_211, 66_551_808, 'v0.7.2') },
    tagPattern: '^v0\\.\\d+\\.\\d+$',
    patternTag: 'v0.8.0',
    userland: DISTROLESS,
    entrypoint: ['/metrics-server'],
    cmd: [],
    // metrics-server's Dockerfile: `FROM gcr.io/distroless/static`, `USER 65534`.
    user: '65534',
    files: DISTROLESS_ACCOUNTS,
    main: '/metrics-server',
    binaries: {
      // The scraping itself is engine/metrics/metrics-server.ts: it needs the kubelets, which a process cannot reach.
      '/metrics-server': app(
        serve({
          listen: [{ port: 10250, protocol: 'https' }],
          startupMs: 900,
          routes: { '/readyz': ok('ok'), '/livez': ok('ok'), '/healthz': ok('ok') },
          notFound: { status: 404, body: '404 page not found\n', contentType: 'text/plain; charset=utf-8' },
          logStyle: 'generic',
          memoryBytes: 21 * MiB,
          load: { idleMillicores: 4, millicoresPerRps: 0.5 },
        }),
      ),
    },
  },
  {
    repository: 'docker.io/library/perl',
    about: 'Perl; the docs\' pi Job runs `perl -Mbignum=bpi -wle "print bpi(2000)"`.',
    tags: {
      '5.34.0': tag(336_551_227, 858_214_004, '5.34.0'),
      '5.34': tag(336_551_227, 858_214_004, '5.34.0'),
      '5.40': tag(341_992_010, 872_004_613, '5.40.3'),
      latest: tag(342_104_731, 873_114_002, '5.42.0'),
      // The slim variant is debian:*-slim with perl alone: no curl.
      slim: tag(54_309_188, 148_902_311, '5.42.0', { curl: 'none' }),
    },
    tagPattern: '^5\\.\\d+(\\.\\d+)?(-(slim|bookworm|threaded))?$|^(slim|threaded|bookworm)$',
    patternTag: '5.34.0',
    userland: DEBIAN,
    entrypoint: [],
    cmd: ['perl', '-de0'],
    main: '/usr/local/bin/perl',
    binaries: { '/usr/local/bin/perl': { kind: 'program', program: 'perl' }, '/usr/bin/perl': { kind: 'program', program: 'perl' }, '/usr/bin/curl': { kind: 'program', program: 'curl' } },
  },
  {
    repository: 'registry.example.com/go-api',
    about: 'The syllabus\'s Go service (port 8080, /ready, /healthz) and its teaching variants.',
    tags: GO_API_TAGS,
    userland: DISTROLESS,
    entrypoint: ['/app/go-api'],
    cmd: [],
    env: { PORT: '8080' },
    main: '/app/go-api',
    binaries: { '/app/go-api': app(serve(goApiServer())) },
  },
  {
    repository: 'registry.example.com/crashloop',
    about: 'Prints a config error and exits 1 three seconds after start, every start.',
    tags: { '1.0': tag(4_812_330, 11_204_500, '1.0') },
    userland: DISTROLESS,
    entrypoint: ['/crashloop'],
    cmd: [],
    main: '/crashloop',
    binaries: {
      '/crashloop': app({
        kind: 'crash',
        afterMs: 3000,
        exitCode: 1,
        stdout: ['crashloop 1.0 starting', 'loading configuration from /etc/app/config.yaml'],
        stderr: ['fatal: open /etc/app/config.yaml: no such file or directory'],
      }),
    },
  },
  {
    repository: 'registry.example.com/memory-hog',
    about: 'Allocates 32 MiB/s until the memory limit OOM-kills it.',
    tags: { '1.0': tag(5_102_004, 12_001_300, '1.0') },
    userland: DISTROLESS,
    entrypoint: ['/memory-hog'],
    cmd: [],
    main: '/memory-hog',
    binaries: { '/memory-hog': app({ kind: 'memory-leak', server: { ...httpServer(8080, { '/': ok('hog\n'), '/healthz': ok('ok\n') }), memoryBytes: 8 * MiB, startupMs: 100 }, bytesPerSecond: 32 * MiB, logEveryMs: 1000 }) },
  },
  {
    repository: 'registry.example.com/batch-job',
    about: 'A run-to-completion job: processes 5 batches in ~20 s and exits 0 (`1.0-fail`: exits 2).',
    tags: {
      '1.0': tag(6_330_118, 14_990_120, '1.0'),
      '1.0-fail': tag(6_330_530, 14_990_640, '1.0-fail', {
        behaviour: { kind: 'job', durationMs: 8000, exitCode: 2, memoryBytes: 12 * MiB, output: ['batch-job 1.0 starting', 'processing batch 1/5', 'processing batch 2/5', 'error: batch 3/5: upstream returned 503 Service Unavailable'] },
      }),
    },
    userland: DISTROLESS,
    entrypoint: ['/batch-job'],
    cmd: [],
    main: '/batch-job',
    binaries: {
      '/batch-job': app({ kind: 'job', durationMs: 20_000, exitCode: 0, memoryBytes: 24 * MiB, output: ['batch-job 1.0 starting', 'processing batch 1/5', 'processing batch 2/5', 'processing batch 3/5', 'processing batch 4/5', 'processing batch 5/5', 'done: 5 batches, 1250 records'] }),
    },
  },
  {
    repository: 'registry.example.com/liveness',
    about: 'Healthy for 30 s, then /healthz answers 500 (a liveness probe restarts it).',
    tags: { '1.0': tag(7_440_912, 17_300_004, '1.0') },
    userland: DISTROLESS,
    entrypoint: ['/server'],
    cmd: [],
    main: '/server',
    binaries: { '/server': app({ kind: 'liveness-failure', server: httpServer(8080, { '/': ok('hello\n'), '/healthz': ok('ok\n') }), path: '/healthz', afterMs: 30_000, failBody: 'unhealthy: deadlock detected\n' }) },
  },
  {
    repository: 'registry.example.com/web-frontend',
    about: 'A static web frontend on port 80 (calls go-api from the browser).',
    tags: { '1.0': tag(9_800_331, 24_500_101, '1.0'), '1.1': tag(9_811_946, 24_530_772, '1.1') },
    userland: ALPINE,
    entrypoint: ['/docker-entrypoint.sh'],
    cmd: ['nginx', '-g', 'daemon off;'],
    main: '/usr/sbin/nginx',
    binaries: { '/docker-entrypoint.sh': NGINX_ENTRYPOINT, '/usr/sbin/nginx': { kind: 'program', program: 'nginx' }, '/usr/bin/curl': { kind: 'program', program: 'curl' }, '/bin/wget': { kind: 'program', program: 'wget' } },
    files: { '/usr/share/nginx/html/index.html': '<!doctype html><html><head><title>Shop</title></head><body><div id="app">Loading…</div><script src="/app.js"></script></body></html>\n' },
  },
  {
    repository: 'registry.k8s.io/goproxy',
    about: 'The TCP probe example\'s goproxy: an HTTP proxy on 8080.',
    tags: { '0.1': tag(2_498_707, 5_489_816, '0.1') },
    userland: DISTROLESS,
    entrypoint: ['/goproxy'],
    cmd: [],
    main: '/goproxy',
    binaries: { '/goproxy': app(serve(httpServer(8080, { '/': { status: 500, body: 'This is a proxy server. Does not respond to non-proxy requests.\n' } }, { status: 500, body: 'This is a proxy server. Does not respond to non-proxy requests.\n' }, 150, 3 * MiB))) },
  },
  {
    repository: 'registry.k8s.io/etcd',
    about: 'etcd; the docs\' gRPC liveness example probes its client port 2379.',
    tags: { '3.5.1-0': tag(98_888_614, 293_120_117, '3.5.1'), '3.5.21-0': tag(58_938_593, 150_602_312, '3.5.21'), '3.6.4-0': tag(62_302_844, 158_440_112, '3.6.4'), '3.6.8-0': tag(62_302_844, 158_440_112, '3.6.8') },
    tagPattern: '^3\\.\\d+\\.\\d+-0$',
    patternTag: '3.5.21-0',
    userland: DISTROLESS,
    entrypoint: [],
    cmd: ['/usr/local/bin/etcd'],
    main: '/usr/local/bin/etcd',
    binaries: { '/usr/local/bin/etcd': { kind: 'program', program: 'etcd' }, '/usr/local/bin/etcdctl': { kind: 'program', program: 'etcdctl' } },
  },
  {
    repository: 'docker.io/polinux/stress',
    about: '`stress --vm 1 --vm-bytes 250M` from the memory limit docs: OOMKilled above the limit.',
    tags: { latest: tag(4_108_720, 9_744_613, '1.0.4') },
    userland: ALPINE,
    entrypoint: [],
    cmd: ['stress', '--help'],
    main: '/usr/local/bin/stress',
    binaries: { '/usr/local/bin/stress': { kind: 'program', program: 'stress' } },
  },
  {
    repository: 'docker.io/vish/stress',
    about: 'The CPU limit docs\' stress (`-cpus 2`): burns CPU forever.',
    tags: { latest: tag(1_591_211, 3_850_512, '0.1') },
    userland: DISTROLESS,
    entrypoint: ['/stress', '-logtostderr'],
    cmd: [],
    main: '/stress',
    binaries: { '/stress': { kind: 'program', program: 'stress-ng' } },
  },
  {
    repository: 'registry.k8s.io/hpa-example',
    about: 'php-apache from the HPA walkthrough: burns CPU per request, answers "OK!".',
    tags: { latest: tag(186_007_552, 480_934_021, '1.0') },
    userland: DEBIAN,
    entrypoint: [],
    cmd: ['apache2-foreground'],
    main: '/usr/local/bin/apache2-foreground',
    // index.php sums a million square roots per request: about 50 ms of one core.
    binaries: { '/usr/local/bin/apache2-foreground': app(serve({ ...httpdServer(), routes: { '/': ok('OK!', 'text/html'), '/index.php': ok('OK!', 'text/html') }, load: { idleMillicores: 1, millicoresPerRps: 50 } })) },
  },
  {
    // Built before the sample's 2022 move to distroless (kubernetes-engine-samples quickstarts/
    // hello-app/Dockerfile then: golang:1.8-alpine, then `FROM alpine:latest`, `COPY --from=0
    // /go/bin/hello-app .`, `ENV PORT 8080`, `CMD ["./hello-app"]`): BusyBox's sh, ps and printenv
    // are there, as the Security Context and Define Environment Variables pages use them.
    // Approximate: which Alpine release `latest` was then is not recorded (no /etc/os-release).
    repository: 'gcr.io/google-samples/hello-app',
    about: 'GKE sample: "Hello, world!" with version and hostname on 8080.',
    tags: { '1.0': tag(11_040_131, 26_220_090, '1.0.0'), '2.0': tag(11_041_006, 26_221_880, '2.0.0') },
    userland: ALPINE,
    entrypoint: [],
    cmd: ['./hello-app'],
    env: { PORT: '8080' },
    main: '/hello-app',
    // main.go answers every path (mux.HandleFunc("/", hello)).
    binaries: { '/hello-app': app(serve({ ...httpServer(8080, {}, ok('Hello, world!\nVersion: {version}\nHostname: {hostname}\n'), 200, 5 * MiB), logStyle: 'hello-app' })) },
  },
  {
    repository: 'us-docker.pkg.dev/google-samples/containers/gke/hello-app',
    about: 'Same as gcr.io/google-samples/hello-app (its new home).',
    tags: { '1.0': tag(11_040_131, 26_220_090, '1.0.0'), '2.0': tag(11_041_006, 26_221_880, '2.0.0') },
    userland: DISTROLESS,
    entrypoint: ['/hello-app'],
    cmd: [],
    main: '/hello-app',
    binaries: { '/hello-app': app(serve(httpServer(8080, { '/': ok('Hello, world!\nVersion: {version}\nHostname: {hostname}\n') }, GO_404, 200, 5 * MiB))) },
  },
  // gcr.io has only v1 (`gcr.io/google-samples/kubernetes-bootcamp:v2: not found`, as the
  // tutorial's deliberately bad v10 is); its v2 lives on Docker Hub.
  bootcampImage('gcr.io/google-samples/kubernetes-bootcamp', 'Learn Kubernetes Basics\' app: node 6 answers "Hello Kubernetes bootcamp! | Running on: <pod> | v=1" on 8080.', { v1: BOOTCAMP_V1 }),
  bootcampImage('docker.io/jocatalin/kubernetes-bootcamp', 'The same app on Docker Hub; v2 (the tutorial\'s rolling update) answers v=2.', { v1: BOOTCAMP_V1, v2: BOOTCAMP_V2 }),
  // The PHP Guestbook tutorial's images (guestbook-images.ts): its leader, followers and frontend.
  ...GUESTBOOK_IMAGES,
  // The WordPress + MySQL tutorial's wordpress (wordpress-images.ts).
  ...WORDPRESS_IMAGES,
  // The Services pages' images (services-images.ts): echoserver, hello-go-gke, hello-frontend.
  ...SERVICES_IMAGES,
  // The ZooKeeper tutorial's image (zookeeper-image.ts).
  ...ZOOKEEPER_IMAGES,
  ...XTRABACKUP_IMAGES,
  {
    repository: 'docker.io/hashicorp/http-echo',
    about: 'Echoes `-text` on `-listen` (default :5678); Ingress tutorials.',
    tags: { latest: tag(3_201_004, 7_411_220, '1.0.0'), '1.0': tag(3_201_004, 7_411_220, '1.0.0') },
    userland: DISTROLESS,
    entrypoint: ['/http-echo'],
    cmd: [],
    main: '/http-echo',
    binaries: { '/http-echo': { kind: 'program', program: 'http-echo' } },
  },
  {
    repository: 'quay.io/fluentd_elasticsearch/fluentd',
    about: 'The DaemonSet example\'s log shipper: runs forever, no ports.',
    tags: { 'v2.5.2': tag(140_300_817, 389_444_002, '2.5.2'), 'v5.0.1': tag(82_440_190, 231_004_133, '5.0.1') },
    userland: DEBIAN,
    entrypoint: ['/entrypoint.sh'],
    cmd: [],
    main: '/entrypoint.sh',
    binaries: {
      '/entrypoint.sh': app({
        kind: 'sleep-forever',
        memoryBytes: 90 * MiB,
        logs: ['{time} [info]: parsing config file is succeeded path="/etc/fluent/fluent.conf"', '{time} [info]: starting fluentd-1.14.0 pid=7 ruby="2.7.4"', '{time} [info]: fluentd worker is now running worker=0'],
      }),
    },
  },
  {
    repository: 'docker.io/library/postgres',
    about: 'PostgreSQL on 5432; exits 1 unless POSTGRES_PASSWORD (or trust auth) is set.',
    tags: { '16': tag(155_302_911, 438_100_550, '16.10'), '17': tag(157_018_430, 443_212_118, '17.6'), latest: tag(157_018_430, 443_212_118, '17.6'), alpine: tag(105_330_144, 275_900_012, '17.6') },
    tagPattern: '^\\d+(\\.\\d+)?(-(alpine|bookworm|bullseye))?$|^(alpine|bookworm)$',
    patternTag: '17',
    userland: DEBIAN,
    entrypoint: ['docker-entrypoint.sh'],
    cmd: ['postgres'],
    env: { PGDATA: '/var/lib/postgresql/data', PG_VERSION: '{version}' },
    main: '/usr/local/bin/postgres',
    binaries: {
      '/usr/local/bin/docker-entrypoint.sh': { kind: 'entrypoint', announceFor: [], lines: [], prependIfFlag: 'postgres' },
      '/usr/local/bin/postgres': { kind: 'program', program: 'postgres' },
    },
  },
  {
    repository: 'docker.io/library/mysql',
    about: 'MySQL on 3306; exits 1 unless MYSQL_ROOT_PASSWORD (or an alternative) is set.',
    // Each tag's ENV as its Dockerfile.oracle sets it (docker-library/mysql 4ea63447, 516237cd, cfdf0f31, 2025-07).
    tags: {
      // The last 5.7 (5.7.44, Oracle Linux 7, docker-library/mysql's 5.7/Dockerfile.oracle before
      // its removal): 501 MB unpacked as `docker images` lists image 5107333e08a8; the compressed
      // size is derived (derived-size.ts: none recorded). Its mysqld logs 8.0's lines here (mysql-server.ts).
      '5.7': { ...sizesFromName('docker.io/library/mysql:5.7', 130, 150), unpackedBytes: 501_000_000, version: '5.7.44', env: { GOSU_VERSION: '1.16', MYSQL_MAJOR: '5.7', MYSQL_VERSION: '5.7.44-1.el7', MYSQL_SHELL_VERSION: '8.0.35-1.el7' } },
      '8.0': tag(168_994_700, 582_133_020, '8.0.43', { env: mysqlEnv('8.0') }),
      '8.4': tag(170_220_311, 595_810_333, '8.4.6', { env: mysqlEnv('8.4') }),
      '9': tag(175_002_884, 610_443_981, '9.4.0', { env: mysqlEnv('innovation') }),
      latest: tag(175_002_884, 610_443_981, '9.4.0', { env: mysqlEnv('innovation') }),
    },
    tagPattern: '^\\d+(\\.\\d+){0,2}(-(oracle|debian))?$|^(oracle|lts|innovation)$',
    patternTag: '8.4',
    userland: { shell: 'ash', tools: 'coreutils', bash: true, without: ['tar'] },
    entrypoint: ['docker-entrypoint.sh'],
    cmd: ['mysqld'],
    env: mysqlEnv('8.4'),
    main: '/usr/sbin/mysqld',
    binaries: {
      '/usr/local/bin/docker-entrypoint.sh': { kind: 'entrypoint', announceFor: [], lines: [], prependIfFlag: 'mysqld' },
      '/usr/sbin/mysqld': { kind: 'program', program: 'mysqld' },
      // The clients the image installs (mysql-community-client, mysql-shell): mysql runs SQL
      // against the cluster's servers (mysql-client.ts); the others are not simulated.
      '/usr/bin/mysql': { kind: 'program', program: 'mysql' },
      '/usr/bin/mysqladmin': { kind: 'program', program: 'mysqladmin' },
      '/usr/bin/mysqldump': { kind: 'program', program: 'not-simulated' },
      '/usr/bin/mysqlsh': { kind: 'program', program: 'not-simulated' },
    },
  },
  {
    repository: 'docker.io/library/hello-world',
    about: 'Prints the Docker greeting and exits 0 (Completed, then CrashLoopBackOff under a Deployment).',
    tags: { latest: tag(3_208, 10_072, '1.0'), linux: tag(3_208, 10_072, '1.0') },
    userland: DISTROLESS,
    entrypoint: [],
    cmd: ['/hello'],
    main: '/hello',
    binaries: {
      '/hello': app({
        kind: 'job',
        durationMs: 5,
        exitCode: 0,
        memoryBytes: 64 * 1024,
        output: ['', 'Hello from Docker!', 'This message shows that your installation appears to be working correctly.', '', 'To generate this message, Docker took the following steps:', ' 1. The Docker client contacted the Docker daemon.', ' 2. The Docker daemon pulled the "hello-world" image from the Docker Hub.', '    (amd64)', ' 3. The Docker daemon created a new container from that image which runs the', '    executable that produces the output you are currently reading.', ' 4. The Docker daemon streamed that output to the Docker client, which sent it', '    to your terminal.', '', 'To try something more ambitious, you can run an Ubuntu container with:', ' $ docker run -it ubuntu bash', '', 'Share images, automate workflows, and more with a free Docker ID:', ' https://hub.docker.com/', '', 'For more examples and ideas, visit:', ' https://docs.docker.com/get-started/', ''],
      }),
    },
  },
  // python, node, golang, ruby as their Dockerfiles build them (lang-images.ts).
  ...LANGUAGE_IMAGES,
];

/**
 * Official Docker Hub images (docker.io/library/<name>) that exist but are not modelled in detail
 * (python, node, golang and ruby are: lang-images.ts).
 * `os`/`runtime`: default CMD is a shell or REPL that exits 0 at once without a TTY (Completed →
 * CrashLoopBackOff unless given a command). `server`: listens on `port` (HTTP or TCP).
 * `crash`: exits 1 without configuration. Sizes are derived from the name (catalog.ts).
 */
export type OfficialKind =
  | { kind: 'os'; userland: 'busybox' | 'debian' }
  | { kind: 'runtime'; cmd: string }
  | { kind: 'server'; port: number; protocol: 'http' | 'tcp'; memoryMiB: number }
  | { kind: 'crash'; stderr: string[] };

export const OFFICIAL_IMAGES: Record<string, OfficialKind> = {
  alpine: { kind: 'os', userland: 'busybox' },
  ubuntu: { kind: 'os', userland: 'debian' },
  debian: { kind: 'os', userland: 'debian' },
  centos: { kind: 'os', userland: 'debian' },
  fedora: { kind: 'os', userland: 'debian' },
  rockylinux: { kind: 'os', userland: 'debian' },
  almalinux: { kind: 'os', userland: 'debian' },
  amazonlinux: { kind: 'os', userland: 'debian' },
  oraclelinux: { kind: 'os', userland: 'debian' },
  archlinux: { kind: 'os', userland: 'debian' },
  photon: { kind: 'os', userland: 'debian' },
  bash: { kind: 'os', userland: 'busybox' },
  pypy: { kind: 'runtime', cmd: 'pypy3' },
  rust: { kind: 'runtime', cmd: 'bash' },
  gcc: { kind: 'runtime', cmd: 'bash' },
  openjdk: { kind: 'runtime', cmd: 'jshell' },
  'eclipse-temurin': { kind: 'runtime', cmd: 'jshell' },
  amazoncorretto: { kind: 'runtime', cmd: 'jshell' },
  maven: { kind: 'runtime', cmd: 'mvn' },
  gradle: { kind: 'runtime', cmd: 'gradle' },
  php: { kind: 'runtime', cmd: 'php' },
  erlang: { kind: 'runtime', cmd: 'erl' },
  elixir: { kind: 'runtime', cmd: 'iex' },
  haskell: { kind: 'runtime', cmd: 'ghci' },
  julia: { kind: 'runtime', cmd: 'julia' },
  'r-base': { kind: 'runtime', cmd: 'R' },
  swift: { kind: 'runtime', cmd: 'bash' },
  dart: { kind: 'runtime', cmd: 'bash' },
  mongo: { kind: 'server', port: 27017, protocol: 'tcp', memoryMiB: 160 },
  mariadb: { kind: 'server', port: 3306, protocol: 'tcp', memoryMiB: 120 },
  memcached: { kind: 'server', port: 11211, protocol: 'tcp', memoryMiB: 8 },
  rabbitmq: { kind: 'server', port: 5672, protocol: 'tcp', memoryMiB: 140 },
  cassandra: { kind: 'server', port: 9042, protocol: 'tcp', memoryMiB: 1200 },
  zookeeper: { kind: 'server', port: 2181, protocol: 'tcp', memoryMiB: 90 },
  nats: { kind: 'server', port: 4222, protocol: 'tcp', memoryMiB: 12 },
  'eclipse-mosquitto': { kind: 'server', port: 1883, protocol: 'tcp', memoryMiB: 6 },
  traefik: { kind: 'server', port: 80, protocol: 'http', memoryMiB: 40 },
  caddy: { kind: 'server', port: 80, protocol: 'http', memoryMiB: 20 },
  tomcat: { kind: 'server', port: 8080, protocol: 'http', memoryMiB: 110 },
  ghost: { kind: 'server', port: 2368, protocol: 'http', memoryMiB: 120 },
  nextcloud: { kind: 'server', port: 80, protocol: 'http', memoryMiB: 80 },
  elasticsearch: { kind: 'server', port: 9200, protocol: 'http', memoryMiB: 1100 },
  influxdb: { kind: 'server', port: 8086, protocol: 'http', memoryMiB: 70 },
  registry: { kind: 'server', port: 5000, protocol: 'http', memoryMiB: 15 },
  couchdb: { kind: 'server', port: 5984, protocol: 'http', memoryMiB: 60 },
  solr: { kind: 'server', port: 8983, protocol: 'http', memoryMiB: 500 },
  sonarqube: { kind: 'server', port: 9000, protocol: 'http', memoryMiB: 900 },
  neo4j: { kind: 'server', port: 7474, protocol: 'http', memoryMiB: 500 },
  adminer: { kind: 'server', port: 8080, protocol: 'http', memoryMiB: 20 },
  haproxy: {
    kind: 'crash',
    stderr: ['[NOTICE]   (1) : haproxy version is 3.2.4-98813a1', '[ALERT]    (1) : config : Cannot open configuration file/directory /usr/local/etc/haproxy/haproxy.cfg : No such file or directory'],
  },
};
