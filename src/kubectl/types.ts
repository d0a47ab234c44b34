/** The I/O contract of the command language shared by the CLI runner, the browser terminal and lessons. */
export interface OutputChunk {
  stream: 'stdout' | 'stderr';
  text: string;
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
