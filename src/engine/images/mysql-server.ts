/**
 * The official mysql image's start (Oracle Linux 9 builds, 8.0.x and later): its
 * docker-entrypoint.sh run as root, then mysqld.
 *
 * The entrypoint (docker-library/mysql 8.0/docker-entrypoint.sh, as last held before 8.0's removal
 * at b6c1f399): `Entrypoint script for MySQL Server ${MYSQL_VERSION} started.`, `Switching to
 * dedicated user 'mysql'`, the same first line again after `exec gosu`; then, when the data
 * directory has no `mysql/` (DATABASE_ALREADY_EXISTS unset: an empty volume):
 * - without MYSQL_ROOT_PASSWORD, MYSQL_ALLOW_EMPTY_PASSWORD or MYSQL_RANDOM_ROOT_PASSWORD, its
 *   error, exit 1;
 * - else `Initializing database files` (mysqld --initialize-insecure), `Starting temporary server`
 *   (--skip-networking: `port: 0`), the socket link and mysql_tzinfo_to_sql's zoneinfo warnings,
 *   `Creating database …`, `Creating user …`, `Giving user … access to schema …`, the stop, `MySQL
 *   init process done. Ready for start up.` between blank lines, and mysqld proper on 3306;
 * with the data already there (a restarted Pod on the same volume) only the socket link, then mysqld.
 * Notes go to stdout as `date --rfc-3339=seconds` stamps them; mysqld's own lines (stderr) carry
 * microseconds. Line texts and their order are a published `kubectl logs` of mysql:8.0.46's first
 * start (the same image line as 8.0.43); the timings are that log's, about nine seconds to `ready
 * for connections` on 3306.
 *
 * The first start makes the data directory's `mysql/`, `performance_schema/`, `sys/` and the
 * database's directory, owned by mysql (999:999), so a restart finds them. Approximate: they are
 * made when the server starts, not as its log goes; InnoDB's files (ibdata1, undo_001, #innodb_redo,
 * mysql.ibd, auto.cnf, the TLS keys …) are not written; the process numbers of the initialising
 * and temporary servers are the published log's; no SQL is modelled (the server accepts
 * connections; the SQL clients send is mysql-serve.ts's); 8.4 and 9.x print 8.0's lines
 * (theirs differ a little: no --skip-host-cache warning, 9.x's `MySQL Server Initialization -
 * start.`/`- end.`), and so does 5.7 (the replicated tutorial's), whose own log differs more
 * (`[Note]` lines without MY- codes, no X Plugin).
 */
import type { Outcome, ProgramContext } from './programs';
import { tcpServer } from './catalog-data';
import { wall } from './clock';

const MiB = 1024 * 1024;
/** mysql in the image's /etc/passwd (Dockerfile.oracle: groupadd/useradd --gid/--uid 999). */
const MYSQL_IDS = [999, 999] as const;
const DATADIR = '/var/lib/mysql';

type Line = [number, 'stdout' | 'stderr', string];

/** mysqld's log time: `2025-09-01T09:00:12.345678Z`. */
function serverTime(t: number): string {
  const c = wall(t);
  return `${c.y}-${c.mo}-${c.d}T${c.h}:${c.mi}:${c.s}.${c.ms}${String((t * 37) % 1000).padStart(3, '0')}Z`;
}

/** The entrypoint's `date --rfc-3339=seconds`: `2025-09-01 09:00:12+00:00`. */
function noteTime(t: number): string {
  const c = wall(t);
  return `${c.y}-${c.mo}-${c.d} ${c.h}:${c.mi}:${c.s}+00:00`;
}

/** mysqld's start as a server, `port` 0 for the temporary one (--skip-networking); `pid` its process number. */
function serverStart(at: (dt: number, text: string) => Line, t0: number, version: string, pid: number, port: number): Line[] {
  const x = port === 0 ? 'Socket: /var/run/mysqld/mysqlx.sock' : "Bind-address: '::' port: 33060, socket: /var/run/mysqld/mysqlx.sock";
  return [
    at(t0, "0 [Warning] [MY-011068] [Server] The syntax '--skip-host-cache' is deprecated and will be removed in a future release. Please use SET GLOBAL host_cache_size=0 instead."),
    at(t0 + 1, `0 [System] [MY-010116] [Server] /usr/sbin/mysqld (mysqld ${version}) starting as process ${pid}`),
    at(t0 + 16, '1 [System] [MY-013576] [InnoDB] InnoDB initialization has started.'),
    at(t0 + 220, '1 [System] [MY-013577] [InnoDB] InnoDB initialization has ended.'),
    at(t0 + 380, '0 [Warning] [MY-010068] [Server] CA certificate ca.pem is self signed.'),
    at(t0 + 380, '0 [System] [MY-013602] [Server] Channel mysql_main configured to support TLS. Encrypted connections are now supported for this channel.'),
    at(t0 + 383, "0 [Warning] [MY-011810] [Server] Insecure configuration for --pid-file: Location '/var/run/mysqld' in the path is accessible to all OS users. Consider choosing a different directory."),
    at(t0 + 395, `0 [System] [MY-011323] [Server] X Plugin ready for connections. ${x}`),
    at(t0 + 396, `0 [System] [MY-010931] [Server] /usr/sbin/mysqld: ready for connections. Version: '${version}'  socket: '/var/run/mysqld/mysqld.sock'  port: ${port}  MySQL Community Server - GPL.`),
  ];
}

