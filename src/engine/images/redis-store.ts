/**
 * A running redis-server's key space and the commands learners type at it: strings (SET with
 * EX/PX/NX/XX/GET/KEEPTTL, GET, MGET/MSET, INCR…, APPEND, STRLEN), keys (DEL, EXISTS, KEYS,
 * TYPE, EXPIRE/PEXPIRE/TTL/PTTL/PERSIST on the simulation's clock, DBSIZE, FLUSHDB/FLUSHALL,
 * SELECT, SETEX/PSETEX/SETNX), lists (LPUSH/RPUSH/LRANGE/LLEN/LPOP/RPOP), hashes (HSET/HGET/
 * HGETALL/HDEL/HLEN), sets (SADD/SREM/SMEMBERS/SISMEMBER/SCARD, in the order added), sorted
 * sets (redis-zset.ts), and
 * the server (PING, ECHO, AUTH, SAVE, BGSAVE, LASTSAVE, INFO, CONFIG GET, SHUTDOWN). Replies and error texts
 * as redis 7.4's (src/server.c, t_string.c, db.c, expire.c); 8.x words them the same.
 *
 * The state is plain data on the app (AppRun.redis, redis-types.ts), one per server process; persistence (the
 * RDB file under `dir`) is the caller's (redis-persist.ts) through RedisHost. Approximate: keys
 * come back in insertion order (Redis' hash table order looks random), an expired key is gone
 * the moment it expires (Redis' active expiry takes up to a few hundred ms), and commands not
 * listed answer `unknown command` although a real server knows them. About 450 lines: one
 * dispatch over the commands, their few helpers beside it.
 */
import { array, bulk, err, int, NIL, OK, type Reply } from './redis-reply';
import { infoReply } from './redis-info';
import { ZSET_ARITY, zsetCommand } from './redis-zset';
import { givenParam } from './redis-config';
import { globMatch, liveDb, parseInteger, unixSeconds, type RedisEntry, type RedisHost, type RedisServer, type RedisSession, type RedisValue } from './redis-types';
import { own, setOwn } from '../../k8s/own';
import { EPOCH_MS } from '../../k8s/time';
import { utf8Length } from '../../k8s/utf8';

const ARITY: Record<string, number> = {
  ping: -1, echo: 2, set: -3, get: 2, mget: -2, mset: -3, append: 3, strlen: 2, del: -2, exists: -2, keys: 2, type: 2,
  incr: 2, decr: 2, incrby: 3, decrby: 3, expire: -3, pexpire: -3, pexpireat: -3, ttl: 2, pttl: 2, persist: 2, dbsize: 1,
  flushall: -1, flushdb: -1, lpush: -3, rpush: -3, lrange: 4, llen: 2, lpop: -2, rpop: -2, hset: -4, hget: 3,
  hgetall: 2, hdel: -3, hlen: 2, setex: 4, psetex: 4, setnx: 3, sadd: -3, srem: -3, smembers: 2, sismember: 3, scard: 2, save: 1, bgsave: -1, lastsave: 1, info: -1, config: -2, select: 2, auth: -2,
  shutdown: -1,
  ...ZSET_ARITY,
};

const NOT_INTEGER = err('ERR value is not an integer or out of range');
const WRONGTYPE = err('WRONGTYPE Operation against a key holding the wrong kind of value');
const SYNTAX = err('ERR syntax error');
const arity = (name: string): Reply => err(`ERR wrong number of arguments for '${name}' command`);

function dbFor(s: RedisServer, db: number): Record<string, RedisEntry> {
  let d = own(s.dbs, String(db)) as Record<string, RedisEntry> | undefined;
  if (!d) setOwn(s.dbs, String(db), (d = {}));
  return d;
}

function changed(s: RedisServer, now: number, n = 1): void {
  s.dirty += n;
  s.changedAt = now;
  s.writes++;
}

