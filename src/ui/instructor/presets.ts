/**
 * Presets: one classroom demonstration each — a title, the one thing it teaches, the commands it
 * runs in the terminal (so they land in the replayable log like anything typed) and what to
 * watch for. The data is in presets-data.ts; this module is the shape and the two decisions made
 * at click time: is the preset available in this topology, and which instance is "the leader".
 */
import type { Lease } from '../../k8s/types';
import type { ComponentSummary, Topology } from '../../protocol/messages';
import type { Locale } from '../i18n/catalog';

export interface Text {
  en: string;
  zh: string;
}

export function pick(text: Text, locale: Locale): string {
  return locale === 'en' ? text.en : text.zh;
}

export interface PresetStep {
  /**
   * A terminal line. `{leader:kube-scheduler}` stands for the instance holding that Lease when
   * the preset is run (in ha it depends on the run which one won the election).
   */
  line: string;
  /** For `kubectl apply -f -`. */
  stdin?: string;
}

export type PresetGroup = 'failure' | 'ha' | 'self-healing';

export interface Preset {
  id: string;
  group: PresetGroup;
  title: Text;
  /** One line: what the class should understand afterwards. */
  goal: Text;
  watch: Text;
  steps: PresetStep[];
  /** Steps for the ha topology when they differ (etcd quorum needs two of three members down). */
  haSteps?: PresetStep[];
  /** Only meaningful with several control-plane instances. */
  requires?: 'ha';
}

export function available(p: Preset, topology: Topology | undefined): boolean {
  return p.requires !== 'ha' || topology === 'ha';
}

export function stepsFor(p: Preset, topology: Topology | undefined): PresetStep[] {
  return topology === 'ha' && p.haSteps ? p.haSteps : p.steps;
}

const LEADER = /\{leader:(kube-scheduler|kube-controller-manager)\}/g;

/** The instance id leading `kind`: the worker's own view first, else the Lease's holder. */
export function leaderOf(kind: string, components: ReadonlyMap<string, ComponentSummary>, lease: Lease | undefined): string | undefined {
  const all = [...components.values()].filter((c) => c.kind === kind);
  const reported = all.find((c) => c.details?.leader);
  if (reported) return reported.id;
  const identity = lease?.spec.holderIdentity ?? '';
  const host = identity.slice(0, identity.lastIndexOf('_'));
  return all.find((c) => c.host === host)?.id;
}

export type Resolved = { ok: true; steps: PresetStep[] } | { ok: false; missingLeader: string };

/** The concrete lines to run now; fails when a `{leader:...}` has no leader to name. */
export function resolveSteps(
  p: Preset,
  topology: Topology | undefined,
  components: ReadonlyMap<string, ComponentSummary>,
  leases: (kind: string) => Lease | undefined,
): Resolved {
  const out: PresetStep[] = [];
  for (const step of stepsFor(p, topology)) {
    let missing: string | undefined;
    const line = step.line.replace(LEADER, (_m, kind: string) => {
      const id = leaderOf(kind, components, leases(kind));
      if (!id) missing = kind;
      return id ?? kind;
    });
    if (missing) return { ok: false, missingLeader: missing };
    out.push(step.stdin === undefined ? { line } : { line, stdin: step.stdin });
  }
  return { ok: true, steps: out };
}
