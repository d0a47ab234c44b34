/**
 * `$((…))` in a container's shell. The arithmetic is src/k8s/arith.ts's, the evaluator the
 * terminal's prompt uses too (64-bit integers that wrap, C's operators, assignments, `0x1f` and
 * `010`); here the `$NAME`, `${NAME}` and `$1`-style parameters inside are substituted first, dash
 * goes without `**`, and an error is worded as the shell running the script words it: bash as
 * bash, dash as dash 0.5.12 (`arithmetic expression: division by zero: "1/0"`), BusyBox ash as
 * its math.c (`divide by zero`, else `arithmetic syntax error`).
 */
import { evalArith, bashArithMessage, type ArithError, type ArithVars } from '../../k8s/arith';

export type ArithDialect = 'ash' | 'dash' | 'bash';

function dashReason(e: ArithError): string {
  switch (e.fault) {
    case 'division-by-zero': return 'division by zero';
    case 'operand-expected':
    case 'exponent-negative': return 'expecting primary';
    case 'colon-expected': return "expecting ':'";
    case 'paren-expected': return "expecting ')'";
    case 'invalid-operator':
    case 'syntax':
    case 'invalid-base':
    case 'value-too-great':
    case 'invalid-number':
    case 'recursion': return 'expecting EOF';
  }
}

function ashReason(e: ArithError): string {
  switch (e.fault) {
    case 'division-by-zero': return 'divide by zero';
    case 'exponent-negative': return 'exponent less than 0';
    case 'colon-expected': return 'malformed ?: operator';
    case 'recursion': return 'expression recursion loop detected';
    case 'invalid-operator':
    case 'syntax':
    case 'operand-expected':
    case 'paren-expected':
    case 'invalid-base':
    case 'value-too-great':
    case 'invalid-number': return 'arithmetic syntax error';
  }
}

/** The message (without the shell's `sh: 1: ` prefix) for an arithmetic error. */
export function arithMessage(dialect: ArithDialect, e: ArithError): string {
  switch (dialect) {
    case 'bash': return bashArithMessage(e);
    case 'dash': return `arithmetic expression: ${dashReason(e)}: "${e.expr}"`;
    case 'ash': return ashReason(e);
  }
}

/**
 * Evaluates `expr` after substituting its parameters with `param` (unset: empty, which arithmetic
 * reads as 0); an error is reported through `fail` and yields 0, as the interpreter always has.
 */
export function shellArithmetic(expr: string, dialect: ArithDialect, vars: ArithVars, param: (name: string) => string | undefined, fail: (message: string) => void): bigint {
  const text = expr.replace(/\$(?:\{([A-Za-z_][A-Za-z0-9_]*|[0-9?#$])\}|([A-Za-z_][A-Za-z0-9_]*|[0-9?#$]))/g, (_m, braced: string | undefined, bare: string | undefined) => param(braced ?? bare ?? '') ?? '');
  const r = evalArith(text, vars, dialect === 'dash' ? { noPower: true } : dialect === 'bash' ? { subscripts: true } : {});
  if (r.ok) return r.value;
  fail(arithMessage(dialect, r.error));
  return 0n;
}