/** The entry at `key` of the right type, undefined when missing, or the WRONGTYPE reply. */
function typed<T extends RedisValue['t']>(d: Record<string, RedisEntry>, key: string, t: T): Extract<RedisValue, { t: T }> | undefined | typeof WRONGTYPE {
  const e = own(d, key) as RedisEntry | undefined;
  if (!e) return undefined;
  return e.value.t === t ? (e.value as Extract<RedisValue, { t: T }>) : WRONGTYPE;
}

/** typed() found the key holding another type. */
const isReply = (x: RedisValue | Reply | undefined): x is Reply => x === WRONGTYPE;

function setCommand(s: RedisServer, d: Record<string, RedisEntry>, a: string[], now: number): Reply {
  const [, key = '', value = ''] = a;
  let nx = false;
  let xx = false;
  let get = false;
  let keepTtl = false;
  let exp: number | undefined;
  let expUnit = false;
  for (let i = 3; i < a.length; i++) {
    const o = a[i]!.toLowerCase();
    const next = a[i + 1];
    if (o === 'nx' && !xx) nx = true;
    else if (o === 'xx' && !nx) xx = true;
    else if (o === 'get') get = true;
    else if (o === 'keepttl' && !expUnit) keepTtl = true;
    else if ((o === 'ex' || o === 'px' || o === 'exat' || o === 'pxat') && !expUnit && !keepTtl && next !== undefined) {
      const n = parseInteger(next);
      if (n === undefined) return NOT_INTEGER;
      if (n <= 0) return err("ERR invalid expire time in 'set' command");
      // EXAT and PXAT are Unix times; the simulation's clock counts from its epoch.
      exp = o === 'ex' ? now + n * 1000 : o === 'px' ? now + n : o === 'exat' ? n * 1000 - EPOCH_MS : n - EPOCH_MS;
      expUnit = true;
      i++;
    } else return SYNTAX;
  }
  const old = own(d, key) as RedisEntry | undefined;
  if (get && old && old.value.t !== 'string') return WRONGTYPE;
  const previous = get ? (old && old.value.t === 'string' ? bulk(old.value.v) : NIL) : undefined;
  if ((nx && old) || (xx && !old)) return previous ?? NIL;
  const entry: RedisEntry = { value: { t: 'string', v: value } };
  if (exp !== undefined) entry.exp = exp;
  else if (keepTtl && old?.exp !== undefined) entry.exp = old.exp;
  setOwn(d, key, entry);
  changed(s, now);
  return previous ?? OK;
}

function incrBy(s: RedisServer, d: Record<string, RedisEntry>, key: string, by: number, now: number): Reply {
  const cur = typed(d, key, 'string');
  if (isReply(cur)) return cur;
  const n = cur === undefined ? 0 : parseInteger(cur.v);
  if (n === undefined) return NOT_INTEGER;
  const next = BigInt(n) + BigInt(by);
  if (next > 9223372036854775807n || next < -9223372036854775808n) return err('ERR increment or decrement would overflow');
  const old = own(d, key) as RedisEntry | undefined;
  setOwn(d, key, { value: { t: 'string', v: next.toString() }, ...(old?.exp !== undefined ? { exp: old.exp } : {}) });
  changed(s, now);
  return int(Number(next));
}

function push(s: RedisServer, d: Record<string, RedisEntry>, a: string[], left: boolean, now: number): Reply {
  const cur = typed(d, a[1]!, 'list');
  if (isReply(cur)) return cur;
  const list = cur ?? { t: 'list' as const, v: [] };
  for (const el of a.slice(2)) {
    if (left) list.v.unshift(el);
    else list.v.push(el);
  }
  if (!cur) setOwn(d, a[1]!, { value: list });
  changed(s, now, a.length - 2);
  return int(list.v.length);
}

function pop(s: RedisServer, d: Record<string, RedisEntry>, a: string[], left: boolean, now: number): Reply {
  if (a.length > 3) return arity(a[0]!.toLowerCase());
  const cur = typed(d, a[1]!, 'list');
  if (isReply(cur)) return cur;
  const count = a[2] === undefined ? undefined : parseInteger(a[2]);
  if (a[2] !== undefined && (count === undefined || count < 0)) return err('ERR value is out of range, must be positive');
  // RESP2's null reply either way (a missing key with a count is a null array; redis-cli prints both as (nil)).
  if (!cur) return NIL;
  const n = count ?? 1;
  const taken = left ? cur.v.splice(0, n) : cur.v.splice(Math.max(0, cur.v.length - n), n).reverse();
  if (cur.v.length === 0) delete d[a[1]!];
  if (taken.length > 0) changed(s, now);
  return count === undefined ? bulk(taken[0]!) : array(taken.map(bulk));
}

