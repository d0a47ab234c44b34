/**
 * The only contract between the main thread (src/ui) and the simulation worker (src/worker).
 * Types plus tiny guards; it imports engine and kubectl *types* only, so the UI bundle never
 * pulls in engine code by depending on it.
 *
 * Invariants:
 * - Every message from the worker carries the `epoch` the bridge gave it in `init`. A restarted
 *   worker gets a new epoch, so late messages from a dead one are recognisable and dropped.
 * - Requests after `init` carry a bridge-assigned `id`, increasing within an epoch. The worker
 *   handles them strictly in order and ends the work for each one with exactly one `diff` or
 *   `snapshot` whose `ack` is that id. The bridge's replay log is therefore exact: everything up to
 *   the last `ack` happened, nothing after it did.
 * - `diff` messages are versioned: `from` must equal the version the receiver holds. On a gap the
 *   receiver asks for a `snapshot` (boardgame.io's patch/update pattern).
 * - Long work reports as it goes: a request (or a replayed input) that runs many messages of the
 *   simulation sends `partial` diffs part-way, so the page sees it advancing and its hang
 *   watchdog hears from the worker; the work still ends with exactly one `ack` diff. Data too
 *   large for one message (worker/outbox.ts's byte budget) leaves the same way: consecutive
 *   `partial` diffs, each ending after a whole trace moment, then the `ack` diff.
 * - A replayed log is bounded like live input (REPLAY_*): past a bound the worker answers `init`
 *   with `refused` instead of `ready` and runs nothing more.
 *
 * Over 400 lines on purpose: the contract is read as one document, every message beside the
 * version history that explains it.
 */
import type { KObject } from '../k8s/types';
import type { ComponentKind } from '../engine/core/component';
import type { FaultClass } from '../engine/faults';
import type { TraceRecord } from '../engine/core/trace';
import type { TraceRateCount, TraceRateSecond } from '../engine/core/trace-rates';
import type { Breakpoint, Condition } from '../engine/observe/pattern';
import type { Verdict } from '../engine/observe/evaluate';
import type { CniPlugin, TopologyName } from '../engine/topology/topology';
import type { CommandGroup, CommandInfo, CommandTable, FlagInfo } from '../kubectl/command-spec';
import type { AttachedShell, EditorRequest, OutputChunk, ScreenFrame } from '../kubectl/types';

export type { AttachedShell, EditorRequest, ScreenFrame, CommandGroup, CommandInfo, CommandTable, FlagInfo, OutputChunk, TraceRateCount, TraceRateSecond };

/**
 * Page and worker must agree on every message's shape; a mismatch asks for a reload. Shared links
 * and the replay log hold only commands (LogEntry), never messages, so they survive a bump.
 * 3: trace records carry a typed `detail` per kind (engine/core/trace.ts); `ready` carries the
 *    command table (kubectl/command-spec.ts) and each fault target the machine it is about.
 * 4: `until` (run to a breakpoint, logged) and `evaluate` (read-only checks) for lessons.
 * 5: `snapshot` carries `bootedAt` (the T+0 every time label counts from); `init` may ask for the
 *    replayed commands' results (`echoFrom`), so a reloaded page shows its transcript again.
 * 6: `partial` diffs report long work as it goes; `refused` answers a log past the replay bounds.
 * 7: `commandResult` says which container shell a line was typed into and which is attached
 *    after it (`kubectl exec -it POD -- sh`), so the terminal draws that shell's prompt.
 * 8: scale mode (#16): `snapshot.scaleMode` and `rates`; in scale mode diffs are bounded per frame
 *    (objects coalesced per key, trace records sampled) and carry the engine's exact per-second
 *    `rates` (engine/core/trace-rates.ts) and `changesDropped`.
 * 9: `commandResult` may carry `edit`: `kubectl edit` opened the page's YAML editor on a file.
 * 10: `commandResult` may carry `files`: the line changed the workstation's files (`> web.yaml`).
 * 11: `commandResult` may carry `namespace`: the line changed the kubeconfig context's namespace.
 * 12: a `command` (and its LogEntry) may carry `terminal`, the page's terminal size, which a
 *    full-screen program (`watch`) draws on; its output chunks may carry `screen` frames.
 * 13: `commandResult` may carry `leadSeq`: where the line's own kubectl/sim records begin.
 * 14: `commandResult.edit` says what the editor holds by `kind`: `object` (`kubectl edit`) or
 *    `file` (`vi FILE` at the prompt: the file, the editor's status line, the text that quits).
 * 15: `commandResult` may carry `skip`: the line's lead command skipped simulated time on purpose
 *    (`sim advance`, the prompt's `sleep`); the page no longer guesses it from the line's text.
 *    `init.echoOnly` echoes one replayed command (the one a Ctrl+C interrupted).
 * 16: `commandResult.edit` may be `container-file`: `vi FILE` on a container's terminal (the Pod,
 *    the container, BusyBox vi's status line, read-only mode).
 * 17: `commandResult` may carry `unended`: the line was still running at the runner's bound.
 */
