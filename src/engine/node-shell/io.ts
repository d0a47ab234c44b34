import type { BaseFs, FsLayer } from '../images/fs';

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

/** The node's disk as one command line sees it: the generated files under the overlay its writes go to (host-fs.ts). */
export interface NodeDisk {
  layer: FsLayer;
  base: BaseFs;
}
