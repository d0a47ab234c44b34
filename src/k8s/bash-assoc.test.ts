/**
 * bash 5.2's associative-array order (hashlib.c), each expected list recorded on this machine
 * (bash 5.2.15: `declare -A m; for k in …; do m[$k]=1; done; echo "${!m[@]}"`).
 */
import { describe, expect, it } from 'vitest';
import { assocAssignList, assocDelete, assocKeys, assocListing, assocSet, bashHash, CONVERTED_BUCKETS, newAssoc, quoteKey } from './bash-assoc';

function keysAfter(keys: readonly string[], nbuckets?: number): string[] {
  const t = newAssoc(nbuckets);
  for (const k of keys) assocSet(t, k, '1');
  return assocKeys(t);
}

describe('bash associative arrays', () => {
  it('hashes with FNV-1 over signed chars', () => {
    expect(bashHash('')).toBe(2166136261);
    expect(bashHash('a')).toBe(0x050c5d7e);
  });

  it('lists keys in bash 5.2 hash order, ASCII and UTF-8 keys alike', () => {
    expect(keysAfter(['web', 'api', 'db', 'cache', 'a b', 'é', '日本', 'node-1', 'node-2', 'node-3', 'kube-system', 'default', 'x', 'y', 'z']).join(' ')).toBe(
      'kube-system 日本 node-2 node-3 node-1 db z y x api web a b default cache é',
    );
  });

  it('grows ×4 at twice as many entries as buckets, re-chaining as bash does', () => {
    const keys = Array.from({ length: 2100 }, (_, i) => `k${i + 1}`);
    expect(keysAfter(keys).slice(0, 12).join(' ')).toBe('k1698 k1699 k1696 k1697 k1694 k1695 k1692 k1693 k1690 k1691 k679 k678');
  });

  it('uses 128 buckets for a converted scalar (its value at key 0)', () => {
    expect(keysAfter(['0', 'web', 'api', 'db', 'cache'], CONVERTED_BUCKETS).join(' ')).toBe('web cache 0 db api');
    expect(keysAfter(['web', 'api', 'db', 'cache']).join(' ')).toBe('db api web cache');
  });

  it('lists as declare -p does, keys quoted as assoc_to_assign quotes them', () => {
    const t = newAssoc();
    for (const [k, v] of [['*', '1'], ['@', '2'], ['$x', '3'], ['~a', '4'], ['#a', '5'], ['a#', '6']] as const) assocSet(t, k, v);
    expect(assocListing(t)).toBe('(["#a"]="5" ["*"]="1" ["@"]="2" [a#]="6" ["\\$x"]="3" ["~a"]="4" )');
    expect(quoteKey('x\ty')).toBe("$'x\\ty'");
    assocDelete(t, '*');
    expect(assocKeys(t)).not.toContain('*');
    expect(assocListing(newAssoc())).toBe('()');
  });

  it('reads a list as key/value pairs, or [k]=v words refusing a bare one', () => {
    const r = newAssoc();
    expect(assocAssignList(r, 'r', [{ value: 'a' }, { value: '1' }, { value: 'b' }])).toEqual([]);
    expect(assocListing(r)).toBe('([b]="" [a]="1" )');
    const s = newAssoc();
    expect(assocAssignList(s, 's', [{ key: 'a', value: '1' }, { value: 'b' }], true)).toEqual(["s: 'b': must use subscript when assigning associative array"]);
    expect(assocListing(s)).toBe('([a]="1" )');
  });
});
