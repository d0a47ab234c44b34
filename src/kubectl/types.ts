/** The I/O contract of the command language shared by the CLI runner, the browser terminal and lessons. */
export interface OutputChunk {
  stream: 'stdout' | 'stderr';
  text: string;
  /**
   * Simulated time the chunk was written. Set by waiting commands (`get -w`, `wait`, `rollout
   * status`, `sim advance`) whose output appears over simulated time: the browser terminal shows
   * such a chunk only once its playhead reaches `at`. Absent means "when the command returned".
   */
  at?: number;
}

export interface CommandResult {
  /** stdout and stderr in the order they were written. */
  output: OutputChunk[];
  exitCode: number;
}

/** Files a command may read (`-f deploy.yaml`, `-f dir/`): a virtual filesystem keyed by path. */
export interface FileSource {
  readFile(path: string): string | undefined;
  /** Paths of the files directly inside a directory, or undefined if it is not a directory. */
  listDir(path: string): string[] | undefined;
}