function lrange(d: Record<string, RedisEntry>, a: string[]): Reply {
  const start = parseInteger(a[2]!);
  const stop = parseInteger(a[3]!);
  if (start === undefined || stop === undefined) return NOT_INTEGER;
  const cur = typed(d, a[1]!, 'list');
  if (isReply(cur)) return cur;
  if (!cur) return array([]);
  const len = cur.v.length;
  const from = Math.max(0, start < 0 ? len + start : start);
  const to = Math.min(len - 1, stop < 0 ? len + stop : stop);
  return array(from > to ? [] : cur.v.slice(from, to + 1).map(bulk));
}

function hset(s: RedisServer, d: Record<string, RedisEntry>, a: string[], now: number): Reply {
  if (a.length % 2 !== 0) return arity(a[0]!.toLowerCase());
  const cur = typed(d, a[1]!, 'hash');
  if (isReply(cur)) return cur;
  const h = cur ?? { t: 'hash' as const, v: [] };
  let added = 0;
  for (let i = 2; i < a.length; i += 2) {
    const at = h.v.findIndex(([f]) => f === a[i]);
    if (at >= 0) h.v[at] = [a[i]!, a[i + 1]!];
    else {
      h.v.push([a[i]!, a[i + 1]!]);
      added++;
    }
  }
  if (!cur) setOwn(d, a[1]!, { value: h });
  changed(s, now);
  return int(added);
}

/** EXPIRE/PEXPIRE (`ms` per unit, from now) and PEXPIREAT (`ms` 0: a Unix time in ms). */
function expire(s: RedisServer, d: Record<string, RedisEntry>, a: string[], ms: number, now: number): Reply {
  const n = parseInteger(a[2]!);
  if (n === undefined) return NOT_INTEGER;
  const flags = a.slice(3).map((x) => x.toLowerCase());
  if (flags.some((f) => !['nx', 'xx', 'gt', 'lt'].includes(f))) return err(`ERR Unsupported option ${a[3 + flags.findIndex((f) => !['nx', 'xx', 'gt', 'lt'].includes(f))]}`);
  const e = own(d, a[1]!) as RedisEntry | undefined;
  if (!e) return int(0);
  const at = ms === 0 ? n - EPOCH_MS : now + n * ms;
  if (flags.includes('nx') && e.exp !== undefined) return int(0);
  if (flags.includes('xx') && e.exp === undefined) return int(0);
  if (flags.includes('gt') && (e.exp === undefined || at <= e.exp)) return int(0);
  if (flags.includes('lt') && e.exp !== undefined && at >= e.exp) return int(0);
  if (at <= now) delete d[a[1]!];
  else e.exp = at;
  changed(s, now);
  return int(1);
}

function ttl(d: Record<string, RedisEntry>, key: string, now: number, ms: boolean): Reply {
  const e = own(d, key) as RedisEntry | undefined;
  if (!e) return int(-2);
  if (e.exp === undefined) return int(-1);
  const left = e.exp - now;
  // ttlGenericCommand: (ttl+500)/1000 for TTL.
  return int(ms ? left : Math.floor((left + 500) / 1000));
}

