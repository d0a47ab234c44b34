/**
 * bash's indexed arrays in a container's bash: assignments (`a=(…)`, `a+=(…)`, `a[i]=v`,
 * `a[i]+=v`), `unset 'a[i]'` and `declare` (`-a`, `-p`, `NAME=value`, `-x`). The rules — sparse
 * elements, negative subscripts, how `declare -p` quotes — are src/k8s/bash-arrays.ts's, which the
 * prompt uses too. Recorded, bash 5.2.15: `declare -p nope` is `bash: declare: nope: not found`,
 * status 1; `declare -p x` for a scalar is `declare -- x="5"`.
 * `declare -a c` with no value lists as `declare -a c` until the first assignment (Machine.declared);
 * associative arrays (`declare -A`, src/k8s/bash-assoc.ts) and `declare NAME=(…)` (the parser
 * keeps the list with its argument) are bash's too.
 */
import { appendValues, assignIndexedItems, declareArrayLine, declareScalarLine, resolveIndex, unsetElement, type BashArray } from '../../k8s/bash-arrays';
import { own, setOwn } from '../../k8s/own';
import { runMapfile as mapfile } from '../../k8s/bash-mapfile';
import { assocAssignList, assocDelete, assocSet, declaredAssoc, declareAssocLine, emptiedAssoc, newAssoc, type AssocArray, type ListItem } from '../../k8s/bash-assoc';
import type { Frame, Machine } from './machine';
import { shellArithmetic } from './shell-arith';
import type { Assign } from './shell-ast';
import type { Io } from './tools';

/** A name's array, made from its scalar (element 0) when `make` and it is none yet. */
function arrayOf(m: Machine, name: string, make: boolean): BashArray | undefined {
  const existing = m.arrays ? (own(m.arrays, name) as BashArray | undefined) : undefined;
  if (existing || !make) return existing;
  forgetDeclared(m, name);
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
  forgetDeclared(m, a.name);
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
  const table = tableOf(m, el[1]!);
  if (table && el[2] !== '@' && el[2] !== '*') {
    // `unset 'm[key]'`: the key as the shell's expansion left it.
    assocDelete(table, el[2]!);
    return true;
  }
  if (table) delete m.assocs![el[1]!];
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
  if (flags.has('p')) {
    for (const name of names) {
      const arr = m.arrays ? (own(m.arrays, name) as BashArray | undefined) : undefined;
      const table = tableOf(m, name);
      const scalar = own(m.vars, name) as string | undefined;
      if (arr) io.out(declareArrayLine(name, arr));
      else if (table) io.out(declareAssocLine(name, table));
      else if (declaredOnly(m, name)) io.out(declareArrayLine(name, undefined));
      else if (scalar !== undefined) io.out(declareScalarLine(name, scalar, m.exported?.includes(name) === true));
      else {
        io.err(`${prefix}declare: ${name}: not found\n`);
        m.status = 1;
      }
    }
    return;
  }
  const index = (expr: string): number => Number(shellArithmetic(expr, 'bash', { get: (n) => own(m.vars, n) as string | undefined, set: (n, v) => setOwn(m.vars, n, v) }, (n) => own(m.vars, n) as string | undefined, () => {}));
  for (const a of names) {
    const eq = a.indexOf('=');
    const name = eq > 0 ? a.slice(0, eq).replace(/\+$/, '') : a;
    // `declare -A m=(…)`: the list's words, read as the command's were (runSimple).
    const list = eq > 0 && a.endsWith('=') && m.compound ? (own(m.compound, name) as { items: ListItem[]; append: boolean } | undefined) : undefined;
    if (list && !flags.has('A') && !tableOf(m, name)) arrayOf(m, name, true);
    if (flags.has('A')) {
      const refused = declareAssoc(m, name);
      if (refused) {
        // Recorded (`bash -c`): `bash: line 1: declare: i: cannot convert indexed to associative array`.
        io.err(`${prefix}declare: ${refused}\n`);
        m.status = 1;
        continue;
      }
      if (eq > 0 && !list) assocSet(tableOf(m, name)!, '0', a.slice(eq + 1));
    } else if (flags.has('a') && tableOf(m, name)) {
      io.err(`${prefix}declare: ${name}: cannot convert associative to indexed array\n`);
      m.status = 1;
      continue;
    } else if (flags.has('a') && eq < 0 && !arrayOf(m, name, false) && !Object.hasOwn(m.vars, name)) {
      // A new name has no value yet (recorded: `declare -a c; declare -p c` → `declare -a c`).
      if (!declaredOnly(m, name)) m.declared = [...(m.declared ?? []), name];
    } else if (flags.has('a')) {
      const arr = arrayOf(m, name, true)!;
      if (eq > 0 && !list) arr[0] = a.slice(eq + 1);
    } else if (eq > 0 && !list) {
      const arr = m.arrays ? (own(m.arrays, name) as BashArray | undefined) : undefined;
      if (arr) arr[0] = a.slice(eq + 1);
      else setOwn(m.vars, name, a.slice(eq + 1));
    }
    if (list) for (const e of assignItems(m, name, list.items, list.append, index, true)) io.err(`${prefix}${e}\n`);
    if (flags.has('x') && m.exported && !m.exported.includes(name)) m.exported = [...m.exported, name];
  }
}

