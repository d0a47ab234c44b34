/**
 * Sorted sets as redis-server keeps them (src/t_zset.c at 7.4.1): ZADD (NX, XX, GT, LT, CH,
 * INCR), ZINCRBY, ZSCORE, ZCARD, ZREM, ZRANK, ZRANGE (by rank, BYSCORE with `(` and `±inf`, REV,
 * LIMIT, WITHSCORES) and ZREVRANGE, with their replies and error texts. Members are ordered by
 * score, then by their bytes (memcmp). Scores are replied as util.c d2string writes them: an
 * integral value as an integer, `inf`, `-inf`, otherwise the shortest text that reads back the
 * same (fpconv_dtoa; approximate: JavaScript's, which writes a large or tiny exponent as `1e-7`
 * where fpconv writes `1e-07`). BYLEX and ZRANGESTORE are not modelled (`unknown command` or a
 * syntax error).
 */
import { array, bulk, err, int, NIL, type Reply } from './redis-reply';
import { parseInteger, type RedisEntry, type RedisValue } from './redis-types';
import { own, setOwn } from '../../k8s/own';

type ZSet = Extract<RedisValue, { t: 'zset' }>;

/** What a sorted-set command asks of the key space around it (redis-store.ts). */
export interface ZsetHost {
  /** The db's live entries. */
  db: Record<string, RedisEntry>;
  /** The db to create a key in. */
  writable(): Record<string, RedisEntry>;
  /** `n` changes (server.dirty). */
  changed(n: number): void;
}

export const ZSET_ARITY: Record<string, number> = { zadd: -4, zincrby: 4, zscore: 3, zcard: 2, zrem: -3, zrank: 3, zrange: -4, zrevrange: -4 };

const SYNTAX = err('ERR syntax error');
const NOT_FLOAT = err('ERR value is not a valid float');
const NOT_INTEGER = err('ERR value is not an integer or out of range');
const WRONGTYPE = err('WRONGTYPE Operation against a key holding the wrong kind of value');

/** string2d / strtod as getDoubleFromObject takes it: no blanks, `inf` and `infinity` either sign, never nan. */
function parseScore(s: string): number | undefined {
  if (/^[+-]?inf(inity)?$/i.test(s)) return s.startsWith('-') ? -Infinity : Infinity;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) return undefined;
  return Number(s);
}

/** util.c d2string. */
export function scoreText(v: number): string {
  if (Number.isNaN(v)) return 'nan';
  if (v === Infinity) return 'inf';
  if (v === -Infinity) return '-inf';
  if (v === 0) return Object.is(v, -0) ? '-0' : '0';
  if (Number.isInteger(v) && Math.abs(v) < 2 ** 63) return BigInt(v).toString();
  return String(v);
}

