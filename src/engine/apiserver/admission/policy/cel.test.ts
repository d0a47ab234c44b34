import { describe, expect, it } from 'vitest';
import { compile, environment } from './cel';
import { toCel } from './values';

const env = environment({ params: false, variables: [] });

function evaluate(expression: string, object: unknown = {}): unknown {
  const c = compile(env, expression, ['*']);
  if (c.error) throw new Error(c.error.detail);
  return c.program!({ object: toCel(object), oldObject: null, request: null, namespaceObject: null, variables: undefined });
}

describe('the policy CEL environment', () => {
  it('reads JSON integers as ints and the rest as doubles', () => {
    expect(evaluate('object.a + 1', { a: 2 })).toBe(3n);
    expect(evaluate('object.b * 2.0', { b: 1.5 })).toBe(3);
    expect(evaluate("type(object.a) == int && type(object.b) == double", { a: 2, b: 1.5 })).toBe(true);
  });

  it('has the Kubernetes string, list, regex and quantity functions it adds', () => {
    expect(evaluate("'abc'.charAt(1) + 'a.b.c'.replace('.', '-') + 'a.b.c'.replace('.', '-', 1) + 'ab'.reverse()")).toBe('ba-b-ca-b.cba');
    expect(evaluate('[1, 2, 3].isSorted() && [3, 1, 2].sum() == 6 && [3, 1, 2].min() == 1 && [3, 1, 2].max() == 3')).toBe(true);
    expect(evaluate("[1, 2, 3].indexOf(2) == 1 && [1, 2, 2].lastIndexOf(2) == 2 && [1, 2, 3].slice(1, 3) == [2, 3] && [[1], [2, 3]].flatten() == [1, 2, 3]")).toBe(true);
    expect(evaluate("'image:1.27'.find('[0-9.]+$') == '1.27' && 'a1b22'.findAll('[0-9]+') == ['1', '22']")).toBe(true);
    expect(evaluate("quantity(object.mem).isLessThan(quantity('1Gi')) && quantity('1500m').asApproximateFloat() == 1.5 && isQuantity('2Gi') && !isQuantity('2 Gi')", { mem: '512Mi' })).toBe(true);
    expect(evaluate("quantity('1').add(quantity('500m')).compareTo(quantity('1500m')) == 0 && quantity('2k').asInteger() == 2000")).toBe(true);
  });

  it("keeps cel-go's error frame: undeclared references, syntax errors and the output type", () => {
    expect(compile(env, 'params.x', ['bool']).error).toEqual({ type: 'Invalid', detail: "compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.x\n | ^" });
    expect(compile(env, "object.spec\n  .nope(", ['bool']).error?.detail).toMatch(/^compilation failed: ERROR: <input>:2:\d+: Syntax error: .*\n \| {3}\.nope\(\n \| \.*\^$/);
    expect(compile(env, "'x'", ['bool']).error?.detail).toBe('must evaluate to bool but got string');
    expect(compile(env, 'object.a', ['bool']).error?.detail).toBe('must evaluate to bool but got dyn');
  });
});