function configGet(s: RedisServer, a: string[]): Reply {
  if (a.length < 3) return arity('config|get');
  const c = s.config;
  // Defaults of the parameters learners ask for (config.c's table), then what was given.
  const params: [string, string][] = [
    ['dir', c.dir],
    ['dbfilename', c.dbfilename],
    ['appendonly', c.appendonly ? 'yes' : 'no'],
    ['save', c.save.map(([sec, n]) => `${sec} ${n}`).join(' ')],
    ['port', String(c.port)],
    ['databases', String(c.databases)],
    ['requirepass', c.requirepass ?? ''],
    ['maxmemory', givenParam(c, 'maxmemory') ?? '0'],
    ['maxmemory-policy', givenParam(c, 'maxmemory-policy') ?? 'noeviction'],
    ['bind', givenParam(c, 'bind') ?? '* -::*'],
    ['protected-mode', givenParam(c, 'protected-mode') ?? 'no'],
    ['appendfilename', givenParam(c, 'appendfilename') ?? 'appendonly.aof'],
    ['appenddirname', givenParam(c, 'appenddirname') ?? 'appendonlydir'],
    ['appendfsync', givenParam(c, 'appendfsync') ?? 'everysec'],
    ['loglevel', givenParam(c, 'loglevel') ?? 'notice'],
    ['timeout', givenParam(c, 'timeout') ?? '0'],
  ];
  for (const [k, v] of Object.entries(c.given)) if (!params.some(([p]) => p === k)) params.push([k, v]);
  const out: Reply[] = [];
  for (const pattern of a.slice(2)) {
    for (const [k, v] of params) if (globMatch(pattern.toLowerCase(), k) && !out.some((r) => r.t === 'bulk' && r.v === k)) out.push(bulk(k), bulk(v));
  }
  return array(out);
}

