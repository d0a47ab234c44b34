/**
 * Where WordPress answers: the wordpress image's Apache (log style `apache2`, ServerSpec.apache)
 * when /var/www/html holds WordPress's index.php (the entrypoint's copy). Shared by requests from
 * the network (process.ts) and from the container itself (container-net.ts, `curl localhost`).
 * The database is dialled as mysqli would from the container: the name through its resolver,
 * then a TCP connect to the first address on 3306.
 */
import type { AppRun } from './app';
import type { Stat } from './fs';
import type { Net } from './net-tools';
import { WP_APACHE, WP_PHP } from './wordpress-images';
import { wordpressAnswer, type DbDial, type WordPressAnswer, type WordPressRequest } from './wordpress-php';

export function wordpressServe(app: AppRun, style: string, stat: (path: string) => Stat, env: (name: string) => string | undefined, net: Pick<Net, 'lookup' | 'connect'>, req: WordPressRequest): WordPressAnswer | undefined {
  if (style !== 'apache2' || app.behaviour.kind !== 'serve') return undefined;
  const index = stat('/var/www/html/index.php');
  if (index.kind !== 'file' || !index.content.includes('wp-blog-header.php')) return undefined;
  const tokens = app.behaviour.server.apache ?? { server: WP_APACHE, php: WP_PHP };
  const dial = (host: string): DbDial => {
    const r = net.lookup(host);
    const ip = r.kind === 'found' ? r.ips[0] : undefined;
    return ip === undefined ? 'unresolved' : (net.connect?.(ip, 3306) ?? 'refused');
  };
  const configured = stat('/var/www/html/wp-config.php').kind === 'file';
  return wordpressAnswer({ configured, apache: tokens.server, php: tokens.php, version: app.version, env, dial, podIP: app.podIP }, req);
}
