/**
 * The UI's single store: a vanilla zustand store (no React here) so the bridge can write to it
 * from outside React and tests can drive it headless. React reads it through ./react.ts.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { initialClusterState, type ClusterState } from './cluster';
import { initialConnectionState, type ConnectionState } from './connection';
import { initialPlaybackState, type PlaybackState } from './playback';
import { initialTerminalState, type TerminalState } from './terminal';
import { initialLessonsState, type LessonsState } from '../lessons/state';

/** The sequence view's projection options; stepping uses the same ones. */
export interface SequenceSettings {
  collapseApiserver: boolean;
  hideBackground: boolean;
}

export interface AppState {
  cluster: ClusterState;
  playback: PlaybackState;
  sequence: SequenceSettings;
  terminal: TerminalState;
  connection: ConnectionState;
  lessons: LessonsState;
}

export type AppStore = StoreApi<AppState>;

/** `initial` seeds the store (server-side rendering and tests read the initial state). */
export function createAppStore(initial: Partial<AppState> = {}): AppStore {
  return createStore<AppState>()(() => ({
    cluster: initialClusterState,
    playback: initialPlaybackState,
    sequence: { collapseApiserver: true, hideBackground: true },
    terminal: initialTerminalState,
    connection: initialConnectionState,
    lessons: initialLessonsState,
    ...initial,
  }));
}
