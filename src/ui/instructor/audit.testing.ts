/**
 * Test support: holds the symptoms card to what the cluster does. An Audit reads the card every
 * step of simulated time, checks each statement (claims.testing.ts), and keeps what the card
 * promised: that something happens within a window (a Node turns NotReady, a standby takes a
 * Lease, a Pod is evicted), or that something does not happen while its cause lasts. It also
 * checks the card's silences: a Node that turns NotReady or a Pod that is evicted without the
 * card having said so beforehand, a NotReady Node, a Pod left Pending or a Deployment short of
 * Pods that the card does not name.
 */
import { expect } from 'vitest';
import type { Deployment, Node, Pod, ReplicaSet } from '../../k8s/types';
import { translate } from '../i18n/catalog';
import { objectsOf } from '../store/cluster';
import { CLAIMS, podKey, ready, type ClaimContext } from './claims.testing';
import type { Topology } from '../../protocol/messages';
import { LabHarness } from './instructor.testing';
import { pods, secondsSince, type Moment } from './moment';
import type { Preset } from './presets';
import { resolved } from './presets.testing';
import { symptoms, type Symptom } from './symptoms';

interface Eventually {
  label: string;
  from: number;
  by: number;
  holds: (m: Moment) => boolean;
  /** Registered at or before a checkpoint: it must be settled before the audit ends. */
  binding: boolean;
}

interface Always {
  label: string;
  holds: (m: Moment) => boolean;
  guard: (m: Moment) => boolean;
}

/** Seconds a Deployment may lag or a Pod wait unbound before the card must name it. */
const GRACE_S = 30;

const notReadyNodes = (m: Moment): Set<string> => new Set(objectsOf<Node>(m.objects, 'nodes').filter((n) => ready(n) !== 'True').map((n) => n.metadata.name ?? ''));
const deletingPods = (m: Moment): Set<string> => new Set(pods(m).filter((p) => p.metadata.deletionTimestamp).map(podKey));

/** `node-2` as a whole name: not inside `node-21` or `control-plane-2`. */
const names = (text: string, name: string): boolean => new RegExp(`(^|[^\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^\\w-]|$)`).test(text);

export function render(card: readonly Symptom[]): string {
  return card.map((s) => `[${s.id}] ${s.says.map((x) => translate('en', x.key, x.params)).join(' ')}`).join('\n');
}

export class Audit {
  card: Symptom[] = [];
  private eventually: Eventually[] = [];
  private always: Always[] = [];
  private known = new Set<string>();
  private notReady: Set<string>;
  private deleting: Set<string>;
  private promisedNotReady = new Map<string, { from: number; by: number }>();
  private mayNotReady = new Set<string>();
  private promisedEvictions = new Map<string, { from: number; by: number }>();
  private laggingSince = new Map<string, number>();
  private checkpoint = false;

  /** Reads the card at once: the moment the preset's last command returned is the first checkpoint. */
  constructor(
    readonly lab: LabHarness,
    readonly name: string,
    readonly stepMs = 2000,
  ) {
    const m = lab.moment();
    this.notReady = notReadyNodes(m);
    this.deleting = deletingPods(m);
    this.read(m, true);
  }

  /** Moves time forward step by step, holding the card to its word, then reads it fully. */
  advance(ms: number, checkpoint = true): void {
    for (let done = 0; done < ms; done += this.stepMs) {
      this.lab.out(`sim advance ${this.stepMs / 1000}s`);
      const m = this.lab.moment();
      this.settle(m);
      this.silences(m);
      this.read(m, checkpoint && done + this.stepMs >= ms);
    }
  }

  /**
   * Runs a command as the learner would (it must succeed), then reads the card fully one step
   * later: a component's new state reaches the page with the trace record after it.
   */
  run(line: string): void {
    const r = this.lab.run(line);
    expect(r.exitCode, `${line}: ${r.text}`).toBe(0);
    this.advance(this.stepMs);
  }

  /** Moves on until every promise a checkpoint's card made has come due, and checks each was kept. */
  finish(): void {
    const due = () => Math.max(-Infinity, ...this.eventually.filter((e) => e.binding).map((e) => e.by + this.stepMs));
    while (this.lab.moment().now <= due()) this.advance(this.stepMs, false);
    const open = this.eventually.filter((e) => e.binding);
    expect(open.map((e) => `${e.label} (by T+${e.by / 1000}s)`), this.where(this.lab.moment())).toEqual([]);
  }

  private where(m: Moment, extra = ''): string {
    return `${this.name} at ${Math.round(m.now / 1000)} s${extra ? `: ${extra}` : ''}\n${render(this.card)}`;
  }

  private settle(m: Moment): void {
    this.eventually = this.eventually.filter((e) => {
      if (e.holds(m)) {
        expect(m.now, this.where(m, `${e.label} happened before T+${e.from / 1000}s`)).toBeGreaterThanOrEqual(e.from);
        return false;
      }
      // An event happens between two steps: it is seen at most one step late.
      expect(m.now, this.where(m, `${e.label} did not happen by T+${e.by / 1000}s`)).toBeLessThanOrEqual(e.by + this.stepMs);
      return true;
    });
    this.always = this.always.filter((a) => {
      if (!a.guard(m)) return false;
      expect(a.holds(m), this.where(m, `no longer true: ${a.label}`)).toBe(true);
      return true;
    });
  }