/** zslValueGteMin / zslValueLteMax order, ties by the member's bytes. */
function order(a: [string, number], b: [string, number]): number {
  if (a[1] !== b[1]) return a[1] < b[1] ? -1 : 1;
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

function found(h: ZsetHost, key: string): ZSet | undefined | Reply {
  const e = own(h.db, key) as RedisEntry | undefined;
  if (!e) return undefined;
  return e.value.t === 'zset' ? e.value : WRONGTYPE;
}

const isZset = (x: ZSet | Reply | undefined): x is ZSet => x !== undefined && x.t === 'zset';

/** zaddGenericCommand: ZADD, and ZINCRBY as ZADD INCR. */
function zadd(h: ZsetHost, a: string[], incrOnly: boolean): Reply {
  let i = 2;
  const f = { nx: false, xx: false, ch: false, incr: incrOnly, gt: false, lt: false };
  if (!incrOnly) {
    for (; i < a.length; i++) {
      const o = a[i]!.toLowerCase();
      if (o === 'nx' || o === 'xx' || o === 'ch' || o === 'incr' || o === 'gt' || o === 'lt') f[o] = true;
      else break;
    }
  }
  const rest = a.length - i;
  if (rest % 2 !== 0 || rest === 0) return SYNTAX;
  if (f.nx && f.xx) return err('ERR XX and NX options at the same time are not compatible');
  if ((f.gt && f.nx) || (f.lt && f.nx) || (f.gt && f.lt)) return err('ERR GT, LT, and/or NX options at the same time are not compatible');
  if (f.incr && rest > 2) return err('ERR INCR option supports a single increment-element pair');
  const pairs: [number, string][] = [];
  for (let j = i; j < a.length; j += 2) {
    const score = parseScore(a[j]!);
    if (score === undefined) return NOT_FLOAT;
    pairs.push([score, a[j + 1]!]);
  }
  const cur = found(h, a[1]!);
  if (cur !== undefined && !isZset(cur)) return cur;
  if (cur === undefined && f.xx) return f.incr ? NIL : int(0);
  const z: ZSet = cur ?? { t: 'zset', v: [] };
  let added = 0;
  let updated = 0;
  let processed = 0;
  let last = 0;
  for (const [score, member] of pairs) {
    const at = z.v.findIndex(([m]) => m === member);
    if (at >= 0) {
      if (f.nx) continue;
      const old = z.v[at]![1];
      const next = f.incr ? old + score : score;
      if (Number.isNaN(next)) return err('ERR resulting score is not a number (NaN)');
      if ((f.lt && next >= old) || (f.gt && next <= old)) continue;
      last = next;
      processed++;
      if (next !== old) {
        z.v[at] = [member, next];
        updated++;
      }
    } else {
      if (f.xx) continue;
      z.v.push([member, score]);
      last = score;
      added++;
      processed++;
    }
  }
  z.v.sort(order);
  if (cur === undefined && z.v.length > 0) setOwn(h.writable(), a[1]!, { value: z });
  if (added + updated > 0) h.changed(added + updated);
  if (f.incr) return processed > 0 ? bulk(scoreText(last)) : NIL;
  return int(f.ch ? added + updated : added);
}

/** A rank range as zrangeGenericCommand reads it (negative from the end), over `n` members. */
function rankSpan(n: number, start: number, stop: number): [number, number] | undefined {
  const from = Math.max(0, start < 0 ? n + start : start);
  const to = Math.min(n - 1, stop < 0 ? n + stop : stop);
  return from > to || from >= n ? undefined : [from, to];
}

/** zslParseRange: `(x` excludes x. */
function scoreBound(s: string): { v: number; ex: boolean } | undefined {
  const ex = s.startsWith('(');
  const v = parseScore(ex ? s.slice(1) : s);
  return v === undefined ? undefined : { v, ex };
}

function zrange(h: ZsetHost, a: string[], reverse: boolean): Reply {
  let rev = reverse;
  let byScore = false;
  let withScores = false;
  let limit: [number, number] | undefined;
  for (let j = 4; j < a.length; j++) {
    const o = a[j]!.toLowerCase();
    const left = a.length - j - 1;
    if (o === 'withscores') withScores = true;
    else if (!reverse && o === 'limit' && left >= 2) {
      const off = parseInteger(a[j + 1]!);
      const count = parseInteger(a[j + 2]!);
      if (off === undefined || count === undefined) return NOT_INTEGER;
      limit = [off, count];
      j += 2;
    } else if (!reverse && !rev && o === 'rev') rev = true;
    else if (!reverse && !byScore && o === 'byscore') byScore = true;
    else return SYNTAX;
  }
  if (limit && !byScore) return err('ERR syntax error, LIMIT is only supported in combination with either BYSCORE or BYLEX');
  let members: [string, number][];
  const cur = found(h, a[1]!);
  if (byScore) {
    // REV takes the range as max then min.
    const min = scoreBound(rev ? a[3]! : a[2]!);
    const max = scoreBound(rev ? a[2]! : a[3]!);
    if (!min || !max) return err('ERR min or max is not a float');
    if (cur === undefined) return array([]);
    if (!isZset(cur)) return cur;
    members = cur.v.filter(([, s]) => (min.ex ? s > min.v : s >= min.v) && (max.ex ? s < max.v : s <= max.v));
    if (rev) members.reverse();
    if (limit) {
      const [off, count] = limit;
      members = off < 0 ? [] : members.slice(off, count < 0 ? undefined : off + count);
    }
  } else {
    const start = parseInteger(a[2]!);
    const stop = parseInteger(a[3]!);
    if (start === undefined || stop === undefined) return NOT_INTEGER;
    if (cur === undefined) return array([]);
    if (!isZset(cur)) return cur;
    const ordered = rev ? [...cur.v].reverse() : cur.v;
    const span = rankSpan(ordered.length, start, stop);
    members = span ? ordered.slice(span[0], span[1] + 1) : [];
  }
  return array(members.flatMap(([m, s]) => (withScores ? [bulk(m), bulk(scoreText(s))] : [bulk(m)])));
}

/** A sorted-set command (`name` in ZSET_ARITY, its arity checked). */
export function zsetCommand(name: string, a: string[], h: ZsetHost): Reply {
  switch (name) {
    case 'zadd':
      return zadd(h, a, false);
    case 'zincrby':
      return zadd(h, ['zincrby', a[1]!, a[2]!, a[3]!], true);
    case 'zscore': {
      const cur = found(h, a[1]!);
      if (cur !== undefined && !isZset(cur)) return cur;
      const hit = cur?.v.find(([m]) => m === a[2]);
      return hit ? bulk(scoreText(hit[1])) : NIL;
    }
    case 'zcard': {
      const cur = found(h, a[1]!);
      return cur !== undefined && !isZset(cur) ? cur : int(cur?.v.length ?? 0);
    }
    case 'zrank': {
      const cur = found(h, a[1]!);
      if (cur !== undefined && !isZset(cur)) return cur;
      const at = cur?.v.findIndex(([m]) => m === a[2]) ?? -1;
      return at < 0 ? NIL : int(at);
    }
    case 'zrem': {
      const cur = found(h, a[1]!);
      if (cur !== undefined && !isZset(cur)) return cur;
      if (!cur) return int(0);
      const before = cur.v.length;
      cur.v = cur.v.filter(([m]) => !a.slice(2).includes(m));
      const gone = before - cur.v.length;
      if (cur.v.length === 0) delete h.db[a[1]!];
      if (gone > 0) h.changed(gone);
      return int(gone);
    }
    case 'zrange':
    case 'zrevrange':
      return zrange(h, a, name === 'zrevrange');
    default:
      return err(`ERR unknown command '${a[0] ?? ''}', with args beginning with: `);
  }
}
