/**
 * The worker protocol (src/protocol) spoken by a served cluster to one attached page: the page's
 * bridge swaps its Web Worker for a WebSocket and gets the same snapshot, diffs and command
 * results, but over the one Simulation real kubectls also drive (cluster.ts).
 *
 * Differences from the worker's host (src/worker/host.ts), all because the run is shared:
 * - `init` never builds or replays: the page gets a snapshot of the cluster as it is now (its
 *   seed, topology and log are ignored), and `ready` says `served`.
 * - Diffs are pushed as the cluster moves (an outside kubectl, the real clock): every drained
 *   diff reaches every attached page through the feed (`Feed.subscribeDiffs`), as `partial`
 *   diffs — of the request this page has in flight, if any — and each request still ends with
 *   exactly one `ack` diff (empty when the pushes already carried everything).
 * - Versions are this connection's own (0 at its snapshot, +1 per diff), not the engine's.
 * - With `--clock real` the host owns time: `advance`, `step` and `until` are acknowledged
 *   without moving the cluster. With `--clock manual` they move it, for everyone.
 * - `sim topology` would replace the shared Simulation: refused.
 *
 * Like the worker's, every diff leaves through the outbox (worker/outbox.ts), so it holds to the
 * same byte budget (CLASSROOM_MAX_BYTES): a drain larger than that (a `sim advance 5m`, a big
 * apply) is cut into consecutive `partial` diffs at whole trace moments, nothing lost, and a
 * request's results still come right before its `ack` diff. The snapshot goes whole: the page
 * can show nothing before it has all of it (protocol/messages.ts has no pieces of one).
 */
import type { Simulation, WorldDiff } from '../../engine/index';
import { EPOCH_MS } from '../../k8s/time';
import { evaluateOn, runUntilOn } from '../../kubectl/observe';
import { Session } from '../../kubectl/session';
import type { CommandResult } from '../../kubectl/types';
import { MAX_ADVANCE_MS, PROTOCOL_VERSION, assertNever, type ComponentSummary, type FromWorker, type SnapshotMessage, type ToWorker } from '../../protocol/messages';
import { COMMAND_TABLE, DISCOVERY, commandResult, errorText, runOptions, summary, targets } from '../../worker/host';
import { Outbox, type Drained } from '../../worker/outbox';
import type { ServedCluster } from '../cluster';

/** Pushes of nothing but passing time are sent at most this often (simulated ms): the page's clock still moves. */
const IDLE_PUSH_MS = 200;

const REFUSED_TOPOLOGY = /^\s*sim\s+topology\b/;

export interface AttachedHost {
  handle(msg: ToWorker): void;
  /** Stops listening to the cluster (the socket closed). */
  close(): void;
}

export interface AttachOptions {
  /** JSON bytes per diff (CLASSROOM_MAX_BYTES unless given); tests pass a small one, or Infinity for whole diffs. */
  classroomBytes?: number;
}

