/**
 * React access to the bridge: components send commands and move the playhead through it, and
 * read everything else from the store.
 */
import { createContext, useContext } from 'react';
import type { SimBridge } from './bridge';

export type BridgeApi = Pick<
  SimBridge,
  | 'run'
  | 'setTerminalSize'
  | 'interrupt'
  | 'confirmFork'
  | 'cancelFork'
  | 'play'
  | 'pause'
  | 'setRunning'
  | 'setSpeed'
  | 'stepForward'
  | 'stepBack'
  | 'seek'
  | 'seekTime'
  | 'jumpMilestone'
  | 'milestones'
  | 'reset'
  | 'commandLog'
>;

export const BridgeContext = createContext<BridgeApi | null>(null);

export function useBridge(): BridgeApi {
  const b = useContext(BridgeContext);
  if (!b) throw new Error('useBridge needs a <BridgeContext.Provider>');
  return b;
}