export const PROTOCOL_VERSION = 17;

/**
 * One `advance`, `step` or `until` request may not move the clock by more than this: a runaway
 * loop on the page must not hang the worker. A larger `advance` is refused; a larger `step` or
 * `until` budget is cut to it. The page's replay log never merges advances past it.
 */
export const MAX_ADVANCE_MS = 60 * 60 * 1000;

/**
 * The most a replayed log (`init.commandLog`: a link, a reload, a saved lesson run, a classroom's
 * run) may hold and cost. Each input is bounded exactly as the same input sent live (an
 * `advance` by MAX_ADVANCE_MS, a command by its own waits), and no input starts once the replay
 * has run REPLAY_MAX_SIMULATED_MS of simulated time.
 */
export const REPLAY_MAX_ENTRIES = 10_000;
export const REPLAY_MAX_SIMULATED_MS = 24 * 60 * 60 * 1000;

/** Why a replay was refused: the bound it would pass, and by how much. */
export type ReplayRefusal =
  /** The log holds more inputs than a replay may. */
  | { limit: 'entries'; entries: number; max: number }
  /** Input `index` (from 0) is an `advance` no live request could make. */
  | { limit: 'advance'; index: number; ms: number; max: number }
  /** Input `index` would start after the replay had already run `ms` of simulated time. */
  | { limit: 'simulated-time'; index: number; ms: number; max: number };

export type { Breakpoint, Condition, Verdict };

export type Topology = TopologyName;

/**
 * One input that changed the simulation, in order; replaying the log on a fresh worker rebuilds
 * the same world. `advance` entries compose (advance a then b ≡ advance a+b); a `step` runs until
 * the next trace record and is not an advance by any fixed amount, so it stays its own entry.
 * `interruptAt` is a Ctrl+C: the command's waiting stopped at that simulated time.
 */
export type LogEntry =
  /** `laptop`: sent by a page control, it runs at the laptop's prompt even while a shell is attached. */
  | { type: 'command'; line: string; stdin?: string; interruptAt?: number; terminal?: TerminalSize; laptop?: true }
  | { type: 'advance'; ms: number }
  | { type: 'step'; maxMs: number }
  /** A lesson's pause point: run until the breakpoint or `withinMs`, whichever comes first. */
  | { type: 'until'; breakpoint: Breakpoint; withinMs: number; sinceSeq?: number };

/** One committed version, in commit order: `object` null is a deletion. `seq` is the trace position it belongs to. */
export interface ObjectChange {
  seq: number;
  key: string;
  object: KObject | null;
}

/** An API resource as discovery describes it (for tab completion and the inspector). */
export interface DiscoveryEntry {
  resource: string;
  kind: string;
  shortNames: string[];
  namespaced: boolean;
}