  /** What happened since the last step must have been said by an earlier card. */
  private silences(m: Moment): void {
    const notReady = notReadyNodes(m);
    for (const n of notReady) {
      if (this.notReady.has(n)) continue;
      const promise = this.promisedNotReady.get(n);
      expect(promise !== undefined || this.mayNotReady.has(n), this.where(m, `${n} turned NotReady unannounced`)).toBe(true);
    }
    this.notReady = notReady;
    const deleting = deletingPods(m);
    for (const p of deleting) {
      if (this.deleting.has(p)) continue;
      expect(this.promisedEvictions.has(p), this.where(m, `${p} was deleted unannounced`)).toBe(true);
    }
    this.deleting = deleting;
  }

  /** What is true now must be on the card: every NotReady Node, every Pod long unbound, every Deployment long short of Pods. */
  private named(m: Moment): void {
    const text = render(this.card);
    for (const n of this.notReady) expect(names(text, n), this.where(m, `${n} is NotReady and not named`)).toBe(true);
    const truncated = text.includes('(+');
    for (const p of pods(m).filter((x) => !x.metadata.deletionTimestamp && !x.spec.nodeName && (secondsSince(m, x.metadata.creationTimestamp) ?? 0) > GRACE_S)) {
      expect(names(text, p.metadata.name ?? '') || truncated, this.where(m, `${podKey(p)} waits unbound and is not named`)).toBe(true);
    }
    for (const d of lagging(m)) {
      const since = this.laggingSince.get(d) ?? m.now;
      this.laggingSince.set(d, since);
      if (m.now - since > GRACE_S * 1000) expect(names(text, d), this.where(m, `Deployment ${d} is short of Pods and not named`)).toBe(true);
    }
    for (const d of this.laggingSince.keys()) if (!lagging(m).includes(d)) this.laggingSince.delete(d);
  }

  private read(m: Moment, full: boolean): void {
    this.card = symptoms(m);
    this.checkpoint = full;
    this.named(m);
    // Every check the card offers is a command the terminal accepts.
    if (full) for (const line of new Set(this.card.flatMap((s) => s.checks))) expect(this.lab.out(line), this.where(m, line)).not.toMatch(/^error: |unknown (flag|command|shorthand)|Usage:/m);
    for (const s of this.card) {
      for (const st of s.says) {
        const ctx = this.context(m, st.params ?? {}, full, `${s.id} ${st.key}`);
        try {
          CLAIMS[st.key](ctx);
        } catch (e) {
          throw new Error(`${this.where(m, `${st.key} ${JSON.stringify(st.params ?? {})}`)}\n${(e as Error).message}`, { cause: e });
        }
      }
    }
  }

  private context(m: Moment, p: Readonly<Record<string, string | number>>, full: boolean, source: string): ClaimContext {
    const add = (label: string, by: number, holds: (x: Moment) => boolean, from = 0) => {
      const key = `${label}@${Math.round(by / 5000)}`;
      if (this.known.has(key)) return;
      this.known.add(key);
      this.eventually.push({ label: `${label} (${source})`, from, by, holds, binding: this.checkpoint });
    };
    return {
      lab: this.lab,
      m,
      p,
      full,
      eventually: add,
      always: (label, holds, guard = () => true) => {
        if (this.known.has(label)) return;
        this.known.add(label);
        this.always.push({ label: `${label} (${source})`, holds, guard });
      },
      notReadyBy: (n, from, by) => {
        this.promisedNotReady.set(n, { from, by });
        add(`${n} turns NotReady`, by, (x) => ready(objectsOf<Node>(x.objects, 'nodes').find((k) => k.metadata.name === n)!) !== 'True', from);
      },
      mayTurnNotReady: (n) => void this.mayNotReady.add(n),
      evictedBy: (pod, from, by) => {
        const k = podKey(pod);
        this.promisedEvictions.set(k, { from, by });
        add(`${k} is evicted`, by, (x) => {
          const now = x.objects.get(`pods/${k}`) as Pod | undefined;
          return !now || !!now.metadata.deletionTimestamp;
        }, from);
      },
    };
  }
}

/**
 * Six simulated minutes and more, step by step; a stopped container runtime makes the kubelet
 * retry StopContainer for every evicted Pod about once a millisecond, which makes that run slow.
 */
export const AUDIT_TIMEOUT_MS = 240_000;

/**
 * A preset on a fresh cluster, audited right after its commands, a minute and six minutes later,
 * and then until every promise made at a checkpoint has come due.
 */
export function auditPreset(p: Preset, topology: Topology): void {
  const lab = new LabHarness(topology);
  for (const step of resolved(p, lab, topology)) {
    const r = lab.run(step.line, step.stdin);
    expect(r.exitCode, `${step.line}: ${r.text}`).toBe(0);
  }
  const audit = new Audit(lab, `${p.id} (${topology})`);
  audit.advance(60_000);
  audit.advance(300_000);
  audit.finish();
}

/** Names of Deployments whose live Pods differ from spec.replicas (counted independently of the card). */
function lagging(m: Moment): string[] {
  const owner = new Map(objectsOf<ReplicaSet>(m.objects, 'replicasets').map((r) => [r.metadata.uid, r.metadata.ownerReferences?.find((o) => o.controller)?.uid]));
  return objectsOf<Deployment>(m.objects, 'deployments')
    .filter((d) => pods(m).filter((p) => !p.metadata.deletionTimestamp && p.metadata.ownerReferences?.some((o) => owner.get(o.uid) === d.metadata.uid)).length !== (d.spec.replicas ?? 1))
    .map((d) => d.metadata.name ?? '');
}
