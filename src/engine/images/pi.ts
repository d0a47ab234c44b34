/**
 * π to N significant digits, rounded like Perl's `bignum` `bpi(N)` (the docs' pi Job prints
 * `bpi(2000)`). Machin's formula in BigInt fixed point: exact, deterministic, ~ms for 2000 digits.
 */

function arctanInv(x: bigint, unity: bigint): bigint {
  let sum = 0n;
  let term = unity / x;
  const x2 = x * x;
  for (let n = 1n, sign = 1n; term !== 0n; n += 2n, sign = -sign) {
    sum += (sign * term) / n;
    term /= x2;
  }
  return sum;
}

/** `3.14159…` with `digits` significant digits (digits ≥ 1). */
export function piDigits(digits: number): string {
  const guard = 10;
  const unity = 10n ** BigInt(digits - 1 + guard);
  const pi = 4n * (4n * arctanInv(5n, unity) - arctanInv(239n, unity));
  // Round half up at the last requested digit.
  const rounded = (pi + 5n * 10n ** BigInt(guard - 1)) / 10n ** BigInt(guard);
  const s = rounded.toString();
  return digits === 1 ? s : `${s[0]}.${s.slice(1)}`;
}
