/**
 * awk's associative arrays, and the order `for (k in a)` visits them, which a learner sees
 * (`{a[$3]++} END {for (s in a) print s, a[s]}`).
 *
 * mawk 1.3.4 (array.w): a hash table of 64 lists (doubled, each list split in order, once it
 * holds over 12 entries a list), with two links per entry: integer subscripts (numbers with an
 * integral value) on lists by value, strings on lists by FNV-1 hash. New and found entries move
 * to the front of their list; a string lookup (or a for-in) first gives every integer entry its
 * string, walking the integer lists. for-in walks the string lists in index order. Checked
 * against mawk 1.3.4 20200120 on this machine (keys k1…k12, x a m, 1…5, kubectl STATUS words).
 *
 * BusyBox (editors/awk.c): 61 chains by `idx = c + idx * 63` over the key's (signed) chars, a
 * new key at the head of its chain; past 10 keys a chain on average the table is rebuilt at the
 * next prime (251, 1021, 4093, 16381, 65521), each chain's keys pushed in turn onto the new
 * ones. for-in walks the chains in order. Checked against BusyBox 1.35 on this machine.
 */
import { utf8Bytes } from '../../../k8s/utf8';
import type { Val } from './values';

/** A subscript: its string, and its integer value when it is a number with one (mawk's second list). */
export interface Key {
  s: string;
  i?: number;
}

export interface AwkArray {
  readonly size: number;
  get(k: Key): Val | undefined;
  set(k: Key, v: Val): void;
  has(k: Key): boolean;
  delete(k: Key): void;
  clear(): void;
  /** The subscripts in for-in's order. */
  keys(): string[];
  /** split()'s result: elements 1…n. */
  load(values: Val[]): void;
}

interface Node {
  s?: string;
  hval: number;
  ival?: number;
  value: Val;
}

const STARTING_HMASK = 63;
const MAX_AVE_LIST_LENGTH = 12;

function fnv1(s: string): number {
  let h = 2166136261;
  for (const b of utf8Bytes(s)) h = Math.imul(h ^ b, 16777619) >>> 0;
  return h;
}

export class MawkArray implements AwkArray {
  private hmask = STARTING_HMASK;
  private ilists: Node[][] = [];
  private slists: Node[][] = [];
  private hasInt = false;
  private hasStr = false;
  size = 0;

  private get limit(): number {
    return (this.hmask + 1) * MAX_AVE_LIST_LENGTH;
  }

  private list(lists: Node[][], i: number): Node[] {
    return (lists[i] ??= []);
  }

  private toFront(list: Node[], at: number): Node {
    const [n] = list.splice(at, 1);
    list.unshift(n!);
    return n!;
  }

  private find(k: Key, create: boolean): Node | undefined {
    if (this.size === 0 && !create) return undefined;
    return k.i !== undefined ? this.byInt(k.i, create) : this.byString(k.s, create);
  }

  private byInt(ival: number, create: boolean): Node | undefined {
    this.hasInt = true;
    const list = this.list(this.ilists, ival & this.hmask);
    const at = list.findIndex((n) => n.ival === ival);
    if (at >= 0) return this.toFront(list, at);
    let node: Node | undefined;
    if (this.hasStr) {
      node = this.byString(String(ival), create);
      if (!node) return undefined;
    } else if (create) {
      node = { hval: 0, value: { s: '', n: 0 } };
      this.grow();
    } else return undefined;
    node.ival = ival;
    this.list(this.ilists, ival & this.hmask).unshift(node);
    return node;
  }

  private byString(s: string, create: boolean): Node | undefined {
    if (!this.hasStr) this.addStrings();
    const hval = fnv1(s);
    const list = this.list(this.slists, hval & this.hmask);
    const at = list.findIndex((n) => n.hval === hval && n.s === s);
    if (at >= 0) return this.toFront(list, at);
    if (!create) return undefined;
    const node: Node = { s, hval, value: { s: '', n: 0 } };
    this.grow();
    this.list(this.slists, hval & this.hmask).unshift(node);
    return node;
  }

  /** Counts a new entry, doubling the table past its limit. */
  private grow(): void {
    if (++this.size <= this.limit) return;
    const old = this.hmask;
    const mask = old * 2 + 1;
    const split = (lists: Node[][], slot: (n: Node) => number): void => {
      for (let i = 0; i <= old; i++) {
        const l = lists[i] ?? [];
        lists[i] = l.filter((n) => (slot(n) & mask) === i);
        lists[i + old + 1] = l.filter((n) => (slot(n) & mask) !== i);
      }
    };
    if (this.hasStr) split(this.slists, (n) => n.hval);
    if (this.hasInt) split(this.ilists, (n) => n.ival!);
    this.hmask = mask;
  }

