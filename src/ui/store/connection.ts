/**
 * The health of the simulation worker as the UI should present it. Changed only by the bridge.
 */
import type { ReplayRefusal } from '../../protocol/messages';

export type ConnectionStatus = 'starting' | 'ready' | 'restarting' | 'failed';

export type Notice =
  /** The worker crashed or hung and was replaced; `replayed` inputs restored the cluster. */
  | { kind: 'recovered'; detail: string; replayed: number }
  /** Too many crashes in a short time, or a recovery that failed again: the bridge stopped retrying. */
  | { kind: 'failed'; detail: string }
  /** The run's log is past the replay bounds (a crafted link, a run far too long): it was not rebuilt. */
  | { kind: 'refused'; refusal: ReplayRefusal }
  /** A non-fatal error reported by the worker. */
  | { kind: 'error'; detail: string };

export interface ConnectionState {
  status: ConnectionStatus;
  epoch: number;
  restarts: number;
  /** Unix ms of simulated time 0 (from `ready`), to render the simulated wall clock. */
  epochMs: number | undefined;
  notice: Notice | undefined;
  /** While a worker replays a log: how many of its inputs are done. */
  replay: { done: number; total: number } | undefined;
}

export const initialConnectionState: ConnectionState = {
  status: 'starting',
  epoch: 0,
  restarts: 0,
  epochMs: undefined,
  notice: undefined,
  replay: undefined,
};
