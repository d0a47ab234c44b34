/**
 * The Prometheus text exposition format (0.0.4) as a component's `/metrics` writes it:
 * k8s.io/component-base/metrics registers each family with its stability level in the help text
 * (`[STABLE] …`, and `(Deprecated since 1.34.0) …` before it for a deprecated one: opts.go's
 * annotateStabilityLevel after markDeprecated), the registry's Gather sorts the families by name
 * and each family's samples by their label values (labels themselves sorted by name), and
 * prometheus/common's expfmt writes `# HELP`, `# TYPE` and one `name{a="x",b="y"} value` line per
 * sample, the value as Go's strconv.FormatFloat(v, 'g', -1, 64).
 */

export type Stability = 'STABLE' | 'BETA' | 'ALPHA';

export interface MetricSample {
  /** Label pairs, in any order (written sorted by name). */
  labels: readonly (readonly [string, string])[];
  value: number;
}

export interface MetricFamily {
  name: string;
  help: string;
  stability: Stability;
  /** `DeprecatedVersion` of the metric's options (`1.34.0`), for a deprecated metric still shown. */
  deprecated?: string;
  type: 'counter' | 'gauge';
  samples: readonly MetricSample[];
}

/** The Content-Type component-base's handler answers a client that asks for nothing in particular. */
export const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8; escaping=underscores';

/** strconv.FormatFloat(v, 'g', -1, 64): the shortest digits, in exponent form from 1e+06 or below 1e-04. */
export function goFloat(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? '+Inf' : '-Inf';
  if (v === 0) return Object.is(v, -0) ? '-0' : '0';
  const [mantissa = '', exp = '0'] = v.toExponential().split('e');
  const e = Number(exp);
  // %g with the shortest precision takes the exponent form when exp < -4 || exp >= 6 (eprec = 6).
  if (e < -4 || e >= 6) return `${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  return String(v);
}

/** expfmt's escaping: a help text escapes `\` and newlines, a label value `"` as well. */
function escapeHelp(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

function escapeLabel(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

function byName(a: readonly [string, string], b: readonly [string, string]): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

/** Go's MetricSorter: label values compared pair by pair, in the (sorted) label order. */
function bySampleLabels(a: readonly (readonly [string, string])[], b: readonly (readonly [string, string])[]): number {
  for (let i = 0; i < a.length && i < b.length; i++) {
    const [va, vb] = [a[i]![1], b[i]![1]];
    if (va !== vb) return va < vb ? -1 : 1;
  }
  return a.length - b.length;
}

/** The families as one exposition; a family without samples writes nothing (Gather drops it). */
export function writeExposition(families: readonly MetricFamily[]): string {
  const out: string[] = [];
  for (const f of [...families].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (f.samples.length === 0) continue;
    const help = `[${f.stability}] ${f.deprecated ? `(Deprecated since ${f.deprecated}) ` : ''}${f.help}`;
    out.push(`# HELP ${f.name} ${escapeHelp(help)}`, `# TYPE ${f.name} ${f.type}`);
    const samples = f.samples.map((s) => ({ labels: [...s.labels].sort(byName), value: s.value })).sort((a, b) => bySampleLabels(a.labels, b.labels));
    for (const s of samples) {
      const labels = s.labels.length ? `{${s.labels.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}` : '';
      out.push(`${f.name}${labels} ${goFloat(s.value)}`);
    }
  }
  return out.length ? `${out.join('\n')}\n` : '';
}
