import { describe, expect, it } from 'vitest';
import { goFloat, writeExposition, type MetricFamily } from './exposition';

describe('the Prometheus text format as component-base writes it', () => {
  it('formats values as strconv.FormatFloat(v, g, -1, 64)', () => {
    expect([0, 1, 12, 123456, 999999, 1e6, 1234567, 0.5, 0.0001, 0.00001234, -1, 2.5e21].map(goFloat)).toEqual([
      '0',
      '1',
      '12',
      '123456',
      '999999',
      '1e+06',
      '1.234567e+06',
      '0.5',
      '0.0001',
      '1.234e-05',
      '-1',
      '2.5e+21',
    ]);
    expect([NaN, Infinity, -Infinity].map(goFloat)).toEqual(['NaN', '+Inf', '-Inf']);
  });

  it('sorts families by name and samples by their label values, labels by name; marks stability and deprecation', () => {
    const families: MetricFamily[] = [
      { name: 'b_total', help: 'B.', stability: 'STABLE', type: 'counter', samples: [{ labels: [['verb', 'PUT'], ['code', '200']], value: 3 }, { labels: [['verb', 'GET'], ['code', '200']], value: 1 }, { labels: [['verb', 'GET'], ['code', '201']], value: 2 }] },
      { name: 'a_objects', help: 'Old.', stability: 'STABLE', deprecated: '1.34.0', type: 'gauge', samples: [{ labels: [], value: 7 }] },
      { name: 'c_empty', help: 'Nothing yet.', stability: 'ALPHA', type: 'gauge', samples: [] },
    ];
    expect(writeExposition(families)).toBe(`# HELP a_objects [STABLE] (Deprecated since 1.34.0) Old.
# TYPE a_objects gauge
a_objects 7
# HELP b_total [STABLE] B.
# TYPE b_total counter
b_total{code="200",verb="GET"} 1
b_total{code="200",verb="PUT"} 3
b_total{code="201",verb="GET"} 2
`);
  });

  it('escapes help texts and label values as expfmt does', () => {
    const family: MetricFamily = { name: 'x', help: 'a\\b\nc "q"', stability: 'ALPHA', type: 'gauge', samples: [{ labels: [['path', 'a"b\\c\nd']], value: 1 }] };
    expect(writeExposition([family])).toBe('# HELP x [ALPHA] a\\\\b\\nc "q"\n# TYPE x gauge\nx{path="a\\"b\\\\c\\nd"} 1\n');
  });
});
