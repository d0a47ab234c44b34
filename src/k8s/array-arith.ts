/**
 * bash's array elements as arithmetic operands (`((count[$node]++))`, `$(( a[i] + 1 ))`), for both
 * of its interpreters: src/k8s/arith.ts hands over `name[subscript]` as written (its `subscripts`
 * option) and this resolves it — an associative array's key (the subscript's text, quotes
 * removed: `$node` has been expanded by then), else an indexed array's element at the subscript's
 * arithmetic value (a scalar is element 0). Recorded, bash 5.2.15: `declare -A c; for n in a b a;
 * do ((c[$n]++)); done; declare -p c` → `declare -A c=([b]="1" [a]="2" )`; `$(( c[a] + 1 ))` → 3;
 * `x[web]=5` with x undeclared is `x[0]` (web an unset variable: 0).
 */
import { evalArith, type ArithVars } from './arith';
import { resolveIndex, type BashArray } from './bash-arrays';
import { assocGet, assocSet, type AssocArray } from './bash-assoc';

export interface ArrayCells {
  assoc(name: string): AssocArray | undefined;
  array(name: string): BashArray | undefined;
  /** Sets element `index` of NAME, making it an array (a scalar its element 0); false when the index falls before 0. */
  setElement(name: string, index: number, value: string): boolean;
}

const SUBSCRIPTED = /^([A-Za-z_][A-Za-z0-9_]*)\[([\s\S]*)\]$/;

/** `base` with `name[subscript]` operands resolved in `cells`. */
export function withSubscripts(base: ArithVars, cells: ArrayCells): ArithVars {
  const index = (expr: string): number => {
    const r = evalArith(expr, vars, { subscripts: true });
    return r.ok ? Number(r.value) : 0;
  };
  const key = (text: string): string => text.replace(/^"([\s\S]*)"$|^'([\s\S]*)'$/, '$1$2');
  const vars: ArithVars = {
    get(name) {
      const m = SUBSCRIPTED.exec(name);
      if (!m) return base.get(name);
      const table = cells.assoc(m[1]!);
      if (table) return assocGet(table, key(m[2]!));
      const i = index(m[2]!);
      const arr = cells.array(m[1]!);
      if (!arr) return i === 0 || i === -1 ? base.get(m[1]!) : undefined;
      const at = resolveIndex(arr, i);
      return at === undefined ? undefined : (arr[at] ?? undefined);
    },
    set(name, value) {
      const m = SUBSCRIPTED.exec(name);
      if (!m) return base.set(name, value);
      const table = cells.assoc(m[1]!);
      if (table) assocSet(table, key(m[2]!), value);
      else cells.setElement(m[1]!, index(m[2]!), value);
    },
  };
  return vars;
}