/** A stored object with its storage key (`pods/default/web-7c9f`), the identity `removed` refers to. */
export interface KeyedObject {
  key: string;
  object: KObject;
}

/** What the UI needs to know about a simulated process; details are fetched on demand later. */
export interface ComponentSummary {
  id: string;
  kind: ComponentKind;
  host: string;
  running: boolean;
  /** Live internals for the component card; sent again only when they change. */
  details?: ComponentDetails;
}

/** What a component card shows about a component's insides. Every field is optional: kinds differ. */
export interface ComponentDetails {
  /** Keys waiting in its workqueue(s) (controllers, scheduler's activeQ+backoffQ+unschedulable). */
  queueDepth?: number;
  /** Objects held in its informer caches. */
  cachedObjects?: number;
  /** For leader-elected components: whether this instance currently holds the Lease. */
  leader?: boolean;
  /** For etcd members: whether this member is the raft leader, and the raft term. */
  raftLeader?: boolean;
  raftTerm?: number;
  /** Faults currently injected on it (fault target names). */
  faults?: string[];
  /** For container runtimes: which CRI implementation runs here, and the OCI runtime it uses. */
  runtime?: { impl: 'containerd' | 'cri-o'; oci: 'runc' | 'crun' };
  /** For CNI plugins: which one, whether its node agent enforces NetworkPolicy, and the Pods it isolates here. */
  cni?: { plugin: CniPlugin; enforcesNetworkPolicy: boolean; isolatedPods: number };
}

// ---- main thread → worker ----

export interface InitMessage {
  type: 'init';
  protocol: number;
  epoch: number;
  seed: number;
  topology: Topology;
  /** Virtual files for `kubectl apply -f <path>`. */
  files?: Record<string, string>;
  /** Inputs to replay before reporting `ready` (crash recovery, shared links). */
  commandLog?: LogEntry[];
  /**
   * Answer each replayed command with a `commandResult` whose id is `echoFrom` + its index in
   * `commandLog` (a reloaded page or a shared link rebuilds its transcript; a crash recovery
   * already has one and leaves this out).
   */
  echoFrom?: number;
  /**
   * With `echoFrom`: echo only the command at this index of `commandLog` (a Ctrl+C's fork wants
   * the interrupted command's result — what the program wrote on SIGINT — and nothing else).
   */
  echoOnly?: number;
}

export interface CommandMessage {
  type: 'command';
  id: number;
  line: string;
  stdin?: string;
  /** Replaying a Ctrl+C: stop the command's waiting at this simulated time. */
  interruptAt?: number;
  /** The page's terminal size, for a full-screen program (`watch`) the line runs. */
  terminal?: TerminalSize;
  /** Sent by a page control (a fault menu, the instructor's console): run at the laptop's prompt even while a shell is attached. */
  laptop?: true;
}

/** Columns and rows of the page's terminal (xterm's size when the line was typed). */
export interface TerminalSize {
  columns: number;
  rows: number;
}

/** Runs the simulation until the next trace record (at most `maxMs` of simulated time). */
export interface StepMessage {
  type: 'step';
  id: number;
  maxMs: number;
}

/** Moves simulated time forward; only the main thread knows the wall clock and the speed. */
export interface AdvanceMessage {
  type: 'advance';
  id: number;
  ms: number;
}

/**
 * Runs the simulation until the breakpoint holds (a trace record or a state, engine/observe) or
 * `withinMs` passes. Answered by an `untilResult`, then the diff.
 */
export interface UntilMessage {
  type: 'until';
  id: number;
  breakpoint: Breakpoint;
  withinMs: number;
  /** A state breakpoint's trace conditions count records after this seq (default: from here). */
  sinceSeq?: number;
}

/**
 * Evaluates conditions on the cluster as it is (kubectl-output conditions run on a throwaway
 * copy): nothing changes. Answered by an `evaluateResult`, then an empty diff.
 */
export interface EvaluateMessage {
  type: 'evaluate';
  id: number;
  conditions: Condition[];
  /** Trace conditions count records after this seq. */
  sinceSeq: number;
}