const ZONEINFO = ['iso3166.tab', 'leap-seconds.list', 'leapseconds', 'tzdata.zi', 'zone.tab', 'zone1970.tab'];

export function mysqld(argv: string[], pc: ProgramContext): Outcome {
  const v = pc.version;
  const s = pc.clock;
  const env = pc.env;
  const note = (dt: number, text: string): Line => [dt, 'stdout', `${noteTime(s + dt)} [Note] [Entrypoint]: ${text}`];
  const srv = (dt: number, text: string): Line => [dt, 'stderr', `${serverTime(s + dt)} ${text}`];
  const started = `Entrypoint script for MySQL Server ${env.MYSQL_VERSION ?? `${v}-1.el9`} started.`;
  const lines: Line[] = [note(0, started), note(600, "Switching to dedicated user 'mysql'"), note(610, started)];
  const exists = (pc.kind?.(`${DATADIR}/mysql`) ?? 'none') === 'dir';
  const start = (up: number, banner: Line[]): Outcome => ({
    k: 'app',
    start: { name: 'mysqld', version: v, argv, style: 'silent', behaviour: { kind: 'serve', server: tcpServer(3306, 380 * MiB, 'silent', up) }, banner },
  });
  // mysql_socket_fix's `ln -sfTv`.
  const socketLink = "'/var/lib/mysql/mysql.sock' -> '/var/run/mysqld/mysqld.sock'";
  if (exists) {
    const t = 640;
    return start(t + 400, [...lines, [t, 'stdout', socketLink], ...serverStart(srv, t + 20, v, 1, 3306)]);
  }
  if (!env.MYSQL_ROOT_PASSWORD && !env.MYSQL_ALLOW_EMPTY_PASSWORD && !env.MYSQL_RANDOM_ROOT_PASSWORD) {
    const t = noteTime(s + 620);
    return {
      k: 'app',
      start: {
        name: 'mysqld',
        version: v,
        argv,
        style: 'silent',
        behaviour: {
          kind: 'crash',
          afterMs: 640,
          exitCode: 1,
          stdout: [],
          stderr: [`${t} [ERROR] [Entrypoint]: Database is uninitialized and password option is not specified`, '    You need to specify one of the following as an environment variable:', '    - MYSQL_ROOT_PASSWORD', '    - MYSQL_ALLOW_EMPTY_PASSWORD', '    - MYSQL_RANDOM_ROOT_PASSWORD'],
        },
        banner: lines,
      },
    };
  }
  for (const dir of ['mysql', 'performance_schema', 'sys', ...(env.MYSQL_DATABASE ? [env.MYSQL_DATABASE] : [])]) pc.write?.(`${DATADIR}/${dir}`, undefined, MYSQL_IDS);
  lines.push(
    note(620, 'Initializing database files'),
    srv(820, "0 [Warning] [MY-011068] [Server] The syntax '--skip-host-cache' is deprecated and will be removed in a future release. Please use SET GLOBAL host_cache_size=0 instead."),
    srv(820, `0 [System] [MY-013169] [Server] /usr/sbin/mysqld (mysqld ${v}) initializing of server in progress as process 80`),
    srv(825, '1 [System] [MY-013576] [InnoDB] InnoDB initialization has started.'),
    srv(1380, '1 [System] [MY-013577] [InnoDB] InnoDB initialization has ended.'),
    srv(2480, "6 [Warning] [MY-010453] [Server] root@localhost is created with an empty password ! Please consider switching off the --initialize-insecure option."),
    note(5100, 'Database files initialized'),
    note(5100, 'Starting temporary server'),
    ...serverStart(srv, 5290, v, 125, 0),
    note(5720, 'Temporary server started.'),
    [5730, 'stdout', socketLink],
    ...ZONEINFO.map((f): Line => [5800, 'stderr', `Warning: Unable to load '/usr/share/zoneinfo/${f}' as time zone. Skipping it.`]),
  );
  let t = 6800;
  if (env.MYSQL_DATABASE) lines.push(note(t, `Creating database ${env.MYSQL_DATABASE}`));
  if (env.MYSQL_USER && env.MYSQL_PASSWORD) {
    lines.push(note((t += 20), `Creating user ${env.MYSQL_USER}`));
    if (env.MYSQL_DATABASE) lines.push(note((t += 20), `Giving user ${env.MYSQL_USER} access to schema ${env.MYSQL_DATABASE}`));
  }
  // docker_process_init_files' `echo` (no /docker-entrypoint-initdb.d files).
  lines.push([(t += 10), 'stdout', '']);
  lines.push(
    note((t += 10), 'Stopping temporary server'),
    srv((t += 5), `11 [System] [MY-013172] [Server] Received SHUTDOWN from user root. Shutting down mysqld (Version: ${v}).`),
    srv((t += 1740), `0 [System] [MY-010910] [Server] /usr/sbin/mysqld: Shutdown complete (mysqld ${v})  MySQL Community Server - GPL.`),
    note((t += 60), 'Temporary server stopped'),
    [t, 'stdout', ''],
    note(t, 'MySQL init process done. Ready for start up.'),
    [t, 'stdout', ''],
    ...serverStart(srv, t + 470, v, 1, 3306),
  );
  return start(t + 470 + 400, lines);
}
