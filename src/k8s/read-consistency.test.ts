import { describe, expect, it } from 'vitest';
import { ApiQuery } from './api-query';
import { readOptions, readsEtcd } from './read-consistency';

const asks = (verb: 'get' | 'list', query: string): boolean => readsEtcd(verb, readOptions(new ApiQuery(query)));

describe('which reads kube-apiserver v1.36 checks with etcd (CacheDelegator)', () => {
  it('a GET: without a resourceVersion etcd answers it; with one, the watch cache', () => {
    expect(asks('get', '')).toBe(true);
    expect(asks('get', 'resourceVersion=0')).toBe(false);
    expect(asks('get', 'resourceVersion=1234')).toBe(false);
  });

  it('a LIST: consistent without a resourceVersion, the cache at 0 or not-older-than, etcd for exact and continued lists', () => {
    expect(asks('list', '')).toBe(true);
    expect(asks('list', 'limit=500')).toBe(true);
    expect(asks('list', 'limit=500&resourceVersion=0')).toBe(false);
    expect(asks('list', 'resourceVersion=1234')).toBe(false);
    // The legacy exact match: a non-zero resourceVersion with a limit.
    expect(asks('list', 'resourceVersion=1234&limit=10')).toBe(true);
    expect(asks('list', 'resourceVersion=1234&limit=10&resourceVersionMatch=NotOlderThan')).toBe(false);
    expect(asks('list', 'resourceVersion=1234&resourceVersionMatch=Exact')).toBe(true);
    expect(asks('list', 'limit=500&continue=abc')).toBe(true);
  });
});
