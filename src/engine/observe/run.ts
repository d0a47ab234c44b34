/**
 * Conditions and breakpoints over a running Simulation: what lessons pause on and check. Built
 * only on the Simulation's public surface (objects, trace, runUntil), so observing never changes
 * what the cluster does: a run stopped at a breakpoint continues exactly as an unobserved one.
 */
import { resourceForKind } from '../../k8s/resources';
import type { KObject } from '../../k8s/types';
import { CONTROLLERS } from '../controllers/registry';
import type { Simulation } from '../simulation';
import { engineOnly, evaluate, type ObserveSource, type Verdict } from './evaluate';
import { traceMatches } from './match';
import type { Breakpoint, Condition, OutputCondition } from './pattern';

const CONTROLLER_ACTORS: ReadonlySet<string> = new Set(CONTROLLERS.map((c) => String(c.actor)));

export function observeSource(sim: Simulation): ObserveSource {
  return {
    objectsOfKind(kind: string): Iterable<KObject> {
      const info = resourceForKind(kind);
      return info ? sim.objects(info.resource) : [];
    },
    traceSince: (afterSeq) => sim.traceSince(afterSeq),
    controllers: CONTROLLER_ACTORS,
  };
}

export function evaluateCondition(sim: Simulation, c: Condition, sinceSeq: number, output?: (c: OutputCondition) => boolean): Verdict {
  return evaluate(c, observeSource(sim), output ? { sinceSeq, output } : { sinceSeq });
}

export interface BreakpointOutcome {
  reached: boolean;
  /** For a trace breakpoint: the record that matched. */
  seq?: number;
}

/**
 * Runs the cluster until the breakpoint holds or `withinMs` of simulated time has passed. A trace
 * breakpoint stops on the first matching record appended after the call; a state breakpoint stops
 * on the first message after which the condition holds (or at once if it already does); its trace
 * conditions count records after `sinceSeq` (default: from the call). A
 * condition that needs kubectl output cannot be a breakpoint: it would run kubectl after every
 * message.
 */
export function runUntilBreakpoint(sim: Simulation, bp: Breakpoint, withinMs: number, sinceSeq?: number): BreakpointOutcome {
  const src = observeSource(sim);
  if ('trace' in bp) {
    let checked = sim.lastTraceSeq;
    let found: number | undefined;
    sim.runUntil(() => {
      for (const r of sim.traceSince(checked)) {
        if (traceMatches(bp.trace, r, src.controllers)) {
          found = r.seq;
          break;
        }
      }
      checked = sim.lastTraceSeq;
      return found !== undefined;
    }, withinMs);
    return found === undefined ? { reached: false } : { reached: true, seq: found };
  }
  if (!engineOnly(bp.state)) throw new Error('a breakpoint cannot depend on kubectl output');
  const since = sinceSeq ?? sim.lastTraceSeq;
  const r = sim.runUntil(() => evaluate(bp.state, src, { sinceSeq: since }).holds, withinMs);
  return { reached: r.reason === 'condition' };
}
