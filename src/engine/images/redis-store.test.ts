import { describe, expect, it } from 'vitest';
import { formatReply, formatTty, repr, type Reply } from './redis-reply';
import { runRedisCommand } from './redis-store';
import { globMatch, newRedisServer, type RedisHost, type RedisServer, type RedisSession } from './redis-types';
import { crc64, decodeRdb, encodeRdb } from './redis-rdb';
import { DEFAULT_SAVE, redisConfig as parse, splitArgs, type RedisConfig } from './redis-config';

function redisConfig(argv: string[], cwd: string, read?: (path: string) => string | undefined): RedisConfig {
  const r = parse(argv, cwd, read);
  if (!r.ok) throw new Error(r.error);
  return r.config;
}

const s = (v: string): Reply => ({ t: 'bulk', v });

describe('redis-cli reply formats (redis-cli.c cliFormatReplyTTY / cliFormatReplyRaw, 7.4.1)', () => {
  it('on a terminal: quoted strings, (integer), (nil), numbered items, (error), status as is', () => {
    expect(formatTty(s('1'))).toBe('"1"\n');
    expect(formatTty({ t: 'int', v: 3 })).toBe('(integer) 3\n');
    expect(formatTty({ t: 'nil' })).toBe('(nil)\n');
    expect(formatTty({ t: 'status', v: 'OK' })).toBe('OK\n');
    expect(formatTty({ t: 'error', v: "ERR wrong number of arguments for 'get' command" })).toBe("(error) ERR wrong number of arguments for 'get' command\n");
    expect(formatTty({ t: 'array', v: [] })).toBe('(empty array)\n');
    // The index is right-aligned to the widest one; nested items indent by its width plus two.
    const ten = Array.from({ length: 10 }, (_, i) => s(`k${i}`));
    expect(formatTty({ t: 'array', v: ten }).split('\n').slice(8, 10)).toEqual([' 9) "k8"', '10) "k9"']);
    expect(formatTty({ t: 'array', v: [s('a'), { t: 'array', v: [s('b'), s('c')] }] })).toBe('1) "a"\n2) 1) "b"\n   2) "c"\n');
  });

  it('sdscatrepr escapes quotes, control characters and every byte outside ASCII', () => {
    expect(repr('say "hi"\n')).toBe('"say \\"hi\\"\\n"');
    expect(repr('€')).toBe('"\\xe2\\x82\\xac"');
  });

  it('off a terminal: bare text, nil as an empty line, items one a line, an error and a blank line', () => {
    expect(formatReply(s('1'), true)).toBe('1\n');
    expect(formatReply({ t: 'nil' }, true)).toBe('\n');
    expect(formatReply({ t: 'array', v: [s('x'), s('y')] }, true)).toBe('x\ny\n');
    expect(formatReply({ t: 'error', v: 'ERR syntax error' }, true)).toBe('ERR syntax error\n\n');
  });
});

function server(): { srv: RedisServer; run: (...a: string[]) => Reply; at: (t: number) => void; saves: number[]; shutdowns: boolean[] } {
  const srv = newRedisServer(redisConfig(['redis-server'], '/data'), 0, 'seed', '/data/redis-server');
  const session: RedisSession = { db: 0, authed: true };
  const saves: number[] = [];
  const shutdowns: boolean[] = [];
  const host: RedisHost = { now: 1000, version: '7.4.5', pid: 1, startedAt: 0, executable: '/data/redis-server', save: () => (saves.push(host.now), true), bgsave: () => saves.push(host.now), shutdown: (save) => shutdowns.push(save) };
  return { srv, run: (...a) => runRedisCommand(srv, session, a, host), at: (t) => (host.now = t), saves, shutdowns };
}