/** Asks for a full `snapshot` (after a version gap). */
export interface SnapshotRequest {
  type: 'requestSnapshot';
  id: number;
}

export type ToWorker = InitMessage | CommandMessage | AdvanceMessage | StepMessage | UntilMessage | EvaluateMessage | SnapshotRequest;
export type ToWorkerRequest = Exclude<ToWorker, InitMessage>;

// ---- worker → main thread ----

export interface ReadyMessage {
  type: 'ready';
  protocol: number;
  epoch: number;
  seed: number;
  topology: Topology;
  /** Unix ms of simulated time 0, for rendering the simulated wall clock. */
  epochMs: number;
  /** How many `commandLog` entries were replayed. */
  replayed: number;
  /** The API resources this cluster serves. */
  discovery: DiscoveryEntry[];
  /** Every fault target (`sim fail --list`), in the engine's order. */
  targets: FaultTargetInfo[];
  /** The command language: line words, kubectl's commands and the sim directives with their flags. */
  commands: CommandTable;
  /**
   * Present when the host is a served cluster (`reconcile serve`) the page is attached to: the
   * run is shared with outside kubectls, cannot be replayed or forked, and with a `real` clock
   * the host moves simulated time itself (the page only follows its frontier).
   */
  served?: { clock: 'real' | 'manual' };
}

/** A fault target as the instructor console lists it. */
export interface FaultTargetInfo {
  name: string;
  class: FaultClass;
  /** Component ids the fault stops (none for network and message faults). */
  components: string[];
  /** The machine a node, node-part or network fault is about. */
  machine?: string;
}

export interface DiffMessage {
  type: 'diff';
  epoch: number;
  /** The request this diff completes; absent for diffs streamed while `init` replays the log. */
  ack?: number;
  from: number;
  to: number;
  /** Simulated time before and after the work this diff covers (for a `partial` one: so far). */
  start: number;
  now: number;
  /**
   * Sent part-way through long work, or as one piece of data too large for one message: more
   * of it follows. `of` is the request it belongs to; absent while `init` replays (only the last
   * diff of each replayed input stands for it) and in a served cluster's unasked pushes (all
   * partial). A partial diff holds every record and version up to some trace seq and none after.
   */
  partial?: { of?: number };
  /** Every committed version in order (so the UI can show any past moment). */
  changes: ObjectChange[];
  /** Components whose summary changed, with the trace seq at the end of this diff. */
  components: ComponentSummary[];
  trace: TraceRecord[];
  /**
   * Scale mode only: exact counts of every trace record since the previous diff, per simulated
   * second (ascending) by (kind, from, to). Additive: a second two diffs share comes again in
   * the next with only the rest. In scale mode `changes` holds the last version of each object
   * in the diff (not every version) and `trace` a sample of the records; these counts are exact.
   */
  rates?: TraceRateSecond[];
  /**
   * Scale mode only: the engine's change log dropped this many versions before this diff's
   * changes, so the receiver's objects may be stale: it asks for a snapshot, as on a gap.
   */
  changesDropped?: number;
}

/** The whole visible state; replaces whatever the receiver holds. */
export interface SnapshotMessage {
  type: 'snapshot';
  epoch: number;
  ack?: number;
  version: number;
  now: number;
  /**
   * Simulated ms when boot finished and the cluster was handed over: `T+0` of `sim trace`,
   * `sim why` and every time label on the page (a new cluster after `sim topology` has its own).
   */
  bootedAt: number;
  /** The last trace seq already reflected in `objects`; the next diff's records come after it. */
  seq: number;
  /** Every fault target of this cluster (a snapshot may follow `sim topology`, which changes them). */
  targets: FaultTargetInfo[];
  topology: Topology;
  objects: KeyedObject[];
  components: ComponentSummary[];
  /**
   * The cluster runs in scale mode (the engine's `Simulation.scaleMode`: more than 100 workers,
   * or forced): the diffs that follow are bounded per frame and the views aggregate. Absent at
   * classroom size.
   */
  scaleMode?: true;
  /** Scale mode only: the engine's held window of per-second trace counts (absolute), ascending. */
  rates?: TraceRateSecond[];
}

