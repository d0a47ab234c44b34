/**
 * kubernetes.io's "Example: Deploying WordPress and MySQL with Persistent Volumes" through the
 * whole engine: the manifests `curl -LO` downloads (k8s/docs-examples-wordpress.ts), the
 * kustomization's generated Secret, mysql:8.0's first start on an empty PVC and its restart on
 * the same one (images/mysql-server.ts), the wordpress image's entrypoint (wordpress-entrypoint.ts)
 * and what its Apache answers with and without the database (wordpress-php.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from './chunks';
import { Session } from './session';
import { sessionRunner } from './testing';
import { docsExample } from '../k8s/docs-examples';

beforeAll(() => loadKubectlChunks());

const URL = 'https://k8s.io/examples/application/wordpress';
type Run = ReturnType<typeof sessionRunner>;

function tutorial(): { run: Run; apply: string } {
  const run = sessionRunner(new Session({ seed: 5 }));
  // The page's `cat <<EOF >./kustomization.yaml` lines, as printf writes the same bytes.
  run("printf 'secretGenerator:\\n- name: mysql-pass\\n  literals:\\n  - password=YOUR_PASSWORD\\n' > kustomization.yaml");
  expect(run(`curl -sLO ${URL}/mysql-deployment.yaml`).code).toBe(0);
  expect(run(`curl -sLO ${URL}/wordpress-deployment.yaml`).code).toBe(0);
  run("printf 'resources:\\n  - mysql-deployment.yaml\\n  - wordpress-deployment.yaml\\n' >> kustomization.yaml");
  const apply = run('kubectl apply -k ./').out;
  run('sim advance 60s');
  return { run, apply };
}

const nodeUrl = (run: Run): string => {
  const ip = run(`kubectl get node node-1 -o jsonpath='{.status.addresses[?(@.type=="InternalIP")].address}'`).out;
  const port = run(`kubectl get service wordpress -o jsonpath='{.spec.ports[0].nodePort}'`).out;
  return `http://${ip}:${port}`;
};

describe('the WordPress and MySQL tutorial', () => {
  let run: Run;
  let apply: string;
  beforeAll(() => ({ run, apply } = tutorial()));

  it('downloads the two manifests byte for byte and applies the kustomization', () => {
    expect(run('cat mysql-deployment.yaml').out).toBe(docsExample('application/wordpress/mysql-deployment.yaml'));
    expect(run('cat wordpress-deployment.yaml').out).toBe(docsExample('application/wordpress/wordpress-deployment.yaml'));
    // kustomize's hash of {password: YOUR_PASSWORD}: the name published runs of the page print.
    expect(apply).toBe(
      [
        'secret/mysql-pass-5m26tmdb5k created',
        'service/wordpress created',
        'service/wordpress-mysql created',
        'persistentvolumeclaim/mysql-pv-claim created',
        'persistentvolumeclaim/wp-pv-claim created',
        'deployment.apps/wordpress created',
        'deployment.apps/wordpress-mysql created',
        '',
      ].join('\n'),
    );
    expect(run('kubectl get pvc -o jsonpath=\'{range .items[*]}{.metadata.name} {.status.phase} {.status.capacity.storage}{"\\n"}{end}\'').out).toBe('mysql-pv-claim Bound 20Gi\nwp-pv-claim Bound 20Gi\n');
  });

  it("MySQL's first start initialises the empty volume, creates the database and user, then serves 3306", () => {
    const notes = run('kubectl logs deployment/wordpress-mysql').out.split('\n').filter((l) => l.includes('[Entrypoint]')).map((l) => l.replace(/^\S+ \S+ /, ''));
    expect(notes).toEqual([
      '[Note] [Entrypoint]: Entrypoint script for MySQL Server 8.0.43-1.el9 started.',
      "[Note] [Entrypoint]: Switching to dedicated user 'mysql'",
      '[Note] [Entrypoint]: Entrypoint script for MySQL Server 8.0.43-1.el9 started.',
      '[Note] [Entrypoint]: Initializing database files',
      '[Note] [Entrypoint]: Database files initialized',
      '[Note] [Entrypoint]: Starting temporary server',
      '[Note] [Entrypoint]: Temporary server started.',
      '[Note] [Entrypoint]: Creating database wordpress',
      '[Note] [Entrypoint]: Creating user wordpress',
      '[Note] [Entrypoint]: Giving user wordpress access to schema wordpress',
      '[Note] [Entrypoint]: Stopping temporary server',
      '[Note] [Entrypoint]: Temporary server stopped',
      '[Note] [Entrypoint]: MySQL init process done. Ready for start up.',
    ]);
    const logs = run('kubectl logs deployment/wordpress-mysql').out;
    expect(logs).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]{15}Z 0 \[System\] \[MY-010931\] \[Server\] \/usr\/sbin\/mysqld: ready for connections\. Version: '8\.0\.43' {2}socket: '\/var\/run\/mysqld\/mysqld\.sock' {2}port: 0 {2}MySQL Community Server - GPL\.$/m);
    expect(logs.trimEnd().split('\n').at(-1)).toMatch(/ready for connections\. Version: '8\.0\.43' {2}socket: '\/var\/run\/mysqld\/mysqld\.sock' {2}port: 3306 {2}MySQL Community Server - GPL\.$/);
    expect(run('kubectl exec deployment/wordpress-mysql -- ls /var/lib/mysql').out).toBe('mysql\nperformance_schema\nsys\nwordpress\n');
  });

  it("WordPress's entrypoint copies itself into the empty volume and writes wp-config.php from the WORDPRESS_ variables", () => {
    const logs = run('kubectl logs deployment/wordpress').out.split('\n');
    expect(logs.slice(0, 3)).toEqual([
      'WordPress not found in /var/www/html - copying now...',
      'Complete! WordPress has been successfully copied to /var/www/html',
      // bash's ${!WORDPRESS_@}: the manifest's three and the kubelet's variables for the Service named wordpress.
      "No 'wp-config.php' found in /var/www/html, but 'WORDPRESS_...' variables supplied; copying 'wp-config-docker.php' (WORDPRESS_DB_HOST WORDPRESS_DB_PASSWORD WORDPRESS_DB_USER WORDPRESS_PORT WORDPRESS_PORT_80_TCP WORDPRESS_PORT_80_TCP_ADDR WORDPRESS_PORT_80_TCP_PORT WORDPRESS_PORT_80_TCP_PROTO WORDPRESS_SERVICE_HOST WORDPRESS_SERVICE_PORT)",
    ]);
    expect(logs[3]).toMatch(/^AH00558: apache2: Could not reliably determine the server's fully qualified domain name, using 10\.244\.\d+\.\d+\. Set the 'ServerName' directive globally to suppress this message$/);
    expect(logs[5]).toMatch(/^\[\w{3} \w{3} \d\d [\d:.]+ \d{4}\] \[mpm_prefork:notice\] \[pid 1\] AH00163: Apache\/2\.4\.56 \(Debian\) PHP\/8\.0\.28 configured -- resuming normal operations$/);
    const config = run('kubectl exec deployment/wordpress -- cat wp-config.php').out;
    expect(config).toContain("define( 'DB_HOST', getenv_docker('WORDPRESS_DB_HOST', 'mysql') );\r\n");
    expect(config).not.toContain('put your unique phrase here');
    expect(config).toMatch(/define\( 'AUTH_KEY', {9}getenv_docker\('WORDPRESS_AUTH_KEY', {9}'[0-9a-f]{40}'\) \);/);
  });

  it('answers / with a redirect to the installer and serves its page, logging each request', () => {
    const url = nodeUrl(run);
    const head = run(`curl -sI ${url}/`).out;
    expect(head).toMatch(/^HTTP\/1\.1 302 Found\r\n/);
    expect(head).toContain(`X-Redirect-By: WordPress\r\nLocation: ${url}/wp-admin/install.php\r\n`);
    const page = run(`curl -sL ${url}/`).out;
    expect(page).toContain('\t<title>WordPress &rsaquo; Installation</title>\n');
    expect(page).toContain(`<link rel='stylesheet' id='install-css' href='${url}/wp-admin/css/install.min.css?ver=6.2.1' type='text/css' media='all' />`);
    const access = run('kubectl logs deployment/wordpress --tail=2').out.split('\n');
    expect(access[0]).toMatch(/^[\d.]+ - - \[[^\]]+\] "GET \/ HTTP\/1\.1" 302 \d+ "-" "curl\/[\d.]+"$/);
    expect(access[1]).toMatch(/^[\d.]+ - - \[[^\]]+\] "GET \/wp-admin\/install\.php HTTP\/1\.1" 200 \d+ "-" "curl\/[\d.]+"$/);
  });

  it('restarted on the same volumes, neither image initialises again', () => {
    run('kubectl delete pod -l tier=mysql');
    run('kubectl delete pod -l tier=frontend');
    run('sim advance 30s');
    const mysql = run('kubectl logs deployment/wordpress-mysql').out;
    expect(mysql).not.toContain('Initializing database files');
    expect(mysql.split('\n')[3]).toBe("'/var/lib/mysql/mysql.sock' -> '/var/run/mysqld/mysqld.sock'");
    expect(mysql).toMatch(/starting as process 1\n/);
    const wp = run('kubectl logs deployment/wordpress').out;
    expect(wp).not.toContain('copying');
    expect(wp.split('\n')[0]).toMatch(/^AH00558: apache2: /);
    expect(run(`curl -s -o /dev/null -w '%{http_code}' ${nodeUrl(run)}/`).out).toBe('302');
  });

  it('without the database, WordPress answers 500: terse for the site, naming the host for the installer', () => {
    run('kubectl scale deployment wordpress-mysql --replicas=0');
    run('sim advance 30s');
    const url = nodeUrl(run);
    const site = run(`curl -si ${url}/`).out;
    expect(site).toMatch(/^HTTP\/1\.1 500 Internal Server Error\r\n/);
    expect(site).toContain("<html dir='ltr'>\n");
    expect(site).toContain('<title>Database Error</title>');
    expect(site).toContain('<div class="wp-die-message"><h1>Error establishing a database connection</h1></div>');
    expect(run(`curl -s ${url}/wp-admin/install.php`).out).toContain('contact with the database server at <code>wordpress-mysql</code> could not be established.');
    run('kubectl scale deployment wordpress-mysql --replicas=1');
  });

  it('cleans up with kubectl delete -k', () => {
    expect(run('kubectl delete -k ./').out).toContain('secret "mysql-pass-5m26tmdb5k" deleted');
  });
});

describe('mysql:8.0 without a root password option', () => {
  it('switches to the mysql user and exits 1 with the entrypoint error on an empty data directory', () => {
    const run = sessionRunner(new Session({ seed: 5 }));
    run('kubectl run db --image=mysql:8.0');
    run('sim advance 20s');
    const out = run('kubectl logs db').out.split('\n').map((l) => l.replace(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+00:00 /, ''));
    expect(out.slice(0, 8)).toEqual([
      '[Note] [Entrypoint]: Entrypoint script for MySQL Server 8.0.43-1.el9 started.',
      "[Note] [Entrypoint]: Switching to dedicated user 'mysql'",
      '[Note] [Entrypoint]: Entrypoint script for MySQL Server 8.0.43-1.el9 started.',
      '[ERROR] [Entrypoint]: Database is uninitialized and password option is not specified',
      '    You need to specify one of the following as an environment variable:',
      '    - MYSQL_ROOT_PASSWORD',
      '    - MYSQL_ALLOW_EMPTY_PASSWORD',
      '    - MYSQL_RANDOM_ROOT_PASSWORD',
    ]);
  });
});

describe('wordpress and mysql images outside the tutorial', () => {
  let run: Run;
  beforeAll(() => {
    run = sessionRunner(new Session({ seed: 5 }));
    run('kubectl run w --image=wordpress:6.2.1-apache');
    run('kubectl run db --image=mysql:8.0 --env=MYSQL_ROOT_PASSWORD=pw');
    run('sim advance 30s');
  });

  it('without WORDPRESS_ variables there is no wp-config.php: every page redirects to the setup wizard, from the container too', () => {
    expect(run('kubectl logs w').out.split('\n').slice(0, 3)).toEqual(['WordPress not found in /var/www/html - copying now...', 'Complete! WordPress has been successfully copied to /var/www/html', expect.stringMatching(/^AH00558: /)]);
    const head = run('kubectl exec w -- curl -si localhost/').out;
    expect(head).toMatch(/^HTTP\/1\.1 302 Found\r\n/);
    expect(head).toContain('Location: http://localhost/wp-admin/setup-config.php\r\n');
    expect(head).not.toContain('X-Redirect-By');
    expect(run('kubectl exec w -- curl -sL localhost/').out).toContain('<title>WordPress &rsaquo; Setup Configuration File</title>');
    expect(run('kubectl logs w --tail=1').out).toMatch(/^127\.0\.0\.1 - - \[[^\]]+\] "GET \/wp-admin\/setup-config\.php HTTP\/1\.1" 200 \d+ "-" "curl\/[\d.]+"\n$/);
  });

  it("mysql:8.0's ENV is its Dockerfile's; its mysql client runs SQL (mysql-client.ts), mysqladmin answers ping, mysqldump is there but not simulated", () => {
    expect(run('kubectl exec db -- env').out).toContain('GOSU_VERSION=1.17\nMYSQL_MAJOR=8.0\nMYSQL_VERSION=8.0.43-1.el9\nMYSQL_SHELL_VERSION=8.0.43-1.el9\n');
    const r = run("kubectl exec db -- mysql -u root -ppw -e 'SHOW DATABASES'");
    expect(r.out).toBe('Database\ninformation_schema\nmysql\nperformance_schema\nsys\n');
    expect(r.code).toBe(0);
    expect(run('kubectl exec db -- mysqladmin ping')).toMatchObject({ out: 'mysqld is alive\n', code: 0 });
    const dump = run('kubectl exec db -- mysqldump --all-databases');
    expect(dump.err).toContain('mysqldump: installed, but not simulated in this classroom\n');
    expect(dump.code).toBe(126);
  });
});
