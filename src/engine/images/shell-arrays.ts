/**
 * bash's indexed arrays in a container's bash: assignments (`a=(…)`, `a+=(…)`, `a[i]=v`,
 * `a[i]+=v`), `unset 'a[i]'` and `declare` (`-a`, `-p`, `NAME=value`, `-x`). The rules — sparse
 * elements, negative subscripts, how `declare -p` quotes — are src/k8s/bash-arrays.ts's, which the
 * prompt uses too. Recorded, bash 5.2.15: `declare -p nope` is `bash: declare: nope: not found`,
 * status 1; `declare -p x` for a scalar is `declare -- x="5"`.
 * Approximate: `declare -a c` with no value makes an empty array, which `declare -p` lists as
 * `declare -a c=()` (bash: `declare -a c` until an element is set); `declare NAME=(…)` is not
 * parsed (the parser reads array words only after a plain assignment); associative arrays
 * (`declare -A`) are refused.
 */
import { appendValues, declareArrayLine, declareScalarLine, resolveIndex, unsetElement, type BashArray } from '../../k8s/bash-arrays';
import { own, setOwn } from '../../k8s/own';
import { mapfileInto, mapfileRead, parseMapfile } from '../../k8s/bash-mapfile';
import type { Machine } from './machine';
import type { Assign } from './shell-ast';
import type { Io } from './tools';

/** A name's array, made from its scalar (element 0) when `make` and it is none yet. */
function arrayOf(m: Machine, name: string, make: boolean): BashArray | undefined {
  const existing = m.arrays ? (own(m.arrays, name) as BashArray | undefined) : undefined;
  if (existing || !make) return existing;
  const scalar = own(m.vars, name) as string | undefined;
  const made: BashArray = scalar === undefined ? [] : [scalar];
  delete m.vars[name];
  m.arrays = m.arrays ?? {};
  setOwn(m.arrays, name, made);
  return made;
}

/**
 * An assignment that makes or changes an array: `NAME=(…)`/`NAME+=(…)` (`list`), `NAME[i]=v`;
 * `index`: the subscript's arithmetic value. False when a negative subscript falls before the
 * first element (bash: `NAME[-20]: bad array subscript`), for the caller to report.
 */
export function assignArray(m: Machine, a: Assign, value: string, list: readonly string[] | undefined, index: number | undefined): boolean {
  if (list !== undefined && !a.append) {
    delete m.vars[a.name];
    m.arrays = m.arrays ?? {};
    setOwn(m.arrays, a.name, [...list]);
    return true;
  }
  const arr = arrayOf(m, a.name, true)!;
  if (list !== undefined) {
    appendValues(arr, list);
    return true;
  }
  const at = resolveIndex(arr, index ?? 0);
  if (at === undefined) return false;
  arr[at] = a.append ? (arr[at] ?? '') + value : value;
  return true;
}

/** `unset 'a[i]'`: true when the argument names an element (and it is now unset). */
export function unsetArrayElement(m: Machine, arg: string, subscript: (expr: string) => number): boolean {
  const el = /^([A-Za-z_][A-Za-z0-9_]*)\[(.+)\]$/.exec(arg);
  if (!el) return false;
  const arr = arrayOf(m, el[1]!, false);
  const i = el[2] === '@' || el[2] === '*' ? undefined : subscript(el[2]!);
  if (i === undefined) {
    if (m.arrays) delete m.arrays[el[1]!];
    delete m.vars[el[1]!];
  } else if (arr) unsetElement(arr, i);
  else if (i === 0) delete m.vars[el[1]!];
  return true;
}

/** bash's `declare`/`typeset`: `-p [NAME…]`, `-a NAME…`, `NAME=value`, `-x NAME[=value]`. */
export function runDeclare(m: Machine, args: readonly string[], io: Io, prefix: string): void {
  const flags = new Set<string>();
  const names: string[] = [];
  for (const a of args) {
    if (/^[-+][a-zA-Z]+$/.test(a) && names.length === 0) for (const f of a.slice(1)) flags.add(f);
    else names.push(a);
  }
  m.status = 0;
  if (flags.has('A')) {
    io.err(`${prefix}declare: -A: associative arrays are not modelled in this simulation\n`);
    m.status = 2;
    return;
  }
  if (flags.has('p')) {
    for (const name of names) {
      const arr = m.arrays ? (own(m.arrays, name) as BashArray | undefined) : undefined;
      const scalar = own(m.vars, name) as string | undefined;
      if (arr) io.out(declareArrayLine(name, arr));
      else if (scalar !== undefined) io.out(declareScalarLine(name, scalar, m.exported?.includes(name) === true));
      else {
        io.err(`${prefix}declare: ${name}: not found\n`);
        m.status = 1;
      }
    }
    return;
  }
  for (const a of names) {
    const eq = a.indexOf('=');
    const name = eq > 0 ? a.slice(0, eq) : a;
    if (flags.has('a')) {
      const arr = arrayOf(m, name, true)!;
      if (eq > 0) arr[0] = a.slice(eq + 1);
    } else if (eq > 0) {
      const arr = m.arrays ? (own(m.arrays, name) as BashArray | undefined) : undefined;
      if (arr) arr[0] = a.slice(eq + 1);
      else setOwn(m.vars, name, a.slice(eq + 1));
    }
    if (flags.has('x') && m.exported && !m.exported.includes(name)) m.exported = [...m.exported, name];
  }
}

/**
 * `mapfile`/`readarray` reading `input` (src/k8s/bash-mapfile.ts, the prompt's rules): NAME
 * (MAPFILE) becomes the array of its lines. Answers how much of the input it read.
 */
export function runMapfile(m: Machine, cmd: 'mapfile' | 'readarray', args: readonly string[], input: string, io: Io, prefix: string): number {
  const p = parseMapfile(cmd, args);
  if (!p.ok) {
    io.err(`${prefix}${p.message}${p.usage ?? ''}`);
    m.status = p.status;
    return 0;
  }
  const { request } = p;
  if (m.assocs && Object.hasOwn(m.assocs, request.name)) {
    io.err(`${prefix}${cmd}: ${request.name}: not an indexed array\n`);
    m.status = 1;
    return 0;
  }
  const read = mapfileRead(input, request);
  const scalar = own(m.vars, request.name) as string | undefined;
  const existing = (m.arrays ? (own(m.arrays, request.name) as BashArray | undefined) : undefined) ?? (scalar === undefined ? undefined : [scalar]);
  delete m.vars[request.name];
  m.arrays = { ...m.arrays, [request.name]: mapfileInto(existing, read.elements, request) };
  m.status = 0;
  return read.consumed;
}