describe('redis-server commands (redis 7.4 replies and errors)', () => {
  it('strings: SET options, INCR, wrong types and arity', () => {
    const { run } = server();
    expect(run('SET', 'a', '1')).toEqual({ t: 'status', v: 'OK' });
    expect(run('set', 'a', '2', 'NX')).toEqual({ t: 'nil' });
    expect(run('set', 'b', '2', 'XX')).toEqual({ t: 'nil' });
    expect(run('set', 'a', '5', 'GET')).toEqual(s('1'));
    expect(run('incr', 'a')).toEqual({ t: 'int', v: 6 });
    expect(run('incrby', 'a', 'x')).toEqual({ t: 'error', v: 'ERR value is not an integer or out of range' });
    expect(run('set', 'a', '1', 'EX', '0')).toEqual({ t: 'error', v: "ERR invalid expire time in 'set' command" });
    expect(run('set', 'a', '1', 'BOGUS')).toEqual({ t: 'error', v: 'ERR syntax error' });
    expect(run('rpush', 'l', 'x')).toEqual({ t: 'int', v: 1 });
    expect(run('get', 'l')).toEqual({ t: 'error', v: 'WRONGTYPE Operation against a key holding the wrong kind of value' });
    expect(run('get')).toEqual({ t: 'error', v: "ERR wrong number of arguments for 'get' command" });
    expect(run('hello', 'a', 'b')).toEqual({ t: 'error', v: "ERR unknown command 'hello', with args beginning with: 'a' 'b' " });
  });

  it('SETEX, SETNX and sets', () => {
    const { run } = server();
    expect(run('setex', 'k', '0', 'v')).toEqual({ t: 'error', v: "ERR invalid expire time in 'setex' command" });
    expect(run('setex', 'k', '10', 'v')).toEqual({ t: 'status', v: 'OK' });
    expect(run('ttl', 'k')).toEqual({ t: 'int', v: 10 });
    expect(run('setnx', 'k', 'w')).toEqual({ t: 'int', v: 0 });
    expect(run('setnx', 'n', 'w')).toEqual({ t: 'int', v: 1 });
    expect(run('sadd', 's', 'a', 'b', 'a')).toEqual({ t: 'int', v: 2 });
    expect(run('sismember', 's', 'b')).toEqual({ t: 'int', v: 1 });
    expect(run('srem', 's', 'a', 'z')).toEqual({ t: 'int', v: 1 });
    expect(run('smembers', 's')).toEqual({ t: 'array', v: [s('b')] });
    expect(run('type', 's')).toEqual({ t: 'status', v: 'set' });
    expect(run('sadd', 'k', 'x')).toEqual({ t: 'error', v: 'WRONGTYPE Operation against a key holding the wrong kind of value' });
  });

  it('expiry runs on the simulation clock: TTL rounds, the key is gone once it expires', () => {
    const { run, at } = server();
    run('set', 'k', 'v', 'EX', '10');
    at(5_400);
    expect(run('ttl', 'k')).toEqual({ t: 'int', v: 6 });
    expect(run('ttl', 'nope')).toEqual({ t: 'int', v: -2 });
    at(11_000);
    expect(run('get', 'k')).toEqual({ t: 'nil' });
    expect(run('dbsize')).toEqual({ t: 'int', v: 0 });
  });

  it('SELECT keeps databases apart; KEYS matches glob patterns; FLUSHALL saves at once', () => {
    const { run, saves } = server();
    run('set', 'user:1', 'a');
    run('set', 'user:2', 'b');
    run('set', 'other', 'c');
    expect(run('keys', 'user:*')).toEqual({ t: 'array', v: [s('user:1'), s('user:2')] });
    expect(run('select', '16')).toEqual({ t: 'error', v: 'ERR DB index is out of range' });
    run('select', '1');
    expect(run('dbsize')).toEqual({ t: 'int', v: 0 });
    expect(run('flushall')).toEqual({ t: 'status', v: 'OK' });
    expect(saves).toEqual([1000]);
    expect(globMatch('h[ae]llo', 'hello')).toBe(true);
    expect(globMatch('h[^e]llo', 'hello')).toBe(false);
    expect(globMatch('h?llo', 'hllo')).toBe(false);
  });

  it('INFO keyspace and CONFIG GET read what the docker image runs with', () => {
    const { run } = server();
    run('set', 'a', '1');
    run('set', 'b', '1', 'PX', '99999');
    expect(run('info', 'keyspace')).toEqual(s('# Keyspace\r\ndb0:keys=2,expires=1,avg_ttl=0,subexpiry=0\r\n'));
    expect(run('config', 'get', 'save')).toEqual({ t: 'array', v: [s('save'), s('3600 1 300 100 60 10000')] });
    expect(run('config', 'get', 'dir')).toEqual({ t: 'array', v: [s('dir'), s('/data')] });
    expect(run('config', 'get', 'appendonly')).toEqual({ t: 'array', v: [s('appendonly'), s('no')] });
  });

  it('--requirepass: NOAUTH until AUTH, WRONGPASS for a wrong one', () => {
    const srv = newRedisServer(redisConfig(['redis-server', '--requirepass', 'pw', '--save', ''], '/data'), 0, 'x', '/data/redis-server');
    expect(srv.config.save).toEqual([]);
    const session: RedisSession = { db: 0, authed: false };
    const host: RedisHost = { now: 1, version: '7.4.5', pid: 1, startedAt: 0, executable: '', save: () => true, bgsave: () => undefined, shutdown: () => undefined };
    expect(runRedisCommand(srv, session, ['get', 'a'], host)).toEqual({ t: 'error', v: 'NOAUTH Authentication required.' });
    expect(runRedisCommand(srv, session, ['auth', 'no'], host)).toEqual({ t: 'error', v: 'WRONGPASS invalid username-password pair or user is disabled.' });
    expect(runRedisCommand(srv, session, ['auth', 'pw'], host)).toEqual({ t: 'status', v: 'OK' });
    expect(runRedisCommand(srv, session, ['get', 'a'], host)).toEqual({ t: 'nil' });
  });
});

