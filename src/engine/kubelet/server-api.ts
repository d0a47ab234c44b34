/**
 * The kubelet's own HTTP API (:10250), as kube-apiserver's proxy calls it: `containerLogs` for
 * `pods/log`, `exec` for `pods/exec`, `attach` for `pods/attach`, and `metrics/resource` for metrics-server. Type-only: kube-apiserver (apiserver/kubelet-proxy.ts) and the kubelet's
 * server (its `serve` behaviour, node/logs.ts) share this contract and nothing else.
 */
import type { ExecChunk, HttpAnswer, HttpRequest, TtyShellState, ViOutcome, ViSave } from '../images/types';
import type { FollowRef } from '../images/follow';
import type { ClusterPace } from '../core/pace';

/** PodLogOptions, as kubectl sends them. */
export interface LogOptions {
  container?: string;
  previous?: boolean;
  tailLines?: number;
  timestamps?: boolean;
  /** Only lines written in the last N seconds. */
  sinceSeconds?: number;
  /** Only lines written at or after this RFC 3339 time (kubectl sends one of the two since options). */
  sinceTime?: string;
  /** Stop after this many bytes. */
  limitBytes?: number;
}

/** `GET /containerLogs/{namespace}/{pod}/{container}` with the log options as its query. */
export interface ContainerLogsRequest {
  path: 'containerLogs';
  namespace: string;
  pod: string;
  container: string;
  options: LogOptions;
}

/** PodExecOptions, as kubectl sends them. `stdin` is the whole input a non-interactive client pipes. */
export interface ExecOptions {
  container?: string;
  command: string[];
  stdin?: string;
  tty?: boolean;
  /**
   * The stream a terminal keeps open to an interactive shell (`kubectl exec -it POD -- sh`) is
   * sent here one typed line at a time, as `stdin`: the first request starts the shell (its
   * outcome's `shell.pid`), the following ones name it so their line reaches the same process.
   */
  ttyShell?: number;
  /**
   * With `tty`, the client's stdin is a terminal that stays open (the page's), not a pipe: a
   * command other than a shell that waits at its own prompt (`kubectl exec -it POD -- redis-cli`)
   * keeps the stream, its outcome's `shell` naming it, and the next typed lines go to it as
   * `ttyShell`'s do. A command that does not wait runs as it would without this.
   */
  keepsTerminal?: boolean;
  /**
   * The terminal's Ctrl+C on that line (or, with `tty`, on the command), as the stream would
   * carry `\x03` after it: the simulated time at which the foreground commands get SIGINT
   * (images/sigint.ts).
   */
  interruptAt?: number;
  /**
   * The page editor's Save or Quit of a file `vi` opened on this stream's terminal, as the keys
   * typed into vi would carry it (`ZZ`, `:q!`): vi writes the buffer, or refuses (images/tools-vi.ts).
   */
  viSave?: ViSave;
  /**
   * The client's terminal is the page's, which shows the page's editor for a `vi` the command
   * runs (images/tools-vi.ts); without it vi reads its keys from the terminal and finds none.
   * Not a field of PodExecOptions: it says what the simulated terminal can draw.
   */
  editor?: true;
  /** The client terminal's width (the stream's resize message) when `tty`: what `ls` lays out in. */
  columns?: number;
}

/** `POST /exec/{namespace}/{pod}/{container}?command=…`: the stream upgrade and the command's run. */
export interface ExecRequest {
  path: 'exec';
  namespace: string;
  pod: string;
  container: string;
  options: ExecOptions;
  /**
   * The cluster's time, which the command's steps wait for while the stream is open (the
   * learner's kubectl: Simulation.request); absent, the command runs at the request's moment.
   */
  pace?: ClusterPace;
}

/**
 * PodAttachOptions, as kubectl sends them. The stream carries what is typed to the container's
 * PID 1 over time; here one request carries one piece of it: `input`, a line typed at a shell
 * that reads the attached stdin (absent when the attach only opens, or only watches output).
 */
export interface AttachOptions {
  container?: string;
  stdin?: boolean;
  tty?: boolean;
  input?: string;
  /** Ctrl+C typed after `input`, at this simulated time (ExecOptions.interruptAt). */
  interruptAt?: number;
  /** The client terminal's width (ExecOptions.columns). */
  columns?: number;
  /**
   * `input` is the attaching client's question about the shell (its prompt's facts), which a real
   * attach does not need: not typed, so not echoed into the log nor kept in the history.
   */
  probe?: boolean;
  /** The client's terminal shows the page's editor (ExecOptions.editor). */
  editor?: true;
}

