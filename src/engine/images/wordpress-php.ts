/**
 * What the wordpress image's Apache answers (mod_php 8.0 running WordPress 6.2.1 from
 * /var/www/html with the wp-config.php its entrypoint wrote), before WordPress is installed:
 * - every request loads WordPress, which first dials the database at DB_HOST (getenv
 *   WORDPRESS_DB_HOST, `mysql` when unset) on 3306 through the container's network (the Service's
 *   DNS name, kube-proxy). When that fails, wp_set_wpdb_vars → dead_db → wp_die, status 500:
 *   terse for the site (`<h1>Error establishing a database connection</h1>`, title `Database
 *   Error`), the verbose message naming the host for wp-admin/install.php (wp_installing()).
 *   An unresolvable name and a refused port fail at once; an unanswered SYN after PHP's
 *   default_socket_timeout (60 s).
 * - with the database answering and no tables, wp_not_installed → nocache_headers, wp_redirect:
 *   302 to `http://<Host>/wp-admin/install.php` (wp_guess_url: the request's Host header),
 *   X-Redirect-By: WordPress, an empty body; wp-admin/install.php answers 200 with its step 0,
 *   the language chooser (display_header('language-chooser'), wp_install_language_form), as a
 *   container that reaches api.wordpress.org shows it.
 * Heads: Apache 2.4.56's framing of a mod_php response — Date, Server, X-Powered-By, the
 * script's headers in the order it sent them, Content-Length, Keep-Alive/Connection for an
 * HTTP/1.1 client, Content-Type last (the order `curl -i` shows against php:*-apache images).
 *
 * - with no wp-config.php (no WORDPRESS_* variables when the entrypoint ran), wp-load.php sends
 *   every request to wp-admin/setup-config.php (302, Location only), whose page starts as
 *   install.php's with its own title (`WordPress &rsaquo; Setup Configuration File`).
 * Approximate: the install page's head is 6.2's (`<html lang="en-US" xml:lang="en-US">`, the five
 * stylesheet links with `?ver=6.2.1`), but its language list has only English (United States)
 * (api.wordpress.org's ~130 translations are left out) and the jQuery scripts at its end are not
 * printed; wp_die's pages leave out their inline `<style>` block. No install (step=2), login,
 * theme or static asset is modelled, nor setup-config.php's body (its language list and form): any other path is index.php's (the image's .htaccess rewrites
 * missing files to it). The database is reached, not queried: its users and password are not checked.
 */
import type { HttpHead } from './types';
import { httpDate } from '../../k8s/http-text';
import { EPOCH_MS } from '../../k8s/time';

/** What dialling the database gave: `open` once a server accepts on its port. */
export type DbDial = 'open' | 'refused' | 'timeout' | 'unresolved';

export interface WordPressRequest {
  /** Path and query as requested. */
  path: string;
  method: string;
  /** The Host header (`10.0.0.5:30080`); unset: the Pod's address. */
  host: string | undefined;
  /** Absolute simulated ms: the Date header. */
  at: number;
}

export interface WordPressAnswer {
  status: number;
  body: string;
  head: HttpHead;
  /** Bytes on the wire, head included (Apache's %O). */
  sent: number;
  /** How long PHP waited on the database first. */
  delayMs: number;
}

export interface WordPressServer {
  /** /var/www/html/wp-config.php is there (the entrypoint writes it when WORDPRESS_* variables are set). */
  configured: boolean;
  apache: string;
  php: string;
  /** wp-includes/version.php's $wp_version: the stylesheets' `ver`. */
  version: string;
  env: (name: string) => string | undefined;
  /** Dials `host`:3306 from the container (resolution, Service, Pod). */
  dial: (host: string) => DbDial;
  /** The Pod's IP: the Host when a request has none. */
  podIP: string;
}

/** PHP's default_socket_timeout, which mysqli's connect waits on an unanswered SYN. */
const SOCKET_TIMEOUT_MS = 60_000;

const NOCACHE: [string, string][] = [
  ['Expires', 'Wed, 11 Jan 1984 05:00:00 GMT'],
  ['Cache-Control', 'no-cache, must-revalidate, max-age=0'],
];

/** PHP's default_mimetype and default_charset: a response whose script set no Content-Type. */
const PHP_DEFAULT_TYPE = 'text/html; charset=UTF-8';

const REASONS: Record<number, string> = { 200: 'OK', 302: 'Found', 500: 'Internal Server Error' };

/**
 * A response as Apache frames mod_php's: the script's own Content-Type (install.php's and wp_die's
 * `header( 'Content-Type: text/html; charset=utf-8' )`) or PHP's default_mimetype and
 * default_charset (`text/html; charset=UTF-8`) when it set none, as for a redirect.
 */
function frame(srv: WordPressServer, req: WordPressRequest, status: number, own: [string, string][], body: string, delayMs: number, contentType = 'text/html; charset=utf-8'): WordPressAnswer {
  const sentBody = req.method === 'HEAD' ? '' : body;
  const headers: [string, string][] = [
    ['Date', httpDate(EPOCH_MS + req.at + delayMs)],
    ['Server', srv.apache],
    ['X-Powered-By', srv.php],
    ...own,
    ['Content-Length', String(body.length)],
    ['Keep-Alive', 'timeout=5, max=100'],
    ['Connection', 'Keep-Alive'],
    ['Content-Type', contentType],
  ];
  const reason = REASONS[status] ?? '';
  const headBytes = `HTTP/1.1 ${status} ${reason}\r\n`.length + headers.reduce((n, [k, v]) => n + k.length + 2 + v.length + 2, 0) + 2;
  return { status, body: sentBody, head: { version: 'HTTP/1.1', reason, headers }, sent: headBytes + sentBody.length, delayMs };
}