/** One command on a connection; `session` carries SELECT and AUTH from one command to the next. */
export function runRedisCommand(s: RedisServer, session: RedisSession, a: string[], host: RedisHost): Reply {
  const name = (a[0] ?? '').toLowerCase();
  const now = host.now;
  const want = own(ARITY, name) as number | undefined;
  if (want === undefined) {
    let args = '';
    for (let i = 1; i < a.length && args.length < 128; i++) args += `'${a[i]!.slice(0, 128 - args.length)}' `;
    return err(`ERR unknown command '${(a[0] ?? '').slice(0, 128)}', with args beginning with: ${args}`.replace(/[\r\n]/g, ' '));
  }
  if (s.config.requirepass !== undefined && !session.authed && name !== 'auth') return err('NOAUTH Authentication required.');
  if ((want > 0 && a.length !== want) || a.length < -want) return arity(name === 'config' ? 'config' : name);
  const d = liveDb(s, session.db, now);
  switch (name) {
    case 'ping':
      if (a.length > 2) return arity(name);
      return a.length === 2 ? bulk(a[1]!) : { t: 'status', v: 'PONG' };
    case 'echo':
      return bulk(a[1]!);
    case 'auth': {
      if (a.length > 3) return SYNTAX;
      const pass = a[a.length - 1]!;
      if (s.config.requirepass === undefined && a.length === 2) return err('ERR AUTH <password> called without any password configured for the default user. Are you sure your configuration is correct?');
      if ((a.length === 3 && a[1] !== 'default') || pass !== (s.config.requirepass ?? '')) return err('WRONGPASS invalid username-password pair or user is disabled.');
      session.authed = true;
      return OK;
    }
    case 'select': {
      const n = parseInteger(a[1]!);
      if (n === undefined) return NOT_INTEGER;
      if (n < 0 || n >= s.config.databases) return err('ERR DB index is out of range');
      session.db = n;
      return OK;
    }
    case 'set':
      return setCommand(s, dbFor(s, session.db), a, now);
    case 'get': {
      const v = typed(d, a[1]!, 'string');
      return isReply(v) ? v : v ? bulk(v.v) : NIL;
    }
    case 'mget':
      return array(a.slice(1).map((k) => {
        const e = own(d, k) as RedisEntry | undefined;
        return e?.value.t === 'string' ? bulk(e.value.v) : NIL;
      }));
    case 'mset': {
      if (a.length % 2 === 0) return arity(name);
      const db = dbFor(s, session.db);
      for (let i = 1; i < a.length; i += 2) setOwn(db, a[i]!, { value: { t: 'string', v: a[i + 1]! } });
      changed(s, now, (a.length - 1) / 2);
      return OK;
    }
    case 'append': {
      const cur = typed(d, a[1]!, 'string');
      if (isReply(cur)) return cur;
      const v = (cur?.v ?? '') + a[2]!;
      if (cur) cur.v = v;
      else setOwn(dbFor(s, session.db), a[1]!, { value: { t: 'string', v } });
      changed(s, now);
      return int(utf8Length(v));
    }
    case 'strlen': {
      const cur = typed(d, a[1]!, 'string');
      return isReply(cur) ? cur : int(cur ? utf8Length(cur.v) : 0);
    }
    case 'del': {
      let n = 0;
      for (const k of a.slice(1)) if (own(d, k)) {
        delete d[k];
        n++;
      }
      if (n > 0) changed(s, now, n);
      return int(n);
    }
    case 'exists':
      return int(a.slice(1).filter((k) => own(d, k) !== undefined).length);
    case 'keys':
      return array(Object.keys(d).filter((k) => globMatch(a[1]!, k)).map(bulk));
    case 'type': {
      const e = own(d, a[1]!) as RedisEntry | undefined;
      return { t: 'status', v: e ? e.value.t : 'none' };
    }
    case 'incr':
    case 'decr':
      return incrBy(s, dbFor(s, session.db), a[1]!, name === 'incr' ? 1 : -1, now);
    case 'incrby':
    case 'decrby': {
      const by = parseInteger(a[2]!);
      if (by === undefined) return NOT_INTEGER;
      if (name === 'decrby' && by === -9223372036854775808) return err('ERR decrement would overflow');
      return incrBy(s, dbFor(s, session.db), a[1]!, name === 'incrby' ? by : -by, now);
    }
    case 'expire':
    case 'pexpire':
    case 'pexpireat':
      return expire(s, d, a, name === 'expire' ? 1000 : name === 'pexpire' ? 1 : 0, now);
    case 'ttl':
    case 'pttl':
      return ttl(d, a[1]!, now, name === 'pttl');
    case 'persist': {
      const e = own(d, a[1]!) as RedisEntry | undefined;
      if (!e || e.exp === undefined) return int(0);
      delete e.exp;
      changed(s, now);
      return int(1);
    }
    case 'dbsize':
      return int(Object.keys(d).length);
    case 'flushall':
    case 'flushdb': {
      if (a.length > 2 || (a[1] !== undefined && !['async', 'sync'].includes(a[1].toLowerCase()))) return SYNTAX;
      const gone = name === 'flushall' ? Object.values(s.dbs).reduce((n, db) => n + Object.keys(db).length, 0) : Object.keys(d).length;
      if (name === 'flushall') s.dbs = {};
      else delete s.dbs[String(session.db)];
      // db.c flushAllDataAndResetRDB: with save points set the emptied data set is saved at once,
      // then the flush counts as one change.
      changed(s, now, gone);
      if (name === 'flushall' && s.config.save.length > 0) host.save();
      changed(s, now);
      return OK;
    }
    case 'lpush':
    case 'rpush':
      return push(s, dbFor(s, session.db), a, name === 'lpush', now);
    case 'lpop':
    case 'rpop':
      return pop(s, d, a, name === 'lpop', now);
    case 'lrange':
      return lrange(d, a);
    case 'llen': {
      const cur = typed(d, a[1]!, 'list');
      return isReply(cur) ? cur : int(cur?.v.length ?? 0);
    }
    case 'hset':
      return hset(s, dbFor(s, session.db), a, now);
    case 'hget': {
      const cur = typed(d, a[1]!, 'hash');
      if (isReply(cur)) return cur;
      const f = cur?.v.find(([k]) => k === a[2]);
      return f ? bulk(f[1]) : NIL;
    }
    case 'hgetall': {
      const cur = typed(d, a[1]!, 'hash');
      return isReply(cur) ? cur : array((cur?.v ?? []).flatMap(([k, v]) => [bulk(k), bulk(v)]));
    }
    case 'hdel': {
      const cur = typed(d, a[1]!, 'hash');
      if (isReply(cur)) return cur;
      if (!cur) return int(0);
      const before = cur.v.length;
      cur.v = cur.v.filter(([k]) => !a.slice(2).includes(k));
      if (cur.v.length === 0) delete d[a[1]!];
      if (before !== cur.v.length) changed(s, now);
      return int(before - cur.v.length);
    }
    case 'hlen': {
      const cur = typed(d, a[1]!, 'hash');
      return isReply(cur) ? cur : int(cur?.v.length ?? 0);
    }
    case 'setex':
    case 'psetex': {
      // t_string.c setexCommand: SET key value EX|PX seconds, with its own name in the error.
      const n = parseInteger(a[2]!);
      if (n === undefined) return NOT_INTEGER;
      if (n <= 0) return err(`ERR invalid expire time in '${name}' command`);
      return setCommand(s, dbFor(s, session.db), ['set', a[1]!, a[3]!, name === 'setex' ? 'EX' : 'PX', a[2]!], now);
    }
    case 'setnx':
      return setCommand(s, dbFor(s, session.db), ['set', a[1]!, a[2]!, 'NX'], now).t === 'status' ? int(1) : int(0);
    case 'sadd':
    case 'srem': {
      const cur = typed(d, a[1]!, 'set');
      if (isReply(cur)) return cur;
      if (name === 'srem') {
        if (!cur) return int(0);
        const before = cur.v.length;
        cur.v = cur.v.filter((m) => !a.slice(2).includes(m));
        if (cur.v.length === 0) delete d[a[1]!];
        if (before !== cur.v.length) changed(s, now, before - cur.v.length);
        return int(before - cur.v.length);
      }
      const set = cur ?? { t: 'set' as const, v: [] };
      let added = 0;
      for (const m of a.slice(2)) if (!set.v.includes(m)) {
        set.v.push(m);
        added++;
      }
      if (!cur) setOwn(dbFor(s, session.db), a[1]!, { value: set });
      if (added > 0) changed(s, now, added);
      return int(added);
    }
    case 'smembers':
    case 'scard':
    case 'sismember': {
      const cur = typed(d, a[1]!, 'set');
      if (isReply(cur)) return cur;
      const members = cur?.v ?? [];
      return name === 'smembers' ? array(members.map(bulk)) : name === 'scard' ? int(members.length) : int(members.includes(a[2]!) ? 1 : 0);
    }
    case 'shutdown': {
      // db.c shutdownCommand: NOSAVE / SAVE / NOW / FORCE / ABORT (no shutdown is ever in progress here).
      const flags = a.slice(1).map((x) => x.toLowerCase());
      if (flags.some((f) => !['nosave', 'save', 'now', 'force', 'abort'].includes(f))) return SYNTAX;
      const abort = flags.includes('abort');
      if ((abort && flags.some((f) => f !== 'abort')) || (flags.includes('nosave') && flags.includes('save'))) return SYNTAX;
      if (abort) return err('ERR No shutdown in progress.');
      host.shutdown(flags.includes('save') || (s.config.save.length > 0 && !flags.includes('nosave')));
      return OK;
    }
    case 'zadd':
    case 'zincrby':
    case 'zscore':
    case 'zcard':
    case 'zrem':
    case 'zrank':
    case 'zrange':
    case 'zrevrange':
      return zsetCommand(name, a, { db: d, writable: () => dbFor(s, session.db), changed: (n) => changed(s, now, n) });
    case 'save':
      return host.save() ? OK : err('ERR');
    case 'bgsave':
      if (a.length > 2 || (a[1] !== undefined && a[1].toLowerCase() !== 'schedule')) return SYNTAX;
      host.bgsave();
      return { t: 'status', v: 'Background saving started' };
    case 'lastsave':
      return int(unixSeconds(s.lastSave));
    case 'info':
      return bulk(infoReply(s, a.slice(1), host));
    case 'config': {
      const sub = a[1]!.toLowerCase();
      if (sub === 'get') return configGet(s, a);
      return err(`ERR unknown subcommand '${a[1]!.slice(0, 128)}'. Try CONFIG HELP.`);
    }
    default:
      return err(`ERR unknown command '${a[0]}', with args beginning with: `);
  }
}
