/**
 * The Kubernetes CEL libraries (k8s.io/apiserver/pkg/cel/library, cel-go's ext) that
 * @marcbachmann/cel-js lacks, registered on the base environment. Present in cel-js already:
 * size, contains/startsWith/endsWith/matches, lowerAscii/upperAscii/trim/split/indexOf/
 * lastIndexOf/substring, list<string>.join, the macros (has, all, exists, exists_one, map,
 * filter, cel.bind), optionals, timestamps and durations.
 * Added here: strings charAt/replace/reverse; lists isSorted/sum/min/max/indexOf/lastIndexOf/
 * slice/flatten; regex find/findAll; quantity()/isQuantity() with the Quantity methods.
 * Still missing: url(), ip()/cidr(), semver(), format(), strings.quote, sets.*, the
 * authorizer library (authorizer.group(...).check(...)), jsonpatch, and cost limits.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { isQuantity, parseMilli } from '../../../../k8s/quantity';

/** A resource.Quantity as the quantity library holds it, in exact milli-units. */
export class CelQuantity {
  constructor(readonly milli: number) {}
}

function listOf(l: unknown): unknown[] {
  return Array.isArray(l) ? l : [];
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  if ((typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint')) return Number(a) - Number(b);
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  throw new Error('no such overload');
}

function sameValue(a: unknown, b: unknown): boolean {
  if ((typeof a === 'bigint' || typeof a === 'number') && (typeof b === 'bigint' || typeof b === 'number')) return Number(a) === Number(b);
  return JSON.stringify(a, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)) === JSON.stringify(b, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
}

function quantity(s: string): CelQuantity {
  const m = isQuantity(s) ? parseMilli(s) : undefined;
  if (m === undefined) throw new Error('quantities must match the regular expression');
  return new CelQuantity(m);
}

function toQuantity(v: CelQuantity | bigint): CelQuantity {
  return typeof v === 'bigint' ? new CelQuantity(Number(v) * 1000) : v;
}

function registerStrings(env: Environment): void {
  env
    .registerFunction('string.charAt(int): string', (s: string, i: bigint) => {
      if (i < 0n || Number(i) > s.length) throw new Error(`index out of range: ${i}`);
      return s.charAt(Number(i));
    })
    .registerFunction('string.replace(string, string): string', (s: string, from: string, to: string) => s.split(from).join(to))
    .registerFunction('string.replace(string, string, int): string', (s: string, from: string, to: string, n: bigint) => {
      let out = s;
      let count = 0;
      let at = 0;
      while ((n < 0n || count < Number(n)) && from !== '' && (at = out.indexOf(from, at)) >= 0) {
        out = out.slice(0, at) + to + out.slice(at + from.length);
        at += to.length;
        count++;
      }
      return out;
    })
    .registerFunction('string.reverse(): string', (s: string) => [...s].reverse().join(''))
    .registerFunction('string.find(string): string', (s: string, re: string) => new RegExp(re).exec(s)?.[0] ?? '')
    .registerFunction('string.findAll(string): list<string>', (s: string, re: string) => [...s.matchAll(new RegExp(re, 'g'))].map((m) => m[0]))
    .registerFunction('string.findAll(string, int): list<string>', (s: string, re: string, n: bigint) => {
      const all = [...s.matchAll(new RegExp(re, 'g'))].map((m) => m[0]);
      return n < 0n ? all : all.slice(0, Number(n));
    });
}

function registerLists(env: Environment): void {
  env
    .registerFunction('list.isSorted(): bool', (l: unknown[]) => listOf(l).every((v, i, a) => i === 0 || compare(a[i - 1], v) <= 0))
    .registerFunction('list.sum(): dyn', (l: unknown[]) => {
      const xs = listOf(l);
      if (xs.every((x) => typeof x === 'bigint')) return xs.reduce<bigint>((s, x) => s + (x as bigint), 0n);
      return xs.reduce<number>((s, x) => s + Number(x), 0);
    })
    .registerFunction('list.min(): dyn', (l: unknown[]) => {
      const xs = listOf(l);
      if (xs.length === 0) throw new Error('min called on empty list');
      return xs.reduce((m, x) => (compare(x, m) < 0 ? x : m));
    })
    .registerFunction('list.max(): dyn', (l: unknown[]) => {
      const xs = listOf(l);
      if (xs.length === 0) throw new Error('max called on empty list');
      return xs.reduce((m, x) => (compare(x, m) > 0 ? x : m));
    })
    .registerFunction('list.indexOf(dyn): int', (l: unknown[], v: unknown) => BigInt(listOf(l).findIndex((x) => sameValue(x, v))))
    .registerFunction('list.lastIndexOf(dyn): int', (l: unknown[], v: unknown) => {
      const xs = listOf(l);
      for (let i = xs.length - 1; i >= 0; i--) if (sameValue(xs[i], v)) return BigInt(i);
      return -1n;
    })
    .registerFunction('list.slice(int, int): list', (l: unknown[], from: bigint, to: bigint) => listOf(l).slice(Number(from), Number(to)))
    .registerFunction('list.flatten(): list', (l: unknown[]) => listOf(l).flatMap((x) => (Array.isArray(x) ? x : [x])));
}

function registerQuantity(env: Environment): void {
  env
    .registerType('kubernetes.Quantity', CelQuantity)
    .registerFunction('isQuantity(string): bool', (s: string) => isQuantity(s))
    .registerFunction('quantity(string): kubernetes.Quantity', quantity)
    .registerFunction('kubernetes.Quantity.isInteger(): bool', (q: CelQuantity) => q.milli % 1000 === 0)
    .registerFunction('kubernetes.Quantity.asInteger(): int', (q: CelQuantity) => {
      if (q.milli % 1000 !== 0) throw new Error('cannot convert value to integer');
      return BigInt(q.milli / 1000);
    })
    .registerFunction('kubernetes.Quantity.asApproximateFloat(): double', (q: CelQuantity) => q.milli / 1000)
    .registerFunction('kubernetes.Quantity.sign(): int', (q: CelQuantity) => BigInt(Math.sign(q.milli)))
    .registerFunction('kubernetes.Quantity.compareTo(kubernetes.Quantity): int', (a: CelQuantity, b: CelQuantity) => BigInt(Math.sign(a.milli - b.milli)))
    .registerFunction('kubernetes.Quantity.isLessThan(kubernetes.Quantity): bool', (a: CelQuantity, b: CelQuantity) => a.milli < b.milli)
    .registerFunction('kubernetes.Quantity.isGreaterThan(kubernetes.Quantity): bool', (a: CelQuantity, b: CelQuantity) => a.milli > b.milli)
    .registerFunction('kubernetes.Quantity.add(kubernetes.Quantity): kubernetes.Quantity', (a: CelQuantity, b: CelQuantity) => new CelQuantity(a.milli + toQuantity(b).milli))
    .registerFunction('kubernetes.Quantity.add(int): kubernetes.Quantity', (a: CelQuantity, b: bigint) => new CelQuantity(a.milli + toQuantity(b).milli))
    .registerFunction('kubernetes.Quantity.sub(kubernetes.Quantity): kubernetes.Quantity', (a: CelQuantity, b: CelQuantity) => new CelQuantity(a.milli - toQuantity(b).milli))
    .registerFunction('kubernetes.Quantity.sub(int): kubernetes.Quantity', (a: CelQuantity, b: bigint) => new CelQuantity(a.milli - toQuantity(b).milli));
}

export function registerKubernetesLibrary(env: Environment): void {
  registerStrings(env);
  registerLists(env);
  registerQuantity(env);
}