/** wp_die's page (its default handler), without the inline style block. */
function wpDie(title: string, message: string): string {
  return `<!DOCTYPE html>\n<html dir='ltr'>\n<head>\n\t<meta http-equiv="Content-Type" content="text/html; charset=utf-8" />\n\t<meta name="viewport" content="width=device-width">\n\t\t<title>${title}</title>\n</head>\n<body id="error-page">\n\t<div class="wp-die-message">${message}</div></body>\n</html>\n`;
}

const htmlEscape = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#039;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** wpdb::db_connect's message for a server it could not reach at `host`. */
function connectFailure(host: string): string {
  return (
    '<h1>Error establishing a database connection</h1>\n' +
    `<p>This either means that the username and password information in your <code>wp-config.php</code> file is incorrect or that contact with the database server at <code>${htmlEscape(host)}</code> could not be established. This could mean your host&#8217;s database server is down.</p>\n` +
    '<ul>\n<li>Are you sure you have the correct username and password?</li>\n<li>Are you sure you have typed the correct hostname?</li>\n<li>Are you sure the database server is running?</li>\n</ul>\n' +
    "<p>If you are unsure what these terms mean you should probably contact your host. If you still need help you can always visit the <a href='https://wordpress.org/support/forums/'>WordPress support forums</a>.</p>\n"
  );
}

/** install.php's step 0: display_header('language-chooser') and the language form. */
function installPage(base: string, version: string): string {
  const css = (id: string, path: string): string => `<link rel='stylesheet' id='${id}-css' href='${base}/${path}?ver=${version}' type='text/css' media='all' />\n`;
  return (
    '<!DOCTYPE html>\n<html lang="en-US" xml:lang="en-US">\n<head>\n' +
    '\t<meta name="viewport" content="width=device-width" />\n' +
    '\t<meta http-equiv="Content-Type" content="text/html; charset=utf-8" />\n' +
    '\t<meta name="robots" content="noindex,nofollow" />\n' +
    '\t<title>WordPress &rsaquo; Installation</title>\n\t' +
    css('dashicons', 'wp-includes/css/dashicons.min.css') +
    css('buttons', 'wp-includes/css/buttons.min.css') +
    css('forms', 'wp-admin/css/forms.min.css') +
    css('l10n', 'wp-admin/css/l10n.min.css') +
    css('install', 'wp-admin/css/install.min.css') +
    '</head>\n<body class="wp-core-ui language-chooser">\n<p id="logo">WordPress</p>\n\n\t' +
    '<form id="setup" method="post" action="?step=1"><label for=\'language\'>Select a default language</label>\n' +
    "<select size='14' name='language' id='language'>\n" +
    '<option value="" lang="en" selected="selected" data-continue="Continue" data-installed="1">English (United States)</option>\n' +
    '</select>\n' +
    '<p class="step"><span class="spinner"></span><input id="language-continue" type="submit" class="button button-primary button-large" value="Continue" /></p></form>\n' +
    '</body>\n</html>\n'
  );
}

/** setup-config.php's head (setup_config_display_header), as install.php's but for its title and body class. */
function setupConfigPage(base: string, version: string): string {
  return installPage(base, version)
    .replace('<html lang="en-US" xml:lang="en-US">', '<html>')
    .replace('WordPress &rsaquo; Installation', 'WordPress &rsaquo; Setup Configuration File')
    .replace(/<body class="wp-core-ui language-chooser">[^]*$/, '<body class="wp-core-ui">\n<p id="logo">WordPress</p>\n</body>\n</html>\n');
}

/** WordPress's answer to one request. */
export function wordpressAnswer(srv: WordPressServer, req: WordPressRequest): WordPressAnswer {
  const file = req.path.split('?')[0] ?? '/';
  if (!srv.configured) {
    // wp-load.php without wp-config.php: a bare header('Location: …') to the config wizard.
    const base = `http://${req.host ?? srv.podIP}`;
    if (file === '/wp-admin/setup-config.php') return frame(srv, req, 200, NOCACHE, setupConfigPage(base, srv.version), 0);
    return frame(srv, req, 302, [['Location', `${base}/wp-admin/setup-config.php`]], '', 0, PHP_DEFAULT_TYPE);
  }
  const installing = file === '/wp-admin/install.php';
  const dbHost = srv.env('WORDPRESS_DB_HOST') ?? 'mysql';
  // DB_HOST may carry a port (`db:3307`); the name is what is dialled here.
  const dial = srv.dial(dbHost.split(':')[0] ?? dbHost);
  const delay = dial === 'timeout' ? SOCKET_TIMEOUT_MS : 0;
  if (dial !== 'open') {
    return installing
      ? frame(srv, req, 500, NOCACHE, wpDie('WordPress &rsaquo; Error', connectFailure(dbHost)), delay)
      : frame(srv, req, 500, NOCACHE, wpDie('Database Error', '<h1>Error establishing a database connection</h1>'), delay);
  }
  const base = `http://${req.host ?? srv.podIP}`;
  if (installing) return frame(srv, req, 200, NOCACHE, installPage(base, srv.version), 0);
  return frame(srv, req, 302, [...NOCACHE, ['X-Redirect-By', 'WordPress'], ['Location', `${base}/wp-admin/install.php`]], '', 0, PHP_DEFAULT_TYPE);
}
