import { describe, expect, it } from 'vitest';
import { addUsage, canonical, lessThanOrEqual, prettyUsage, qty, qtyString, roundTripQuantity, toResourceList, usageOf } from './resource-list';

describe('resource lists', () => {
  it('prints quantities canonically in the format they were written in', () => {
    expect(canonical('1000m')).toBe('1');
    expect(canonical('2048Mi')).toBe('2Gi');
    expect(canonical('1536Mi')).toBe('1536Mi');
    expect(canonical('1000')).toBe('1k');
    expect(canonical('1G')).toBe('1G');
    expect(canonical(2)).toBe('2');
    expect(canonical('512')).toBe('512');
    // A binary value below 1024 prints decimal.
    expect(qtyString({ milli: 512000, format: 'BinarySI' })).toBe('512');
  });

  it('adds as Quantity.Add does: a zero takes the other operand\'s format', () => {
    const sum = addUsage(usageOf({ memory: '0', cpu: '100m' }), usageOf({ memory: '64Mi', cpu: '150m' }));
    expect(toResourceList(sum)).toEqual({ cpu: '250m', memory: '64Mi' });
    expect(qtyString(qty('64Mi'))).toBe('64Mi');
  });

  it('reports what exceeds, sorted, and prints usage like the quota admission', () => {
    const used = usageOf({ pods: '3', 'requests.cpu': '1500m' });
    const hard = usageOf({ pods: '2', 'requests.cpu': '1' });
    expect(lessThanOrEqual(used, hard)).toEqual({ ok: false, exceeded: ['pods', 'requests.cpu'] });
    expect(prettyUsage(used)).toBe('pods=3,requests.cpu=1500m');
  });

  it('stores a Quantity as its JSON round trip writes it, and leaves what milli-units cannot hold as written', () => {
    const cases: [string | number, string | number][] = [
      ['0.5', '500m'], ['1.5Gi', '1536Mi'], ['5.5Mi', '5632Ki'], ['1000m', '1'], ['1000000m', '1k'], ['1.5k', '1500'],
      ['0.5Ki', '512'], ['+1', '1'], ['-0.5', '-500m'], ['.5', '500m'], [2, '2'], [0.25, '250m'], ['128Mi', '128Mi'],
      // Nano and micro precision, exponents (DecimalExponent upstream) and malformed text: untouched.
      ['100u', '100u'], ['1n', '1n'], ['1.23456789', '1.23456789'], ['1e3', '1e3'], ['12e-3', '12e-3'], ['abc', 'abc'],
    ];
    for (const [given, stored] of cases) expect([given, roundTripQuantity(given)]).toEqual([given, stored]);
  });
});
