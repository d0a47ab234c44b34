/**
 * A student's page in a classroom across devices: it follows the presenter like an audience
 * window, but may step back on its own and rejoin live. The banner (ClassroomBar) drives these;
 * install.ts connects them to the page's FollowController and bridge.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';

export interface StudentState {
  /** Looking back on their own: the presenter's moment is not followed until rejoin. */
  own: boolean;
  /** The relay's socket is open. */
  connected: boolean;
}

export interface StudentLink {
  store: StoreApi<StudentState>;
  stepBack(): void;
  rejoin(): void;
}

/** What installClassroom hands the link: the page's FollowController. */
export interface FollowHandle {
  lookBack(): void;
  rejoin(): void;
}

/** The controls; `bind` is called by installClassroom once the follower exists. */
export function createStudentLink(bridge: { stepBack(): void }): StudentLink & { bind(follower: FollowHandle): void } {
  const store = createStore<StudentState>(() => ({ own: false, connected: false }));
  let actions: FollowHandle | undefined;
  return {
    store,
    stepBack: () => {
      // Stop following first, or the presenter's next state would snap the playhead back.
      store.setState({ own: true });
      actions?.lookBack();
      bridge.stepBack();
    },
    rejoin: () => {
      store.setState({ own: false });
      actions?.rejoin();
    },
    bind: (a) => {
      actions = a;
    },
  };
}
