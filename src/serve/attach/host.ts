/**
 * The worker protocol (src/protocol) spoken by a served cluster to one attached page: the page's
 * bridge swaps its Web Worker for a WebSocket and gets the same snapshot, diffs and command
 * results, but over the one Simulation real kubectls also drive (cluster.ts).
 *
 * Differences from the worker's host (src/worker/host.ts), all because the run is shared:
 * - `init` never builds or replays: the page gets a snapshot of the cluster as it is now (its
 *   seed, topology and log are ignored), and `ready` says `served`.
 * - Diffs are pushed as the cluster moves (an outside kubectl, the real clock): every drained
 *   diff reaches every attached page through the feed (`Feed.subscribeDiffs`), as a `partial`
 *   diff — of the request this page has in flight, if any — and each request still ends with
 *   exactly one `ack` diff (empty when the pushes already carried everything).
 * - Versions are this connection's own (0 at its snapshot, +1 per diff), not the engine's.
 * - With `--clock real` the host owns time: `advance`, `step` and `until` are acknowledged
 *   without moving the cluster. With `--clock manual` they move it, for everyone.
 * - `sim topology` would replace the shared Simulation: refused.
 */
import type { Simulation, WorldDiff } from '../../engine/index';
import { EPOCH_MS } from '../../k8s/time';
import { evaluateOn, runUntilOn } from '../../kubectl/observe';
import { Session } from '../../kubectl/session';
import type { CommandResult } from '../../kubectl/types';
import { MAX_ADVANCE_MS, PROTOCOL_VERSION, assertNever, type ComponentSummary, type DiffMessage, type FromWorker, type ToWorker } from '../../protocol/messages';
import { COMMAND_TABLE, DISCOVERY, commandResult, errorText, summary, targets } from '../../worker/host';
import type { ServedCluster } from '../cluster';

/** Pushes of nothing but passing time are sent at most this often (simulated ms): the page's clock still moves. */
const IDLE_PUSH_MS = 200;

const REFUSED_TOPOLOGY = /^\s*sim\s+topology\b/;

export interface AttachedHost {
  handle(msg: ToWorker): void;
  /** Stops listening to the cluster (the socket closed). */
  close(): void;
}

