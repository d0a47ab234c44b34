/**
 * bash's subscripted parameters at the prompt (./shell-words.ts): `${a[i]}`, `${a[@]}`, `${a[*]}`,
 * `${#a[@]}`, `${#a[i]}`, `${!a[@]}`, `${a[@]:off:len}` and an element with an operator
 * (`${a[1]:-x}`, `${a[0]#p}` through ./shell-params.ts). The array rules (sparse elements,
 * negative subscripts, slices by index) are ./bash-arrays.ts's, which a container's bash uses too
 * (src/engine/images/shell-expand.ts reads the same forms from its own parse).
 */
import { arrayIndices, arrayValues, resolveIndex, sliceValues, type BashArray } from './bash-arrays';
import { assocGet, assocKeys, assocValues, type AssocArray } from './bash-assoc';
import { expandParameter, type ParamEnv, type ParamOutcome } from './shell-params';

/** `${…}`'s body with a subscript: `[#!]` prefix, name, subscript, what follows. */
export const SUBSCRIPTED = /^([#!]?)([A-Za-z_][A-Za-z0-9_]*)\[([^\]]*)\]([\s\S]*)$/;

export interface ArrayParamEnv extends ParamEnv {
  status: number;
  /** NAME's array; undefined when NAME is none (a set scalar is then its element 0). */
  array(name: string): BashArray | undefined;
  /** NAME's associative array (./bash-assoc.ts), undefined for a name that is none: its subscript is a key, expanded as a word. */
  assoc?(name: string): AssocArray | undefined;
}

/**
 * What a subscripted parameter gives: one value, or `fields` — every element, each its own word
 * inside double quotes when `each` (`"${a[@]}"`), joined by a blank otherwise.
 */
export type ArrayParamOutcome = { ok: true; value: string } | { ok: true; fields: string[]; each: boolean } | { ok: false; message: string; fatal: boolean };

export function expandSubscripted(body: string, env: ArrayParamEnv, word: (text: string) => ParamOutcome): ArrayParamOutcome {
  const m = SUBSCRIPTED.exec(body)!;
  const [, prefix, name, index, rest] = m as unknown as [string, string, string, string, string];
  const bad: ArrayParamOutcome = { ok: false, message: `\${${body}}: bad substitution`, fatal: false };
  const table = env.assoc?.(name);
  if (table) return expandKeyed(table, name, prefix, index, rest, env, word, bad);
  const arr = env.array(name);
  const scalar = arr ? undefined : env.lookup(name);
  const all = (): BashArray => arr ?? (scalar === undefined ? [] : [scalar]);
  const every = index === '@' || index === '*';
  const num = (expr: string): number | ArrayParamOutcome => {
    if (!env.arith) return /^\s*-?\d+\s*$/.test(expr) ? Number(expr) : bad;
    const r = env.arith(expr);
    return r.ok ? Number(r.value) : { ok: false, message: r.message, fatal: true };
  };
  if (prefix === '!') {
    if (!every || rest) return bad;
    return { ok: true, fields: arrayIndices(all()).map(String), each: index === '@' };
  }
  if (every) {
    if (prefix === '#') return rest ? bad : { ok: true, value: String(arrayValues(all()).length) };
    if (rest === '') return { ok: true, fields: arrayValues(all()), each: index === '@' };
    // `${a[@]:off:len}`: a slice by index (`:-` and the other operators are not bash's for `@` here).
    const slice = /^:([^:]*)(?::([\s\S]*))?$/.exec(rest);
    if (!slice || '-=+?'.includes(rest[1] ?? '-')) return bad;
    const off = num(slice[1]!);
    if (typeof off !== 'number') return off;
    const len = slice[2] === undefined ? undefined : num(slice[2]);
    if (typeof len === 'object') return len;
    return { ok: true, fields: sliceValues(all(), off, len), each: index === '@' };
  }
  const i = num(index);
  if (typeof i !== 'number') return i;
  const list = all();
  const at = resolveIndex(list, i);
  const value = at === undefined ? undefined : (list[at] ?? undefined);
  if (prefix === '#') return rest ? bad : { ok: true, value: String([...(value ?? '')].length) };
  if (rest === '') return { ok: true, value: value ?? '' };
  // An operator on the element: shell-params.ts's rules, reading NAME as the element's value.
  return expandParameter(`${name}${rest}`, { ...env, lookup: (n) => (n === name ? value : env.lookup(n)) }, word);
}

/**
 * The same forms on an associative array: `${m[key]}` (the key expanded as a word, unsplit),
 * `${m[@]}`/`${!m[@]}` in bash's hash order (./bash-assoc.ts), `${#m[@]}`, `${#m[key]}`,
 * `${m[@]:off:len}` over that order, and an operator on one element (`${m[k]:-0}`).
 */
function expandKeyed(
  table: AssocArray,
  name: string,
  prefix: string,
  index: string,
  rest: string,
  env: ArrayParamEnv,
  word: (text: string) => ParamOutcome,
  bad: ArrayParamOutcome,
): ArrayParamOutcome {
  const every = index === '@' || index === '*';
  if (prefix === '!') return every && !rest ? { ok: true, fields: assocKeys(table), each: index === '@' } : bad;
  if (every) {
    if (prefix === '#') return rest ? bad : { ok: true, value: String(table.count) };
    if (rest === '') return { ok: true, fields: assocValues(table), each: index === '@' };
    const slice = /^:([^:]*)(?::([\s\S]*))?$/.exec(rest);
    if (!slice || '-=+?'.includes(rest[1] ?? '-')) return bad;
    const num = (expr: string): number | undefined => {
      const r = env.arith?.(expr);
      return r?.ok ? Number(r.value) : undefined;
    };
    const values = assocValues(table);
    const off = num(slice[1]!) ?? 0;
    const from = off < 0 ? Math.max(0, values.length + off) : off;
    const len = slice[2] === undefined ? undefined : num(slice[2]);
    return { ok: true, fields: values.slice(from, len === undefined ? undefined : from + Math.max(0, len)), each: index === '@' };
  }
  const key = word(index);
  if (!key.ok) return key;
  const value = assocGet(table, key.value);
  if (prefix === '#') return rest ? bad : { ok: true, value: String([...(value ?? '')].length) };
  if (rest === '') return { ok: true, value: value ?? '' };
  return expandParameter(`${name}${rest}`, { ...env, lookup: (n) => (n === name ? value : env.lookup(n)) }, word);
}