export function attachHost(cluster: ServedCluster, post: (msg: FromWorker) => void, opts: AttachOptions = {}): AttachedHost {
  const sim: Simulation = cluster.sim;
  // The page's terminal: a TTY Session of its own over the shared Simulation.
  const session = new Session({ seed: cluster.options.seed, topology: cluster.options.topology, simulation: sim, interactive: true });
  let epoch = 0;
  /** This connection's diffs since its last snapshot; undefined until `init` has sent one. */
  let outbox: Outbox | undefined;
  /** The request this page has in flight: pushes while it runs are its progress. */
  let inFlight: number | undefined;
  /** Simulated time the page's last diff reached. */
  let heardNow = sim.now;
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

  function drained(d: Pick<WorldDiff, 'now' | 'log' | 'trace'>): Drained {
    return { changes: d.log, trace: d.trace, components: summaries(false), now: d.now };
  }

  const unsubscribe = cluster.feed.subscribeDiffs((d) => {
    if (!outbox) return;
    const quiet = !d.trace.length && !d.log.length && !d.components.length;
    if (inFlight !== undefined) {
      // Passing time alone: the request's ack diff carries it.
      if (quiet) return;
      outbox.add(drained(d));
      outbox.flush();
      return;
    }
    // Passing time alone is sent now and then.
    if (quiet && d.now - heardNow < IDLE_PUSH_MS) return;
    // Nobody on this page asked for it: all its diffs are `partial`, none settles a request.
    outbox.begin(undefined, heardNow);
    outbox.add(drained(d));
    outbox.end({ pushed: true });
    outbox.flush();
    heardNow = d.now;
  });

  /** The cluster as it is now, which this connection's versions start from again (at 0). */
  function snapshot(ack: number | undefined): SnapshotMessage {
    sent = new Map();
    // serve runs basic or ha (args.ts), never scale mode: the classroom byte budget applies.
    const { classroomBytes } = opts;
    outbox = new Outbox({ post, epoch: () => epoch, scale: false, ...(classroomBytes === undefined ? {} : { maxBytes: classroomBytes }) }, 0);
    heardNow = sim.now;
    const { topology } = cluster.options;
    return { type: 'snapshot', epoch, ...(ack === undefined ? {} : { ack }), version: 0, now: sim.now, bootedAt: sim.bootedAt, seq: sim.lastTraceSeq, topology, targets: targets(sim), objects: sim.storedObjects(), components: summaries(true) };
  }

  function init(msg: Extract<ToWorker, { type: 'init' }>): void {
    // Whatever is pending goes to the pages already attached (this one too, if it was, under its
    // old epoch); this one starts after it.
    cluster.feed.pump();
    epoch = msg.epoch;
    if (msg.protocol !== PROTOCOL_VERSION) {
      post({ type: 'error', epoch, message: `protocol mismatch: page speaks ${msg.protocol}, served cluster speaks ${PROTOCOL_VERSION}; reload the page`, fatal: false });
      return;
    }
    post(snapshot(undefined));
    const { seed, topology, clock } = cluster.options;
    post({ type: 'ready', protocol: PROTOCOL_VERSION, epoch, seed, topology, epochMs: EPOCH_MS, replayed: 0, discovery: DISCOVERY, targets: targets(sim), commands: COMMAND_TABLE, served: { clock } });
  }

  /**
   * Runs `work` as request `id`, then ends it with its `ack` diff, after whatever the feed pushed
   * meanwhile and after the results `work` gave the outbox.
   */
  function requestOn<T>(box: Outbox, id: number, work: () => T): T {
    const start = sim.now;
    inFlight = id;
    box.begin(id, start);
    try {
      return work();
    } finally {
      cluster.feed.pump();
      inFlight = undefined;
      box.add({ changes: [], trace: [], components: summaries(false), now: sim.now });
      box.end({ ack: id });
      box.flush();
      heardNow = sim.now;
    }
  }

  const manual = cluster.options.clock === 'manual';

  function handle(msg: ToWorker): void {
    if (msg.type === 'init') return init(msg);
    const box = outbox;
    if (!box) {
      post({ type: 'error', epoch, id: msg.id, message: `"${msg.type}" arrived before "init"`, fatal: false });
      return;
    }
    const request = <T>(work: () => T): T => requestOn(box, msg.id, work);
    switch (msg.type) {
      case 'command': {
        const start = sim.now;
        let r: CommandResult | undefined;
        request(() => {
          r = REFUSED_TOPOLOGY.test(msg.line)
            ? { output: [{ stream: 'stderr', text: 'error: sim topology would replace the served cluster; restart reconcile serve with --topology instead\n' }], exitCode: 1 }
            : session.run(msg.line, msg.stdin, runOptions(msg));
          box.result(commandResult(epoch, msg.id, r, start, sim.now));
        });
        return;
      }
      case 'advance':
        if (!(Number.isFinite(msg.ms) && msg.ms >= 0 && msg.ms <= MAX_ADVANCE_MS)) {
          post({ type: 'error', epoch, id: msg.id, message: `advance by ${msg.ms} ms refused (0…${MAX_ADVANCE_MS})`, fatal: false });
        }
        request(() => {
          if (manual && msg.ms >= 0 && msg.ms <= MAX_ADVANCE_MS) sim.advance(msg.ms);
        });
        return;
      case 'step':
        request(() => {
          if (manual) sim.runUntilTrace(() => true, Math.min(Math.max(msg.maxMs, 0), MAX_ADVANCE_MS));
        });
        return;
      case 'until':
        request(() => {
          // With the host's own clock a pause point only checks the cluster as it is.
          const budget = manual ? Math.min(Math.max(msg.withinMs, 0), MAX_ADVANCE_MS) : 0;
          const out = runUntilOn(session, msg.breakpoint, budget, msg.sinceSeq);
          box.result({ type: 'untilResult', epoch, id: msg.id, reached: out.reached, ...(out.seq === undefined ? {} : { seq: out.seq }) });
        });
        return;
      case 'evaluate':
        request(() => box.result({ type: 'evaluateResult', epoch, id: msg.id, verdicts: msg.conditions.map((c) => evaluateOn(session, c, msg.sinceSeq)) }));
        return;
      case 'requestSnapshot':
        // The pending work goes out first, under the versions it belongs to.
        cluster.feed.pump();
        post(snapshot(msg.id));
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
