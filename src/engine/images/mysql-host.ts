/**
 * A container's files and environment as its mysqld sees them (mysql-serve.ts MysqlHost): the data
 * directory under it, the option files of /etc/mysql/conf.d (`!includedir` in both images'
 * my.cnf), the variables its entrypoint read. Files it writes belong to mysql (999:999 in both
 * images' /etc/passwd), whoever connected.
 */
import { dirEntries, mkdirAs, remove, stat, writeAs, type FileIds } from './fs';
import type { Machine, RunContext } from './machine';
import type { MysqlHost } from './mysql-serve';

const CONF_D = '/etc/mysql/conf.d';
const MYSQL_IDS: FileIds = [999, 999];

export function mysqlHostOf(m: Machine, ctx: RunContext, env: Readonly<Record<string, string>>, now: number): MysqlHost {
  const who = (): FileIds => MYSQL_IDS;
  const read = (path: string): string | undefined => {
    const f = stat(m.fs, ctx.base, path);
    return f.kind === 'file' ? f.content : undefined;
  };
  const options = stat(m.fs, ctx.base, CONF_D).kind === 'dir' ? dirEntries(m.fs, ctx.base, CONF_D).filter((e) => !e.dir && e.name.endsWith('.cnf')).map((e) => read(`${CONF_D}/${e.name}`) ?? '') : [];
  return {
    store: {
      entries: (dir) => (stat(m.fs, ctx.base, dir).kind === 'dir' ? dirEntries(m.fs, ctx.base, dir) : []),
      read,
      write: (path, content) => writeAs(m.fs, ctx.base, path, content, now, who),
      mkdir: (path) => mkdirAs(m.fs, ctx.base, path, now, who),
      remove: (path) => remove(m.fs, ctx.base, path),
    },
    options,
    env,
    hostname: ctx.hostname,
  };
}