export interface CommandResultMessage {
  type: 'commandResult';
  epoch: number;
  id: number;
  output: OutputChunk[];
  exitCode: number;
  /** Simulated time when the command began and when it returned (waiting commands span time). */
  startedAt: number;
  endedAt: number;
  /** The container shell the line was typed into (its prompt instead of `$ `); absent: the terminal's own. */
  typedIn?: AttachedShell;
  /** The container shell the terminal is attached to once the line returned; absent: back at `$ `. */
  attached?: AttachedShell;
  /** `kubectl edit` or `vi FILE` opened (or reopened) the YAML editor: what it shows, and the line that saves it. */
  edit?: EditorRequest;
  /** The line changed the files behind the prompt: all of them now, by the path typed (`web.yaml`). */
  files?: Record<string, string>;
  /** The line changed the namespace kubectl defaults to (the kubeconfig context's): the new one. */
  namespace?: string;
  /**
   * The trace seq from which the line's own kubectl and sim commands (not one inside `$(…)`)
   * made their records; absent when it ran none. A paused stage shows the line from there.
   */
  leadSeq?: number;
  /** The line's lead command skipped simulated time on purpose (`sim advance`, the prompt's `sleep`): the moment shown jumps to its end. */
  skip?: true;
  /** The line was still running when the runner's bound stopped it (`sleep infinity` at a container shell): paused, it waits where it began. */
  unended?: true;
}

export interface UntilResultMessage {
  type: 'untilResult';
  epoch: number;
  id: number;
  reached: boolean;
  /** The matching trace record (a trace breakpoint that was reached). */
  seq?: number;
}

export interface EvaluateResultMessage {
  type: 'evaluateResult';
  epoch: number;
  id: number;
  verdicts: Verdict[];
}

/**
 * Something went wrong inside the worker. `fatal` means the simulation may be inconsistent and
 * the worker must be replaced; `id` names the request that caused it.
 */
export interface ErrorMessage {
  type: 'error';
  epoch: number;
  id?: number;
  message: string;
  fatal: boolean;
}

/**
 * The answer to an `init` whose log is past the replay bounds, instead of `ready`: nothing of it
 * after the input named was run, and the worker takes no more requests.
 */
export interface RefusedMessage {
  type: 'refused';
  epoch: number;
  refusal: ReplayRefusal;
}

export type FromWorker = ReadyMessage | DiffMessage | SnapshotMessage | CommandResultMessage | UntilResultMessage | EvaluateResultMessage | ErrorMessage | RefusedMessage;

// ---- guards ----

const FROM_WORKER_TYPES: ReadonlySet<string> = new Set<FromWorker['type']>(['ready', 'diff', 'snapshot', 'commandResult', 'untilResult', 'evaluateResult', 'error', 'refused']);
const TO_WORKER_TYPES: ReadonlySet<string> = new Set<ToWorker['type']>(['init', 'command', 'advance', 'step', 'until', 'evaluate', 'requestSnapshot']);

function hasType(data: unknown): data is { type: string } {
  return typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string';
}

/** Shallow check at the message boundary: structured clone guarantees the rest of the shape. */
export function isFromWorker(data: unknown): data is FromWorker {
  return hasType(data) && FROM_WORKER_TYPES.has(data.type) && typeof (data as { epoch?: unknown }).epoch === 'number';
}

export function isToWorker(data: unknown): data is ToWorker {
  return hasType(data) && TO_WORKER_TYPES.has(data.type);
}

/** For exhaustive switches over the unions above. */
export function assertNever(value: never): never {
  throw new Error(`unexpected message: ${JSON.stringify(value)}`);
}