export function attachHost(cluster: ServedCluster, post: (msg: FromWorker) => void): AttachedHost {
  const sim: Simulation = cluster.sim;
  // The page's terminal: a TTY Session of its own over the shared Simulation.
  const session = new Session({ seed: cluster.options.seed, topology: cluster.options.topology, simulation: sim, interactive: true });
  let epoch = 0;
  let version = 0;
  let ready = false;
  /** The request this page has in flight: pushes while it runs are its progress. */
  let inFlight: number | undefined;
  let lastPushNow = sim.now;
  let sent = new Map<string, string>();

  function summaries(all: boolean): ComponentSummary[] {
    const out: ComponentSummary[] = [];
    for (const c of sim.components()) {
      const s = summary(sim, c);
      const json = JSON.stringify(s);
      if (all || sent.get(c.id) !== json) out.push(s);
      sent.set(c.id, json);
    }
    return out;
  }

  function diffOf(d: Pick<WorldDiff, 'now' | 'log' | 'trace'>, start: number, extra: Pick<DiffMessage, 'ack' | 'partial'>): DiffMessage {
    const from = version++;
    return { type: 'diff', epoch, ...extra, from, to: version, start, now: d.now, changes: d.log, components: summaries(false), trace: d.trace };
  }

  const unsubscribe = cluster.feed.subscribeDiffs((d) => {
    if (!ready) return;
    const quiet = !d.trace.length && !d.log.length && !d.components.length;
    // Passing time alone: the ack of a request in flight carries it; otherwise now and then.
    if (quiet && (inFlight !== undefined || d.now - lastPushNow < IDLE_PUSH_MS)) return;
    lastPushNow = d.now;
    post(diffOf(d, d.now, { partial: inFlight === undefined ? {} : { of: inFlight } }));
  });

  function init(msg: Extract<ToWorker, { type: 'init' }>): void {
    epoch = msg.epoch;
    if (msg.protocol !== PROTOCOL_VERSION) {
      post({ type: 'error', epoch, message: `protocol mismatch: page speaks ${msg.protocol}, served cluster speaks ${PROTOCOL_VERSION}; reload the page`, fatal: false });
      return;
    }
    // Whatever is pending goes to the pages already attached; this one starts after it.
    cluster.feed.pump();
    version = 0;
    sent = new Map();
    post({
      type: 'snapshot',
      epoch,
      version,
      now: sim.now,
      bootedAt: sim.bootedAt,
      seq: sim.lastTraceSeq,
      topology: cluster.options.topology,
      targets: targets(sim),
      objects: sim.storedObjects(),
      components: summaries(true),
    });
    ready = true;
    lastPushNow = sim.now;
    const { seed, topology, clock } = cluster.options;
    post({ type: 'ready', protocol: PROTOCOL_VERSION, epoch, seed, topology, epochMs: EPOCH_MS, replayed: 0, discovery: DISCOVERY, targets: targets(sim), commands: COMMAND_TABLE, served: { clock } });
  }

  /** Runs `work` as request `id`, then ends it with its `ack` diff (after whatever the feed pushed). */
  function request<T>(id: number, work: () => T): T {
    const start = sim.now;
    inFlight = id;
    try {
      return work();
    } finally {
      cluster.feed.pump();
      inFlight = undefined;
      post(diffOf({ now: sim.now, log: [], trace: [] }, start, { ack: id }));
    }
  }

  const manual = cluster.options.clock === 'manual';

  function handle(msg: ToWorker): void {
    if (msg.type === 'init') return init(msg);
    if (!ready) {
      post({ type: 'error', epoch, id: msg.id, message: `"${msg.type}" arrived before "init"`, fatal: false });
      return;
    }
    switch (msg.type) {
      case 'command': {
        const start = sim.now;
        let r: CommandResult | undefined;
        request(msg.id, () => {
          r = REFUSED_TOPOLOGY.test(msg.line)
            ? { output: [{ stream: 'stderr', text: 'error: sim topology would replace the served cluster; restart reconcile serve with --topology instead\n' }], exitCode: 1 }
            : session.run(msg.line, msg.stdin, msg.interruptAt === undefined ? {} : { interruptAt: msg.interruptAt });
          // The result goes before the ack diff, as the protocol promises.
          post(commandResult(epoch, msg.id, r, start, sim.now));
        });
        return;
      }
      case 'advance':
        if (!(Number.isFinite(msg.ms) && msg.ms >= 0 && msg.ms <= MAX_ADVANCE_MS)) {
          post({ type: 'error', epoch, id: msg.id, message: `advance by ${msg.ms} ms refused (0…${MAX_ADVANCE_MS})`, fatal: false });
        }
        request(msg.id, () => {
          if (manual && msg.ms >= 0 && msg.ms <= MAX_ADVANCE_MS) sim.advance(msg.ms);
        });
        return;
      case 'step':
        request(msg.id, () => {
          if (manual) sim.runUntilTrace(() => true, Math.min(Math.max(msg.maxMs, 0), MAX_ADVANCE_MS));
        });
        return;
      case 'until':
        request(msg.id, () => {
          // With the host's own clock a pause point only checks the cluster as it is.
          const budget = manual ? Math.min(Math.max(msg.withinMs, 0), MAX_ADVANCE_MS) : 0;
          const out = runUntilOn(session, msg.breakpoint, budget, msg.sinceSeq);
          post({ type: 'untilResult', epoch, id: msg.id, reached: out.reached, ...(out.seq === undefined ? {} : { seq: out.seq }) });
        });
        return;
      case 'evaluate':
        request(msg.id, () => post({ type: 'evaluateResult', epoch, id: msg.id, verdicts: msg.conditions.map((c) => evaluateOn(session, c, msg.sinceSeq)) }));
        return;
      case 'requestSnapshot':
        // A fresh start of this connection's versions; the pending work goes out first.
        cluster.feed.pump();
        version = 0;
        sent = new Map();
        post({ type: 'snapshot', epoch, ack: msg.id, version, now: sim.now, bootedAt: sim.bootedAt, seq: sim.lastTraceSeq, topology: cluster.options.topology, targets: targets(sim), objects: sim.storedObjects(), components: summaries(true) });
        return;
      default:
        assertNever(msg);
    }
  }

  return {
    handle(msg) {
      try {
        handle(msg);
      } catch (e) {
        post({ type: 'error', epoch, ...('id' in msg ? { id: msg.id } : {}), message: errorText(e), fatal: false });
      }
    },
    close: unsubscribe,
  };
}
