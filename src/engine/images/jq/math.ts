/**
 * jq 1.6's libm builtins (`frexp`, `atan2(a; b)`, `rint`, …) on JS numbers, where JS computes
 * them as glibc does. The Bessel, gamma and erf families are not ported (JS has none, and an
 * approximation would print other last digits): they answer that they are not supported here.
 */
import type { Builtin, Call, Interp, Out } from './types';
import { JqError, type Json } from './value';
import { show } from './ops';

function frexp(x: number): [number, number] {
  if (x === 0 || !Number.isFinite(x)) return [x, 0];
  let e = Math.max(-1073, Math.floor(Math.log2(Math.abs(x))) + 1);
  let m = x * 2 ** -e;
  while (Math.abs(m) < 0.5) {
    m *= 2;
    e--;
  }
  while (Math.abs(m) >= 1) {
    m /= 2;
    e++;
  }
  return [m, e];
}

/** rint / nearbyint: to nearest, ties to even. */
function rint(x: number): number {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** IEEE remainder (drem, remainder): x - n*y with n the nearest integer to x/y, ties to even. */
const ieeeRemainder = (x: number, y: number): number => x - rint(x / y) * y;

const ONE: Record<string, (x: number) => Json> = {
  acosh: Math.acosh, asinh: Math.asinh, atanh: Math.atanh, expm1: Math.expm1, log1p: Math.log1p,
  logb: (x) => (x === 0 ? -Infinity : Math.floor(Math.log2(Math.abs(x)))),
  rint, nearbyint: rint, pow10: (x) => 10 ** x, frexp, modf: (x) => [x - Math.trunc(x), Math.trunc(x)],
};

const TWO: Record<string, (a: number, b: number) => number> = {
  atan2: Math.atan2, copysign: (a, b) => (Math.sign(b) < 0 || Object.is(b, -0) ? -Math.abs(a) : Math.abs(a)),
  drem: ieeeRemainder, remainder: ieeeRemainder, fdim: (a, b) => (a > b ? a - b : 0), fmax: Math.max, fmin: Math.min,
  fmod: (a, b) => a % b, hypot: Math.hypot, ldexp: (a, b) => a * 2 ** Math.trunc(b), scalb: (a, b) => a * 2 ** b, scalbln: (a, b) => a * 2 ** Math.trunc(b),
};

const need = (v: Json): number => {
  if (typeof v !== 'number') throw new JqError(`${show(v)} number required`);
  return v;
};

function* args(it: Interp, c: Call, i: number, acc: number[]): Generator<number[]> {
  if (i === c.args.length) {
    yield acc;
    return;
  }
  for (const v of it.values(c.args[i]!, c.input, c.env)) yield* args(it, c, i + 1, [...acc, need(v)]);
}

const unsupported =
  (name: string): Builtin =>
  function* () {
    yield* [];
    throw new JqError(`${name} is not supported in this terminal`);
  };

export const MATH_BUILTINS: [string, Builtin][] = [
  ...Object.entries(ONE).map(([name, f]): [string, Builtin] => [
    `${name}/0`,
    function* (_it, c): Generator<Out> {
      yield [f(need(c.input)), c.path === undefined ? undefined : null];
    },
  ]),
  ...Object.entries(TWO).map(([name, f]): [string, Builtin] => [
    `${name}/2`,
    function* (it, c): Generator<Out> {
      for (const [a, b] of args(it, c, 0, [])) yield [f(a!, b!), c.path === undefined ? undefined : null];
    },
  ]),
  ['fma/3', function* (it, c): Generator<Out> {
    for (const [a, b, d] of args(it, c, 0, [])) yield [a! * b! + d!, c.path === undefined ? undefined : null];
  }],
  ['nextafter/2', unsupported('nextafter')],
  ['erf/0', unsupported('erf')],
  // Lanczos is a few ulps from glibc's: refused rather than printed wrong.
  ...['gamma', 'lgamma', 'tgamma', 'lgamma_r'].map((n): [string, Builtin] => [`${n}/0`, unsupported(n)]),
  ['erfc/0', unsupported('erfc')],
  ['nexttoward/2', unsupported('nexttoward')],
  ...['j0', 'j1', 'y0', 'y1'].map((n): [string, Builtin] => [`${n}/0`, unsupported(n)]),
  ['jn/2', unsupported('jn')],
  ['yn/2', unsupported('yn')],
  ['modulemeta/0', unsupported('modulemeta')],
  ['get_search_list/0', function* (_it, c): Generator<Out> {
    yield [['~/.jq', '$ORIGIN/../lib/jq', '$ORIGIN/lib'], c.path === undefined ? undefined : null];
  }],
  ...['get_jq_origin', 'get_prog_origin'].map((n): [string, Builtin] => [`${n}/0`, function* (_it, c): Generator<Out> {
    yield [null, c.path === undefined ? undefined : null];
  }]),
];

