/**
 * The official wordpress image as kubernetes.io's "Example: Deploying WordPress and MySQL with
 * Persistent Volumes" pulls it (docs-examples-wordpress.ts: `wordpress:6.2.1-apache`).
 *
 * docker-library/wordpress at 9faee1bd ("Update latest to 6.2.1", 2023-05-16): latest/php8.0/apache,
 * `FROM php:8.0-apache` (the tag's default PHP then was 8.0: generate-stackbrew-library.sh
 * defaultPhpVersion), WordPress 6.2.1 unpacked in /usr/src/wordpress, `VOLUME /var/www/html`,
 * ENTRYPOINT docker-entrypoint.sh (wordpress-entrypoint.ts), CMD apache2-foreground. Its Apache
 * and PHP are Debian bullseye's 2.4.56 and PHP 8.0.28, as its logs show
 * (`AH00163: Apache/2.4.56 (Debian) PHP/8.0.28 configured -- resuming normal operations`, in
 * published `kubectl logs` of a 6.2.1-apache Pod). What Apache answers is wordpress-php.ts's.
 *
 * Approximate:
 * - sizes: no registry record of this tag's size or digest was found; they are of the order of the
 *   php:8.0-apache-based WordPress images (about 225 MB compressed), and the digest is the
 *   catalog's stable made-up one;
 * - /usr/src/wordpress holds the entrypoint's three files (wordpress-files.ts) and WordPress's
 *   top directories, not the tarball's ~2,900 files;
 * - its curl (the php images install it) is modelled as Debian 12's, 7.88.1: no build of
 *   bullseye's 7.74.0 is modelled;
 * - its ENV is php:8.0-apache's directory and version variables only (no build flags, GPG keys, URLs);
 * - other tags (latest, 6, 6.8-apache …) run this build's model under their own version number;
 *   their real Apache and PHP are newer. The fpm and cli variants are not modelled (not found).
 */
import type { CatalogImage, TagInfo, Userland } from './catalog-types';
import { WORDPRESS_HTACCESS, WORDPRESS_INDEX_PHP, WP_CONFIG_DOCKER_PHP } from '../../image-files/wordpress-files';

const MiB = 1024 * 1024;
const DEBIAN: Userland = { shell: 'dash', tools: 'coreutils', bash: true, pkg: 'apt' };

/** The 6.2.1-apache build's server tokens (its Server header and AH00163 line). */
export const WP_APACHE = 'Apache/2.4.56 (Debian)';
export const WP_PHP = 'PHP/8.0.28';

/** Where the image keeps WordPress; the entrypoint copies it into the working directory. */
export const WORDPRESS_SRC = '/usr/src/wordpress';

/** The image's files under /usr/src/wordpress, relative to it; `null`: a directory. */
export const WORDPRESS_TREE: Readonly<Record<string, string | null>> = {
  '.htaccess': WORDPRESS_HTACCESS,
  'index.php': WORDPRESS_INDEX_PHP,
  'wp-admin': null,
  'wp-config-docker.php': WP_CONFIG_DOCKER_PHP,
  'wp-content': null,
  'wp-content/plugins': null,
  'wp-content/themes': null,
  'wp-includes': null,
};

const build: TagInfo = { sizeBytes: 225_400_000, unpackedBytes: 616_700_000, version: '6.2.1' };

export const WORDPRESS_IMAGES: CatalogImage[] = [
  {
    repository: 'docker.io/library/wordpress',
    about: 'WordPress 6.2.1 on Apache 2.4.56 + PHP 8.0.28: copies itself into /var/www/html, writes wp-config.php from WORDPRESS_DB_*, serves on 80.',
    tags: { '6.2.1-apache': build, '6.2.1': build, '6.2.1-php8.0-apache': build, '6.2.1-php8.0': build },
    tagPattern: '^(latest|apache|php\\d\\.\\d(-apache)?|\\d+(\\.\\d+){0,2}(-php\\d\\.\\d)?(-apache)?)$',
    patternTag: '6.2.1-apache',
    userland: DEBIAN,
    entrypoint: ['docker-entrypoint.sh'],
    cmd: ['apache2-foreground'],
    workingDir: '/var/www/html',
    env: {
      PHP_INI_DIR: '/usr/local/etc/php',
      APACHE_CONFDIR: '/etc/apache2',
      APACHE_ENVVARS: '/etc/apache2/envvars',
      PHP_VERSION: '8.0.28',
    },
    main: '/usr/local/bin/apache2-foreground',
    binaries: {
      '/usr/local/bin/docker-entrypoint.sh': { kind: 'program', program: 'wordpress-entrypoint' },
      '/usr/bin/curl': { kind: 'program', program: 'curl' },
      '/usr/local/bin/apache2-foreground': {
        kind: 'app',
        behaviour: {
          kind: 'serve',
          server: {
            listen: [{ port: 80, protocol: 'http' }],
            startupMs: 300,
            // Every path is WordPress's (process.ts servePhp → wordpress-php.ts).
            routes: {},
            notFound: { status: 404, body: '' },
            logStyle: 'apache2',
            memoryBytes: 18 * MiB,
            apache: { server: WP_APACHE, php: WP_PHP },
          },
        },
      },
    },
    // /usr/src/wordpress's directories, and the wp-content tree the Dockerfile pre-creates in the
    // working directory (hidden by a volume mounted there, as the tutorial's claim is).
    dirs: [
      ...Object.entries(WORDPRESS_TREE).flatMap(([path, content]) => (content === null ? [`${WORDPRESS_SRC}/${path}`] : [])),
      '/var/www/html/wp-content',
      '/var/www/html/wp-content/cache',
      '/var/www/html/wp-content/plugins',
      '/var/www/html/wp-content/themes',
    ],
    files: Object.fromEntries(Object.entries(WORDPRESS_TREE).flatMap(([path, content]) => (content === null ? [] : [[`${WORDPRESS_SRC}/${path}`, content]]))),
  },
];
