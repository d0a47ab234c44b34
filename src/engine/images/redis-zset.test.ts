/**
 * Sorted sets and SHUTDOWN on the key space (redis-zset.ts, redis-store.ts): replies and error
 * texts from redis/redis src/t_zset.c, db.c shutdownCommand and util.c d2string at 7.4.1.
 */
import { describe, expect, it } from 'vitest';
import type { Reply } from './redis-reply';
import { runRedisCommand } from './redis-store';
import { newRedisServer, type RedisHost, type RedisSession } from './redis-types';
import { decodeRdb, encodeRdb } from './redis-rdb';
import { redisConfig } from './redis-config';
import { scoreText } from './redis-zset';

function server(argv: string[] = ['redis-server']) {
  const parsed = redisConfig(argv, '/data');
  if (!parsed.ok) throw new Error(parsed.error);
  const srv = newRedisServer(parsed.config, 0, 'seed', '/data/redis-server');
  const session: RedisSession = { db: 0, authed: true };
  const shutdowns: boolean[] = [];
  const host: RedisHost = { now: 1000, version: '7.4.5', pid: 1, startedAt: 0, executable: '/data/redis-server', save: () => true, bgsave: () => undefined, shutdown: (save) => shutdowns.push(save) };
  return { srv, run: (...a: string[]): Reply => runRedisCommand(srv, session, a, host), shutdowns };
}

const b = (v: string): Reply => ({ t: 'bulk', v });
const arr = (...v: string[]): Reply => ({ t: 'array', v: v.map(b) });
const int = (v: number): Reply => ({ t: 'int', v });
const e = (v: string): Reply => ({ t: 'error', v });

