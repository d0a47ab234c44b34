/**
 * client-go's token bucket (util/flowcontrol.NewTokenBucketRateLimiter over golang.org/x/time/rate):
 * it starts full with `burst` tokens and refills continuously at `qps` tokens a second, never
 * above `burst`. The bucket is plain data stamped with simulated time, so it lives in the World.
 */

export interface RateLimit {
  qps: number;
  burst: number;
}

/** The tokens as of simulated time `at`; they may go negative after reserve (a queue of waiters). */
export interface TokenBucket {
  tokens: number;
  at: number;
}

/** Absorbs float error in the refill, so the delay tokenDelay returns always yields the token. */
const EPSILON = 1e-9;

export function newTokenBucket(limit: RateLimit, now: number): TokenBucket {
  return { tokens: limit.burst, at: now };
}

function advance(b: TokenBucket, limit: RateLimit, now: number): void {
  if (now > b.at) b.tokens = Math.min(limit.burst, b.tokens + ((now - b.at) * limit.qps) / 1000);
  b.at = Math.max(b.at, now);
}

/** rate.Limiter.Reserve: takes a token now, or in the returned number of ms once it has accrued. */
export function reserve(b: TokenBucket, limit: RateLimit, now: number): number {
  advance(b, limit, now);
  b.tokens -= 1;
  return b.tokens >= 0 ? 0 : Math.ceil((-b.tokens * 1000) / limit.qps);
}

/** rate.Limiter.Allow (TryAccept): takes a token if one is there now. */
export function tryAccept(b: TokenBucket, limit: RateLimit, now: number): boolean {
  advance(b, limit, now);
  if (b.tokens < 1 - EPSILON) return false;
  b.tokens = Math.max(0, b.tokens - 1);
  return true;
}

/** How many tokens could be taken now without waiting. */
export function available(b: TokenBucket, limit: RateLimit, now: number): number {
  advance(b, limit, now);
  return Math.max(0, Math.floor(b.tokens + EPSILON));
}

/** Simulated ms until `n` whole tokens (at most the burst: the bucket holds no more) are in the bucket; 0 if they are there now. */
export function tokenDelay(b: TokenBucket, limit: RateLimit, now: number, n = 1): number {
  advance(b, limit, now);
  const want = Math.max(1, Math.min(n, limit.burst));
  if (b.tokens >= want - EPSILON) return 0;
  const ms = Math.ceil(((want - b.tokens) * 1000) / limit.qps);
  // The division can round up past a whole ms the refill (the same sum tryAccept makes) reaches.
  return ms > 1 && b.tokens + ((ms - 1) * limit.qps) / 1000 >= want - EPSILON ? ms - 1 : ms;
}
