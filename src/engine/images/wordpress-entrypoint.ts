/**
 * The wordpress image's docker-entrypoint.sh (docker-library/wordpress at 9faee1bd, the 6.2.1
 * build's), for `apache2*` and `php-fpm` commands, run as root:
 * - neither index.php nor wp-includes/version.php in the working directory (/var/www/html, an
 *   empty volume on first start): `WordPress not found in $PWD - copying now...`, /usr/src/wordpress
 *   copied in (owned by www-data), `Complete! WordPress has been successfully copied to $PWD`;
 * - no non-empty wp-config.php and some WORDPRESS_* variables set: `No 'wp-config.php' found in
 *   $PWD, but 'WORDPRESS_...' variables supplied; copying 'wp-config-docker.php' (NAMES)`, NAMES
 *   being bash's `${!WORDPRESS_@}` (sorted; the Service variables the kubelet injects for a Service
 *   named wordpress are among them), and wp-config.php written from it with each
 *   `put your unique phrase here` replaced by a 40-hex-digit string;
 * all on stderr; then `exec "$@"`. A volume that already holds WordPress (a restarted Pod) skips both.
 *
 * Approximate: the `WARNING: $PWD is not empty! (copying anyhow)` and `… exists! (not copying the
 * WordPress version)` lines for a non-empty directory are not printed; the `chown www-data:www-data .`
 * of a root-owned directory is not made (the volume's root stays root's); the copies are dated
 * when they are made, not with the tarball's times; the copy takes no time; the replacement
 * strings come from the container's name and clock instead of /dev/urandom.
 */
import type { Outcome, ProgramContext } from './programs';
import { WORDPRESS_SRC, WORDPRESS_TREE } from './wordpress-images';
import { sha256Hex } from '../../k8s/sha256';

/** www-data in Debian's /etc/passwd: the owner of what the entrypoint copies. */
const WWW_DATA = [33, 33] as const;

/** `${!WORDPRESS_@}` as bash expands it: the set variables with that prefix, in byte order. */
export function wordpressVars(env: Record<string, string>): string[] {
  return Object.keys(env)
    .filter((k) => k.startsWith('WORDPRESS_'))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export function wordpressEntrypoint(argv: string[], pc: ProgramContext): Outcome {
  const rest = argv.slice(1);
  const cmd = rest[0] ?? '';
  if (rest.length === 0) return { k: 'done', status: 0 };
  if (!cmd.startsWith('apache2') && cmd !== 'php-fpm') return { k: 'exec', argv: rest };
  const kind = pc.kind ?? (() => 'none' as const);
  const write = pc.write ?? (() => undefined);
  const pwd = pc.cwd ?? '/var/www/html';
  const at = (rel: string): string => `${pwd === '/' ? '' : pwd}/${rel}`;
  if (kind(at('index.php')) === 'none' && kind(at('wp-includes/version.php')) === 'none') {
    pc.io.err(`WordPress not found in ${pwd} - copying now...\n`);
    for (const [rel, content] of Object.entries(WORDPRESS_TREE)) write(at(rel), content ?? undefined, WWW_DATA);
    pc.io.err(`Complete! WordPress has been successfully copied to ${pwd}\n`);
  }
  const vars = wordpressVars(pc.env);
  const config = pc.read?.(at('wp-config.php')) ?? '';
  if (config === '' && vars.length > 0) {
    for (const source of ['wp-config-docker.php', `${WORDPRESS_SRC}/wp-config-docker.php`]) {
      const text = pc.read?.(source.startsWith('/') ? source : at(source)) ?? '';
      if (text === '') continue;
      pc.io.err(`No 'wp-config.php' found in ${pwd}, but 'WORDPRESS_...' variables supplied; copying '${source}' (${vars.join(' ')})\n`);
      let n = 0;
      const salted = text.replace(/put your unique phrase here/g, () => sha256Hex(`${pc.env.HOSTNAME ?? ''}:${pc.clock}:${n++}`).slice(0, 40));
      write(at('wp-config.php'), salted, WWW_DATA);
      break;
    }
  }
  return { k: 'exec', argv: rest };
}
