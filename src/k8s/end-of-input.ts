/**
 * What the page's terminal sends for Ctrl+D at the empty prompt of an attached container shell:
 * the tty's VEOF character (^D), which the terminal line discipline turns into end of input for
 * the shell's read. The shell then ends as it does at end of input — bash says `exit`, dash and
 * BusyBox ash end the prompt's line — and the session ends with it. It is logged as the line, so
 * a replay ends the shell at the same moment; it is never a command the shell keeps in its history.
 */
export const END_OF_INPUT = '\u0004';

/**
 * kubectl attach's detach keys as the page's terminal sends them: Ctrl+P then Ctrl+Q, kubectl
 * v1.36's default `--detach-keys` (pkg/cmd/attach/attach.go defaultDetachSequence; run.go's
 * too). kubectl's escape proxy keeps them from the container and ends its stdin, which ends the
 * session; the container's shell goes on. `kubectl exec` has no detach keys: there both bytes
 * reach the shell (readline's ^P is previous-history; the tty's IXON swallows ^Q).
 */
export const DETACH_KEYS = '\u0010\u0011';