/** `POST /attach/{namespace}/{pod}/{container}?stdin=…`: the stream upgrade onto the container's PID 1. */
export interface AttachRequest {
  path: 'attach';
  namespace: string;
  pod: string;
  container: string;
  options: AttachOptions;
  /** As ExecRequest's: the cluster's time, which a typed line's steps wait for. */
  pace?: ClusterPace;
}

/** `GET /metrics/resource`: the resource metrics endpoint metrics-server scrapes, sampled at `at` (≤ now). */
export interface ResourceMetricsRequest {
  path: 'metrics/resource';
  at: number;
}

/**
 * One connection carried by a `pods/portforward` stream (`POST /portForward/{namespace}/{pod}`
 * upgraded once; each local connection opens a data stream for `port`): the request the client
 * wrote into it, answered by whatever listens on `localhost:port` inside the Pod's network namespace.
 */
export interface PortForwardRequest {
  path: 'portForward';
  namespace: string;
  pod: string;
  /** Unset: the upgrade itself, which only finds the Pod. */
  port?: number;
  /** The sandbox the stream was opened on (the kubelet's redirect to the runtime names it). */
  sandbox?: string;
  request?: HttpRequest;
}

export type KubeletRequest = ContainerLogsRequest | ExecRequest | AttachRequest | PortForwardRequest | ResourceMetricsRequest;

/** What one forwarded connection got: the app's answer, or the error the stream's error channel carried. */
export type PortForwardOutcome = { type: 'answer'; answer: HttpAnswer } | { type: 'error'; message: string };

/**
 * How an exec stream ended: the command's combined output and exit status, or the kubelet's
 * plain-text refusal of the upgrade (client-go prints `unable to upgrade connection: <text>`).
 */
/** `output` is stdout and stderr as they interleaved; `streams` says which stream wrote each chunk (absent: all of it was stdout). */
/**
 * How an exec went. `durationMs` is how long the client still waits for the command to return
 * (whole ms, absent for an instant command or one that never ends). `startedAt`: the cluster's
 * time passed with the command (ExecRequest.pace) from that moment to the answer, which came as
 * far into the command as the World could go; absent, the answer came at the command's start.
 */
/** `shell`: the interactive shell the line was typed into (ExecOptions.ttyShell), after it; `ended`: the line ended it, and the stream. */
/**
 * `running`: the command had not ended when the stream's input was through (`sleep infinity`,
 * `tail -f`, or a loop the World ran to the line's bound): `output` is what it wrote so far, and
 * the stream stays open — the client waits until its container stops (the runtime kills the
 * exec'd process with it), it is interrupted, or its bound on a wait, counted from `startedAt`.
 */
/** `follow`: the command's `tail -f` follows that file; the client reads it on (Simulation.followExec). */
/** `editor`: `vi` on the stream's terminal opened the page's editor, or the editor's save came back (ExecOptions.viSave). */
export type ExecOutcome =
  | { type: 'exited'; exitCode: number; output: string; streams?: ExecChunk[]; durationMs?: number; startedAt?: number; shell?: TtyShellState; follow?: FollowRef; editor?: ViOutcome }
  | { type: 'running'; output: string; streams?: ExecChunk[]; startedAt?: number; shell?: TtyShellState; follow?: FollowRef }
  | { type: 'upgrade-failed'; message: string };

/** How a command run over an exec or attach stream went: it ended, or it still runs. */
export type StreamRun = Exclude<ExecOutcome, { type: 'upgrade-failed' }>;

/**
 * How an attach went: the stream is up onto the container's PID 1 — `shell` is that process when
 * it is a shell reading the attached stdin (`sh` of `kubectl run -it`), and `input`'s run there
 * if a line was sent — or the kubelet's plain-text refusal of the upgrade.
 */
export type AttachOutcome =
  | { type: 'attached'; containerID: string; shell?: string; ran?: StreamRun }
  | { type: 'upgrade-failed'; message: string };

/** The body, or the error kube-apiserver relays (the real texts: the proxy passes them through). */
export type KubeletResponse = { ok: true; text: string; exec?: ExecOutcome; attach?: AttachOutcome; forward?: PortForwardOutcome } | { ok: false; code: number; reason: 'BadRequest' | 'NotFound' | 'InternalError' | ''; message: string };
