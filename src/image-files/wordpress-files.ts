/**
 * The files the official wordpress:6.2.1-apache image ships under /usr/src/wordpress, which its
 * docker-entrypoint.sh copies into an empty /var/www/html (images/wordpress-entrypoint.ts), as
 * `cat` prints them:
 * - wp-config-docker.php: docker-library/wordpress latest/php8.0/apache/wp-config-docker.php at
 *   9faee1bd ("Update latest to 6.2.1", 2023-05-16), the commit the 6.2.1 images were built from;
 * - .htaccess: the lines that image's Dockerfile (same commit) echoes into it;
 * - index.php: WordPress's front controller as the 6.x tarballs ship it (the `__DIR__` require
 *   of 5.3 on); not checked against a stored copy of the 6.2.1 tarball.
 * Licence: GPL-2.0-or-later (WordPress; docker-library/wordpress's files are under the same).
 * Data only: never run by the engine (what WordPress answers is modelled in wordpress-php.ts).
 */

/** wp-config-docker.php, which the entrypoint copies to wp-config.php (5,492 bytes, CRLF lines as upstream's). */
export const WP_CONFIG_DOCKER_PHP =
  "<?php\r\n" +
  "/**\r\n" +
  " * The base configuration for WordPress\r\n" +
  " *\r\n" +
  " * The wp-config.php creation script uses this file during the installation.\r\n" +
  " * You don't have to use the web site, you can copy this file to \"wp-config.php\"\r\n" +
  " * and fill in the values.\r\n" +
  " *\r\n" +
  " * This file contains the following configurations:\r\n" +
  " *\r\n" +
  " * * Database settings\r\n" +
  " * * Secret keys\r\n" +
  " * * Database table prefix\r\n" +
  " * * ABSPATH\r\n" +
  " *\r\n" +
  " * This has been slightly modified (to read environment variables) for use in Docker.\r\n" +
  " *\r\n" +
  " * @link https://wordpress.org/documentation/article/editing-wp-config-php/\r\n" +
  " *\r\n" +
  " * @package WordPress\r\n" +
  " */\r\n" +
  "\r\n" +
  "// IMPORTANT: this file needs to stay in-sync with https://github.com/WordPress/WordPress/blob/master/wp-config-sample.php\r\n" +
  "// (it gets parsed by the upstream wizard in https://github.com/WordPress/WordPress/blob/f27cb65e1ef25d11b535695a660e7282b98eb742/wp-admin/setup-config.php#L356-L392)\r\n" +
  "\r\n" +
  "// a helper function to lookup \"env_FILE\", \"env\", then fallback\r\n" +
  "if (!function_exists('getenv_docker')) {\r\n" +
  "\t// https://github.com/docker-library/wordpress/issues/588 (WP-CLI will load this file 2x)\r\n" +
  "\tfunction getenv_docker($env, $default) {\r\n" +
  "\t\tif ($fileEnv = getenv($env . '_FILE')) {\r\n" +
  "\t\t\treturn rtrim(file_get_contents($fileEnv), \"\\r\\n\");\r\n" +
  "\t\t}\r\n" +
  "\t\telse if (($val = getenv($env)) !== false) {\r\n" +
  "\t\t\treturn $val;\r\n" +
  "\t\t}\r\n" +
  "\t\telse {\r\n" +
  "\t\t\treturn $default;\r\n" +
  "\t\t}\r\n" +
  "\t}\r\n" +
  "}\r\n" +
  "\r\n" +
  "// ** Database settings - You can get this info from your web host ** //\r\n" +
  "/** The name of the database for WordPress */\r\n" +
  "define( 'DB_NAME', getenv_docker('WORDPRESS_DB_NAME', 'wordpress') );\r\n" +
  "\r\n" +
  "/** Database username */\r\n" +
  "define( 'DB_USER', getenv_docker('WORDPRESS_DB_USER', 'example username') );\r\n" +
  "\r\n" +
  "/** Database password */\r\n" +
  "define( 'DB_PASSWORD', getenv_docker('WORDPRESS_DB_PASSWORD', 'example password') );\r\n" +
  "\r\n" +
  "/**\r\n" +
  " * Docker image fallback values above are sourced from the official WordPress installation wizard:\r\n" +
  " * https://github.com/WordPress/WordPress/blob/1356f6537220ffdc32b9dad2a6cdbe2d010b7a88/wp-admin/setup-config.php#L224-L238\r\n" +
  " * (However, using \"example username\" and \"example password\" in your database is strongly discouraged.  Please use strong, random credentials!)\r\n" +
  " */\r\n" +
  "\r\n" +
  "/** Database hostname */\r\n" +
  "define( 'DB_HOST', getenv_docker('WORDPRESS_DB_HOST', 'mysql') );\r\n" +
  "\r\n" +
  "/** Database charset to use in creating database tables. */\r\n" +
  "define( 'DB_CHARSET', getenv_docker('WORDPRESS_DB_CHARSET', 'utf8') );\r\n" +
  "\r\n" +
  "/** The database collate type. Don't change this if in doubt. */\r\n" +
  "define( 'DB_COLLATE', getenv_docker('WORDPRESS_DB_COLLATE', '') );\r\n" +
  "\r\n" +
  "/**#@+\r\n" +
  " * Authentication unique keys and salts.\r\n" +
  " *\r\n" +
  " * Change these to different unique phrases! You can generate these using\r\n" +
  " * the {@link https://api.wordpress.org/secret-key/1.1/salt/ WordPress.org secret-key service}.\r\n" +
  " *\r\n" +
  " * You can change these at any point in time to invalidate all existing cookies.\r\n" +
  " * This will force all users to have to log in again.\r\n" +
  " *\r\n" +
  " * @since 2.6.0\r\n" +
  " */\r\n" +
  "define( 'AUTH_KEY',         getenv_docker('WORDPRESS_AUTH_KEY',         'put your unique phrase here') );\r\n" +
  "define( 'SECURE_AUTH_KEY',  getenv_docker('WORDPRESS_SECURE_AUTH_KEY',  'put your unique phrase here') );\r\n" +
  "define( 'LOGGED_IN_KEY',    getenv_docker('WORDPRESS_LOGGED_IN_KEY',    'put your unique phrase here') );\r\n" +
  "define( 'NONCE_KEY',        getenv_docker('WORDPRESS_NONCE_KEY',        'put your unique phrase here') );\r\n" +
  "define( 'AUTH_SALT',        getenv_docker('WORDPRESS_AUTH_SALT',        'put your unique phrase here') );\r\n" +
  "define( 'SECURE_AUTH_SALT', getenv_docker('WORDPRESS_SECURE_AUTH_SALT', 'put your unique phrase here') );\r\n" +
  "define( 'LOGGED_IN_SALT',   getenv_docker('WORDPRESS_LOGGED_IN_SALT',   'put your unique phrase here') );\r\n" +
  "define( 'NONCE_SALT',       getenv_docker('WORDPRESS_NONCE_SALT',       'put your unique phrase here') );\r\n" +
  "// (See also https://wordpress.stackexchange.com/a/152905/199287)\r\n" +
  "\r\n" +
  "/**#@-*/\r\n" +
  "\r\n" +
  "/**\r\n" +
  " * WordPress database table prefix.\r\n" +
  " *\r\n" +
  " * You can have multiple installations in one database if you give each\r\n" +
  " * a unique prefix. Only numbers, letters, and underscores please!\r\n" +
  " */\r\n" +
  "$table_prefix = getenv_docker('WORDPRESS_TABLE_PREFIX', 'wp_');\r\n" +
  "\r\n" +
  "/**\r\n" +
  " * For developers: WordPress debugging mode.\r\n" +
  " *\r\n" +
  " * Change this to true to enable the display of notices during development.\r\n" +
  " * It is strongly recommended that plugin and theme developers use WP_DEBUG\r\n" +
  " * in their development environments.\r\n" +
  " *\r\n" +
  " * For information on other constants that can be used for debugging,\r\n" +
  " * visit the documentation.\r\n" +
  " *\r\n" +
  " * @link https://wordpress.org/documentation/article/debugging-in-wordpress/\r\n" +
  " */\r\n" +
  "define( 'WP_DEBUG', !!getenv_docker('WORDPRESS_DEBUG', '') );\r\n" +
  "\r\n" +
  "/* Add any custom values between this line and the \"stop editing\" line. */\r\n" +
  "\r\n" +
  "// If we're behind a proxy server and using HTTPS, we need to alert WordPress of that fact\r\n" +
  "// see also https://wordpress.org/support/article/administration-over-ssl/#using-a-reverse-proxy\r\n" +
  "if (isset($_SERVER['HTTP_X_FORWARDED_PROTO']) && strpos($_SERVER['HTTP_X_FORWARDED_PROTO'], 'https') !== false) {\r\n" +
  "\t$_SERVER['HTTPS'] = 'on';\r\n" +
  "}\r\n" +
  "// (we include this by default because reverse proxying is extremely common in container environments)\r\n" +
  "\r\n" +
  "if ($configExtra = getenv_docker('WORDPRESS_CONFIG_EXTRA', '')) {\r\n" +
  "\teval($configExtra);\r\n" +
  "}\r\n" +
  "\r\n" +
  "/* That's all, stop editing! Happy publishing. */\r\n" +
  "\r\n" +
  "/** Absolute path to the WordPress directory. */\r\n" +
  "if ( ! defined( 'ABSPATH' ) ) {\r\n" +
  "\tdefine( 'ABSPATH', __DIR__ . '/' );\r\n" +
  "}\r\n" +
  "\r\n" +
  "/** Sets up WordPress vars and included files. */\r\n" +
  "require_once ABSPATH . 'wp-settings.php';\r\n";

/** /usr/src/wordpress/.htaccess, as the Dockerfile writes it. */
export const WORDPRESS_HTACCESS = `# BEGIN WordPress

RewriteEngine On
RewriteRule .* - [E=HTTP_AUTHORIZATION:%{HTTP:Authorization}]
RewriteBase /
RewriteRule ^index\\.php$ - [L]
RewriteCond %{REQUEST_FILENAME} !-f
RewriteCond %{REQUEST_FILENAME} !-d
RewriteRule . /index.php [L]

# END WordPress
`;

/** /usr/src/wordpress/index.php. */
export const WORDPRESS_INDEX_PHP = `<?php
/**
 * Front to the WordPress application. This file doesn't do anything, but loads
 * wp-blog-header.php which does and tells WordPress to load the theme.
 *
 * @package WordPress
 */

/**
 * Tells WordPress to load the WordPress theme and output it.
 *
 * @var bool
 */
define( 'WP_USE_THEMES', true );

/** Loads the WordPress Environment and Template */
require __DIR__ . '/wp-blog-header.php';
`;
