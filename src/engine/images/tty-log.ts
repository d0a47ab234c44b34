/**
 * What an attached terminal's session leaves in the container's log (`kubectl run -it`,
 * `kubectl attach -it` to PID 1's shell). With `tty: true` the container's stdout and stderr are
 * the terminal, and containerd's CRI logger copies everything written to it into the log
 * (pkg/cri/io/logger.go redirectLogs, one stream: stdout): the shell's prompt, the echo of what
 * is typed (the line discipline's, or the line editor's), the commands' output — with the tty's
 * `\r\n` line ends — and bash's bracketed-paste switches around each line readline reads
 * (`\x1b[?2004h` before the prompt, `\x1b[?2004l\r` after Enter; recorded from bash 5.2.15 under
 * a pty, as dash 0.5.12's plain `# ls\r\n` was). The logger cuts lines at `\n` and drops their
 * `\r\n` or `\n` (readLine), so what `kubectl logs` prints is `/ # ls`, then the output, and the
 * last prompt — a line not yet ended — only once the next Enter ends it. Without a tty (`kubectl
 * run -i`) nothing is echoed and the output keeps its streams. An exec's terminal (`kubectl exec
 * -it`) is its own: nothing of it reaches the log.
 *
 * Approximate: a line is logged when it has run (its echo stamped when it was typed, its output
 * when written); BusyBox's optional cursor-position query (`\x1b[6n`, off in the defconfig) is
 * not sent; a line still open when the container ends is not flushed.
 */
import { pushLog } from './log-buffer';
import type { Machine } from './machine';

/** One write to the terminal, at simulated time `at`. */
export interface TtyWrite {
  text: string;
  at: number;
}

/** bash's readline turns bracketed paste on before it prints the prompt, and off once Enter is read. */
export const PASTE_ON = '\x1b[?2004h';
export const PASTE_OFF = '\x1b[?2004l\r';

/** The tty's output processing (ONLCR): every `\n` written reaches the log as `\r\n`. */
export const onlcr = (text: string): string => text.replace(/\n/g, '\r\n');

/** Appends what was written to the terminal to the log, a line per `\n`; an unended line waits in `m.ttyLogPending`. */
export function logTerminal(m: Machine, writes: readonly TtyWrite[]): void {
  let pending = m.ttyLogPending ?? '';
  for (const w of writes) {
    const parts = w.text.split('\n');
    for (let i = 0; i < parts.length - 1; i++) {
      const line = pending + parts[i]!;
      pending = '';
      pushLog(m, { at: w.at, stream: 'stdout', text: line.endsWith('\r') ? line.slice(0, -1) : line });
    }
    pending += parts[parts.length - 1]!;
  }
  if (pending === '') delete m.ttyLogPending;
  else m.ttyLogPending = pending;
}