/**
 * `mapfile`/`readarray` reading `input` (src/k8s/bash-mapfile.ts, the prompt's rules): NAME
 * (MAPFILE) becomes the array of its lines. Answers how much of the input it read.
 */
export function runMapfile(m: Machine, cmd: 'mapfile' | 'readarray', args: readonly string[], input: string, io: Io, prefix: string): number {
  const r = mapfile(cmd, args, input, (name) => {
    const array = m.arrays ? (own(m.arrays, name) as BashArray | undefined) : undefined;
    const value = own(m.vars, name) as string | undefined;
    return tableOf(m, name) ? { k: 'assoc' } : array ? { k: 'array', array } : value !== undefined ? { k: 'scalar', value } : { k: 'none' };
  });
  if (!r.ok) {
    io.err(`${prefix}${r.message}`);
    m.status = r.status;
    return 0;
  }
  delete m.vars[r.name];
  forgetDeclared(m, r.name);
  m.arrays = { ...m.arrays, [r.name]: r.array };
  m.status = 0;
  return r.consumed;
}

/** NAME's associative array, if it is one. */
function tableOf(m: Machine, name: string): AssocArray | undefined {
  return m.assocs ? (own(m.assocs, name) as AssocArray | undefined) : undefined;
}

/**
 * `NAME=(…)`/`NAME+=(…)` with `[k]=v` words, or any list on an associative array: its keys
 * (src/k8s/bash-assoc.ts, as the prompt's), or an indexed array's subscripts (`a=([2]=x y)`: y
 * at 3). Answers the errors, each after the shell's prefix.
 */
export function assignItems(m: Machine, name: string, items: readonly ListItem[], append: boolean, index: (expr: string) => number, declared = false): string[] {
  const table = tableOf(m, name);
  if (table) {
    const into = append ? table : emptiedAssoc(table);
    setOwn(m.assocs!, name, into);
    return assocAssignList(into, name, items, declared);
  }
  const arr = append ? arrayOf(m, name, true)! : [];
  if (!append) {
    delete m.vars[name];
    m.arrays = m.arrays ?? {};
    setOwn(m.arrays, name, arr);
  }
  return assignIndexedItems(arr, name, items, index);
}

/**
 * `declare -A NAME`: a new table of 1024 buckets with no value yet; a set scalar becomes one of
 * 128 holding it at key "0"; an indexed array is bash's `NAME: cannot convert indexed to
 * associative array` (answered, for the caller to print).
 */
function declareAssoc(m: Machine, name: string): string | undefined {
  if (tableOf(m, name)) return undefined;
  if ((m.arrays && Object.hasOwn(m.arrays, name)) || declaredOnly(m, name)) return `${name}: cannot convert indexed to associative array`;
  const table = declaredAssoc(own(m.vars, name) as string | undefined);
  delete m.vars[name];
  m.assocs = m.assocs ?? {};
  setOwn(m.assocs, name, table);
  return undefined;
}

/**
 * `local -A NAME`, `local -a NAME`, `local NAME=(…)`: the call's own array, the caller's put back
 * as it returns (machine.ts). A new `-A` table has 1024 buckets and no value yet
 * (make_local_assoc_variable), as `declare -A`'s.
 */
export function localArray(m: Machine, fn: Extract<Frame, { k: 'fn' }>, name: string, assoc: boolean, word: string, io: Io, prefix: string): void {
  const saved = (fn.localArrays ??= {});
  if (!Object.hasOwn(saved, name)) {
    const array = m.arrays ? (own(m.arrays, name) as BashArray | undefined) : undefined;
    const table = tableOf(m, name);
    setOwn(saved, name, { ...(array ? { array } : {}), ...(table ? { assoc: table } : {}) });
  }
  if (m.arrays) delete m.arrays[name];
  if (m.assocs) delete m.assocs[name];
  delete m.vars[name];
  if (assoc) {
    m.assocs = m.assocs ?? {};
    setOwn(m.assocs, name, newAssoc(undefined, true));
  } else {
    m.arrays = m.arrays ?? {};
    setOwn(m.arrays, name, []);
  }
  const list = word.endsWith('=') && m.compound ? (own(m.compound, name) as { items: ListItem[]; append: boolean } | undefined) : undefined;
  if (list) for (const e of assignItems(m, name, list.items, list.append, Number, true)) io.err(`${prefix}${e}\n`);
  else if (word.includes('=')) {
    const value = word.slice(word.indexOf('=') + 1);
    if (assoc) assocSet(tableOf(m, name)!, '0', value);
    else (own(m.arrays!, name) as BashArray)[0] = value;
  }
}

/** NAME has a value now (or is gone): no longer a `declare -a` name without one. */
export function forgetDeclared(m: Machine, name: string): void {
  if (m.declared?.includes(name)) m.declared = m.declared.filter((n) => n !== name);
}

/** Whether `declare -a` made NAME an array that has no value yet. */
export function declaredOnly(m: Machine, name: string): boolean {
  return m.declared?.includes(name) === true;
}
