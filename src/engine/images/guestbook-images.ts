/**
 * The images of kubernetes.io's "Example: Deploying PHP Guestbook application with Redis"
 * (docs-examples.ts application/guestbook/*.yaml):
 *
 * - registry.k8s.io/redis, pinned by the tutorial at sha256:cb111d1b…: the repository's only tag,
 *   `e2e`, the kubernetes/examples guestbook's `redis:e2e` (web/guestbook/redis-master-deployment.yaml),
 *   whose logs in published transcripts are Redis 2.8.19's (the ASCII logo, `Server started, Redis
 *   version 2.8.19`, `[1] dd Mon hh:mm:ss.mmm` lines: app-logs.ts, redis-repl-log.ts). Approximate:
 *   that the digest is this tag's is inferred (no registry here to ask); the image's config file
 *   path and its sizes are not known (no "no config file" warning in its transcripts, so it is given one).
 * - gb-redis-follower:v2: `FROM redis:6.2.17`, `CMD /run.sh` (GoogleCloudPlatform/kubernetes-engine-
 *   samples quickstarts/guestbook/redis-follower at 56c10ef6; Cloud Build re-tags each build v2).
 *   The redis image's ENTRYPOINT stays, so PID 1 is docker-entrypoint.sh exec'ing `/bin/sh -c
 *   /run.sh`, and bash runs redis-server as its child (redis-repl.ts replicates).
 * - gb-frontend:v5: `FROM php:7.4-apache-buster` with the app copied to /var/www/html
 *   (guestbook-files.ts): Apache 2.4.38 (Debian) with PHP 7.4.33, `apache2-foreground`; the static
 *   files as routes, guestbook.php in guestbook-php.ts.
 * Sizes: as registries list them where known, else of the base image's order.
 */
import type { CatalogImage, Route, TagInfo, Userland } from './catalog-types';
import { GB_FOLLOWER_RUN_SH, GUESTBOOK_CONTROLLERS_JS, GUESTBOOK_INDEX_HTML, GUESTBOOK_PHP } from '../../image-files/guestbook-files';

const MiB = 1024 * 1024;
const DEBIAN: Userland = { shell: 'dash', tools: 'coreutils', bash: true, pkg: 'apt' };

/** The digest the tutorial's redis-leader-deployment.yaml pins. */
export const GUESTBOOK_REDIS_DIGEST = 'sha256:cb111d1bd870a6a471385a4a69ad17469d326e9dd91e0e455350cacf36e1b3ee';

/** Where the leader image's redis.conf is (approximate, see the header): `dir /data`, nothing else. */
const E2E_CONF = '/etc/redis/redis.conf';

/** php:7.4-apache-buster's server, as its ServerTokens Full banner names it. */
export const GB_APACHE = 'Apache/2.4.38 (Debian)';
export const GB_PHP = 'PHP/7.4.33';

const tag = (sizeBytes: number, unpackedBytes: number, version: string, extra: Partial<TagInfo> = {}): TagInfo => ({ sizeBytes, unpackedBytes, version, ...extra });
const html = (body: string, contentType: string): Route => ({ status: 200, body, contentType });

/** Apache's 404 (modules/http/http_protocol.c), with its signature line for the request's Host. */
export const GB_404: Route = {
  status: 404,
  contentType: 'text/html; charset=iso-8859-1',
  body: `<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">
<html><head>
<title>404 Not Found</title>
</head><body>
<h1>Not Found</h1>
<p>The requested URL was not found on this server.</p>
<hr>
<address>${GB_APACHE} Server at {host} Port {port}</address>
</body></html>
`,
};

export const GUESTBOOK_IMAGES: CatalogImage[] = [
  {
    repository: 'registry.k8s.io/redis',
    about: 'The guestbook tutorial\'s redis-leader: Redis 2.8.19 (the kubernetes/examples `e2e` tag) on 6379.',
    tags: { e2e: tag(104_112_447, 419_000_000, '2.8.19', { digest: GUESTBOOK_REDIS_DIGEST }) },
    userland: DEBIAN,
    entrypoint: [],
    cmd: ['redis-server', E2E_CONF],
    workingDir: '/data',
    main: '/usr/local/bin/redis-server',
    binaries: {
      '/usr/local/bin/redis-server': { kind: 'program', program: 'redis-server' },
      '/usr/local/bin/redis-cli': { kind: 'program', program: 'redis-cli' },
    },
    files: { [E2E_CONF]: 'dir /data\n' },
  },
  {
    repository: 'us-docker.pkg.dev/google-samples/containers/gke/gb-redis-follower',
    about: 'Guestbook Redis follower: redis 6.2.17 started by /run.sh as a replica of redis-leader:6379.',
    tags: { v2: tag(40_441_307, 116_998_211, '6.2.17') },
    userland: DEBIAN,
    entrypoint: ['docker-entrypoint.sh'],
    cmd: ['/bin/sh', '-c', '/run.sh'],
    workingDir: '/data',
    env: { REDIS_VERSION: '6.2.17' },
    binaries: {
      '/usr/local/bin/docker-entrypoint.sh': { kind: 'entrypoint', announceFor: [], lines: [], prependIfFlag: 'redis-server' },
      '/usr/local/bin/redis-server': { kind: 'program', program: 'redis-server' },
      '/usr/local/bin/redis-cli': { kind: 'program', program: 'redis-cli' },
    },
    files: { '/run.sh': GB_FOLLOWER_RUN_SH },
    meta: { '/run.sh': { mode: 0o755 } },
  },
  {
    repository: 'us-docker.pkg.dev/google-samples/containers/gke/gb-frontend',
    about: 'Guestbook PHP frontend on port 80: Apache + PHP 7.4, guestbook.php writes redis-leader, reads redis-follower.',
    tags: { v5: tag(169_201_442, 442_901_008, 'v5') },
    userland: DEBIAN,
    entrypoint: ['docker-php-entrypoint'],
    cmd: ['apache2-foreground'],
    workingDir: '/var/www/html',
    env: { PHP_VERSION: '7.4.33', PHP_INI_DIR: '/usr/local/etc/php', APACHE_CONFDIR: '/etc/apache2', APACHE_ENVVARS: '/etc/apache2/envvars' },
    main: '/usr/local/bin/apache2-foreground',
    binaries: {
      '/usr/local/bin/docker-php-entrypoint': { kind: 'entrypoint', announceFor: [], lines: [], prependIfFlag: 'apache2-foreground' },
      '/usr/local/bin/apache2-foreground': {
        kind: 'app',
        behaviour: {
          kind: 'serve',
          server: {
            listen: [{ port: 80, protocol: 'http' }],
            startupMs: 320,
            routes: {
              '/': html(GUESTBOOK_INDEX_HTML, 'text/html'),
              '/index.html': html(GUESTBOOK_INDEX_HTML, 'text/html'),
              '/controllers.js': html(GUESTBOOK_CONTROLLERS_JS, 'application/javascript'),
            },
            notFound: GB_404,
            logStyle: 'apache2',
            memoryBytes: 14 * MiB,
          },
        },
      },
    },
    files: {
      '/var/www/html/index.html': GUESTBOOK_INDEX_HTML,
      '/var/www/html/controllers.js': GUESTBOOK_CONTROLLERS_JS,
      '/var/www/html/guestbook.php': GUESTBOOK_PHP,
    },
  },
];