describe('dump.rdb', () => {
  it('CRC-64 is Redis crc64.c (Jones): its own test vector', () => {
    expect(crc64([...'123456789'].map((c) => c.charCodeAt(0))).toString(16)).toBe('e9c6d914c4b8d9ca');
  });

  it('round-trips strings, lists, hashes, expiries and databases; a key expired by then is skipped', () => {
    const { srv, run } = server();
    run('set', 'n', '42');
    run('set', 'big', '100000');
    run('set', 'text', 'héllo');
    run('set', 'soon', 'x', 'PX', '10');
    run('rpush', 'l', 'a', 'b');
    run('hset', 'h', 'f', 'v');
    run('sadd', 'members', 'x', 'y');
    run('select', '3');
    run('set', 'three', '3');
    const file = encodeRdb(srv, '7.4.5', 1000);
    expect(file.startsWith('REDIS0012\xfa\x09redis-ver\x057.4.5\xfa\x0aredis-bits\xc0\x40')).toBe(true);
    const back = decodeRdb(file, 2000);
    expect(back.ok && back.rdb.keys).toBe(7);
    expect(back.ok && back.rdb.expired).toBe(1);
    expect(back.ok && back.rdb.dbs['0']).toEqual({ n: { value: { t: 'string', v: '42' } }, big: { value: { t: 'string', v: '100000' } }, text: { value: { t: 'string', v: 'héllo' } }, l: { value: { t: 'list', v: ['a', 'b'] } }, h: { value: { t: 'hash', v: [['f', 'v']] } }, members: { value: { t: 'set', v: ['x', 'y'] } } });
    expect(back.ok && back.rdb.dbs['3']).toEqual({ three: { value: { t: 'string', v: '3' } } });
    expect(decodeRdb('hello\n', 0)).toEqual({ ok: false, reason: 'signature' });
  });

  it('the image default: save points 3600 1 300 100 60 10000 in /data, dump.rdb', () => {
    const c = redisConfig(['redis-server'], '/data');
    expect(c.save).toEqual(DEFAULT_SAVE);
    expect([c.dir, c.dbfilename, c.appendonly]).toEqual(['/data', 'dump.rdb', false]);
    expect(redisConfig(['redis-server', '--dir', '/var/lib/redis', '--save', '60', '1', '--appendonly', 'yes'], '/data')).toMatchObject({ dir: '/var/lib/redis', save: [[60, 1]], appendonly: true });
  });

  it("redis-cli's REPL splits lines as sdssplitargs does", () => {
    expect(splitArgs('set "a b" \'c d\'')).toEqual(['set', 'a b', 'c d']);
    expect(splitArgs('set k "line\\n"')).toEqual(['set', 'k', 'line\n']);
    expect(splitArgs('set "unterminated')).toBeUndefined();
  });
});