describe('sorted sets', () => {
  it('ZADD orders by score then member; ZRANGE by rank, REV, WITHSCORES; ZSCORE, ZCARD, ZRANK, ZREM', () => {
    const { run } = server();
    expect(run('zadd', 'board', '100', 'ann', '80', 'bob', '100', 'al')).toEqual(int(3));
    expect(run('zadd', 'board', '90', 'bob')).toEqual(int(0));
    expect(run('ZRANGE', 'board', '0', '-1')).toEqual(arr('bob', 'al', 'ann'));
    expect(run('zrange', 'board', '0', '-1', 'WITHSCORES')).toEqual(arr('bob', '90', 'al', '100', 'ann', '100'));
    expect(run('zrange', 'board', '0', '0', 'rev')).toEqual(arr('ann'));
    expect(run('zrevrange', 'board', '0', '1', 'withscores')).toEqual(arr('ann', '100', 'al', '100'));
    expect(run('zrange', 'board', '5', '9')).toEqual(arr());
    expect(run('zscore', 'board', 'bob')).toEqual(b('90'));
    expect(run('zscore', 'board', 'nobody')).toEqual({ t: 'nil' });
    expect(run('zcard', 'board')).toEqual(int(3));
    expect(run('zrank', 'board', 'ann')).toEqual(int(2));
    expect(run('zrem', 'board', 'bob', 'zed')).toEqual(int(1));
    expect(run('type', 'board')).toEqual({ t: 'status', v: 'zset' });
    expect(run('zrem', 'board', 'al', 'ann')).toEqual(int(2));
    expect(run('exists', 'board')).toEqual(int(0));
  });

  it('ZADD options and ZINCRBY; scores printed as d2string does', () => {
    const { run } = server();
    expect(run('zadd', 'z', 'NX', '1.5', 'a')).toEqual(int(1));
    expect(run('zadd', 'z', 'nx', '9', 'a')).toEqual(int(0));
    expect(run('zadd', 'z', 'XX', 'CH', '2.5', 'a', '3', 'b')).toEqual(int(1));
    expect(run('zadd', 'z', 'GT', 'ch', '1', 'a')).toEqual(int(0));
    expect(run('zadd', 'z', 'incr', '0.25', 'a')).toEqual(b('2.75'));
    expect(run('zincrby', 'z', '-2.75', 'a')).toEqual(b('0'));
    expect(run('zadd', 'z', '+inf', 'top', '-1e3', 'low')).toEqual(int(2));
    expect(run('zrange', 'z', '0', '-1', 'withscores')).toEqual(arr('low', '-1000', 'a', '0', 'top', 'inf'));
    expect(run('zadd', 'z', 'nx', 'xx', '1', 'a')).toEqual(e('ERR XX and NX options at the same time are not compatible'));
    expect(run('zadd', 'z', 'gt', 'lt', '1', 'a')).toEqual(e('ERR GT, LT, and/or NX options at the same time are not compatible'));
    expect(run('zadd', 'z', 'incr', '1', 'a', '2', 'b')).toEqual(e('ERR INCR option supports a single increment-element pair'));
    expect(run('zadd', 'z', 'one', 'a')).toEqual(e('ERR value is not a valid float'));
    expect(run('zadd', 'z', '1')).toEqual(e("ERR wrong number of arguments for 'zadd' command"));
    expect(run('zadd', 'z', '1', 'a', '2')).toEqual(e('ERR syntax error'));
    expect(run('zadd', 'z', '+inf', 'top', 'incr')).toEqual(e('ERR syntax error'));
    run('set', 's', 'x');
    expect(run('zadd', 's', '1', 'a')).toEqual(e('WRONGTYPE Operation against a key holding the wrong kind of value'));
    expect([0.1, 1e21, -0, 3, 2.5].map(scoreText)).toEqual(['0.1', '1e+21', '-0', '3', '2.5']);
  });

  it('ZRANGE BYSCORE: `(` excludes, ±inf, REV takes max first, LIMIT only with it', () => {
    const { run } = server();
    run('zadd', 'z', '1', 'a', '2', 'b', '3', 'c', '4', 'd');
    expect(run('zrange', 'z', '(1', '3', 'byscore')).toEqual(arr('b', 'c'));
    expect(run('zrange', 'z', '-inf', '+inf', 'BYSCORE', 'LIMIT', '1', '2')).toEqual(arr('b', 'c'));
    expect(run('zrange', 'z', '3', '(1', 'byscore', 'rev', 'withscores')).toEqual(arr('c', '3', 'b', '2'));
    expect(run('zrange', 'z', 'x', '3', 'byscore')).toEqual(e('ERR min or max is not a float'));
    expect(run('zrange', 'z', '0', '1', 'limit', '0', '1')).toEqual(e('ERR syntax error, LIMIT is only supported in combination with either BYSCORE or BYLEX'));
    expect(run('zrange', 'z', 'a', 'b')).toEqual(e('ERR value is not an integer or out of range'));
  });

  it('survive the RDB: written as ZSET_2 (binary scores), loaded in order', () => {
    const { srv, run } = server();
    run('zadd', 'z', '2.5', 'b', '1', 'a', '-inf', 'floor');
    const loaded = decodeRdb(encodeRdb(srv, '7.4.5', 2000), 2000);
    expect(loaded.ok && loaded.rdb.dbs['0']?.z?.value).toEqual({ t: 'zset', v: [['floor', -Infinity], ['a', 1], ['b', 2.5]] });
  });
});

describe('SHUTDOWN', () => {
  it('saves when save points are set unless NOSAVE, always with SAVE; illegal combinations and ABORT are errors', () => {
    const { run, shutdowns } = server();
    expect(run('shutdown', 'save', 'nosave')).toEqual(e('ERR syntax error'));
    expect(run('shutdown', 'abort', 'now')).toEqual(e('ERR syntax error'));
    expect(run('shutdown', 'later')).toEqual(e('ERR syntax error'));
    expect(run('shutdown', 'abort')).toEqual(e('ERR No shutdown in progress.'));
    expect(shutdowns).toEqual([]);
    run('shutdown');
    run('SHUTDOWN', 'NOSAVE');
    expect(shutdowns).toEqual([true, false]);
    const noSavePoints = server(['redis-server', '--save', '']);
    noSavePoints.run('shutdown');
    noSavePoints.run('shutdown', 'save', 'now');
    expect(noSavePoints.shutdowns).toEqual([false, true]);
  });
});
