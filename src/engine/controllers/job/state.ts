/** The Job controller's in-memory state (declarations only; built on first use). */
import type { Expectations } from '../util/expectations';
import type { KeyIndex } from '../util/state';
import type { BackoffRecord } from './backoff';

export interface JobControllerState {
  /** Job UID → keys of the Pods it controls. */
  podsByOwner: KeyIndex;
  expectations: Expectations;
  /** Job key → UIDs of Pods whose tracking finalizer removal was sent but not yet seen. */
  rmFinalizers: Map<string, Set<string>>;
  /** Job key → the back-off record as last written with the Job's status. */
  backoff: Map<string, BackoffRecord>;
  /** Job key → the record this sync computed, stored once its status write succeeds. */
  pendingBackoff: Map<string, BackoffRecord>;
}