  /** Every integer entry gets its string and joins a string list (mawk's add_string_associations). */
  private addStrings(): void {
    for (let i = 0; i <= this.hmask; i++) {
      for (const n of this.ilists[i] ?? []) {
        n.s = String(n.ival);
        n.hval = fnv1(n.s);
        this.list(this.slists, n.hval & this.hmask).unshift(n);
      }
    }
    this.hasStr = true;
  }

  get(k: Key): Val | undefined {
    return this.find(k, false)?.value;
  }

  set(k: Key, v: Val): void {
    this.find(k, true)!.value = v;
  }

  has(k: Key): boolean {
    return this.find(k, false) !== undefined;
  }

  delete(k: Key): void {
    const node = this.find(k, false);
    if (!node) return;
    if (node.ival !== undefined) {
      const l = this.list(this.ilists, node.ival & this.hmask);
      l.splice(l.indexOf(node), 1);
    }
    if (node.s !== undefined && this.hasStr) {
      const l = this.list(this.slists, node.hval & this.hmask);
      const at = l.indexOf(node);
      if (at >= 0) l.splice(at, 1);
    }
    if (--this.size === 0) this.clear();
  }

  clear(): void {
    this.hmask = STARTING_HMASK;
    this.ilists = [];
    this.slists = [];
    this.hasInt = this.hasStr = false;
    this.size = 0;
  }

  /** mawk keeps split()'s result as a vector, entered on the integer lists (sized to hold it) when first hashed. */
  load(values: Val[]): void {
    this.clear();
    while (values.length > this.limit) this.hmask = this.hmask * 2 + 1;
    values.forEach((value, i) => this.list(this.ilists, (i + 1) & this.hmask).unshift({ hval: 0, ival: i + 1, value }));
    this.size = values.length;
    this.hasInt = values.length > 0;
  }

  keys(): string[] {
    if (this.size === 0) return [];
    if (!this.hasStr) this.addStrings();
    return this.slists.flatMap((l) => (l ?? []).map((n) => n.s!));
  }
}

const BB_FIRST_PRIME = 61;
const BB_PRIMES = [251, 1021, 4093, 16381, 65521];

function bbHash(s: string): number {
  let idx = 0;
  // C's char is signed on x86: a UTF-8 byte above 127 counts negative.
  for (const b of utf8Bytes(s)) idx = ((b > 127 ? b - 256 : b) + Math.imul(idx, 63)) >>> 0;
  return idx;
}

export class BusyBoxArray implements AwkArray {
  private csize = BB_FIRST_PRIME;
  private nprime = 0;
  private chains: { key: string; value: Val }[][] = [];
  size = 0;

  private chain(key: string): { key: string; value: Val }[] {
    return (this.chains[bbHash(key) % this.csize] ??= []);
  }

  get(k: Key): Val | undefined {
    return this.chain(k.s).find((e) => e.key === k.s)?.value;
  }

  set(k: Key, v: Val): void {
    const found = this.chain(k.s).find((e) => e.key === k.s);
    if (found) {
      found.value = v;
      return;
    }
    if (Math.floor(++this.size / this.csize) > 10 && this.nprime < BB_PRIMES.length) this.rebuild(BB_PRIMES[this.nprime++]!);
    this.chain(k.s).unshift({ key: k.s, value: v });
  }

  private rebuild(size: number): void {
    const old = this.chains;
    const oldSize = this.csize;
    this.chains = [];
    this.csize = size;
    for (let i = 0; i < oldSize; i++) for (const e of old[i] ?? []) this.chain(e.key).unshift(e);
  }

  has(k: Key): boolean {
    return this.get(k) !== undefined;
  }

  delete(k: Key): void {
    const c = this.chain(k.s);
    const at = c.findIndex((e) => e.key === k.s);
    if (at < 0) return;
    c.splice(at, 1);
    this.size--;
  }

  /** BusyBox empties the chains and keeps the table's size. */
  clear(): void {
    this.chains = [];
    this.size = 0;
  }

  keys(): string[] {
    return this.chains.flatMap((c) => (c ?? []).map((e) => e.key));
  }

  load(values: Val[]): void {
    this.clear();
    values.forEach((v, i) => this.set({ s: String(i + 1) }, v));
  }
}
