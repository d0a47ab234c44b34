/**
 * A strategic merge patch the merge refuses: mergepatch's ErrBadPatchFormatFor… errors, which
 * kube-apiserver's patch handler answers with 400 Bad Request and their own words, and the
 * plain errors of strategicpatch (a `$setElementOrder` list the patch's list contradicts, an
 * unknown `$patch`), which it passes on as they are.
 */
export class StrategicMergeError extends Error {
  /**
   * interpretStrategicMergePatchError's status: 400 for a malformed directive, 500 for a plain
   * error (ErrorToAPIStatus answers any error that is not a Status with 500 and no reason).
   */
  constructor(
    message: string,
    readonly code: 400 | 500 = 400,
  ) {
    super(message);
  }
}
