/** What a node-shell command writes to: its stdout and stderr, as text. */
export interface ShellIo {
  out(text: string): void;
  err(text: string): void;
}

/** Output in the order it was written (stdout and stderr interleaved, as a terminal shows them). */
export interface ShellResult {
  output: { stream: 'stdout' | 'stderr'; text: string }[];
  exitCode: number;
}
