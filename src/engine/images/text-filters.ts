/**
 * The image shell's text filters for a terminal pipeline outside any container
 * (`kubectl get pods -o name | wc -l`): the same implementations a container's shell runs, over
 * stdin only. There is no filesystem here, so a file operand is reported missing, as GNU
 * reports a file that is not there, and an output file (`sort -o`, `uniq IN OUT`) is refused as
 * on a read-only root rather than written somewhere nobody can read it. The shell is a Debian workstation's: GNU coreutils under bash,
 * LANG=en_US.UTF-8 (messages quote with ‘…’, sort collates as glibc's en_US does).
 */
import { newLayer, type BaseFs } from './fs';
import { TEXT_TOOLS } from './tools-text';
import type { ToolEnv } from './tool-types';

/** The filters a pipeline stage may name: the ones that read stdin and write stdout, nothing else. */
export const PIPE_FILTERS: readonly string[] = ['awk', 'cut', 'grep', 'head', 'sort', 'tail', 'tr', 'uniq', 'wc'];

export interface FilterResult {
  stdout: string;
  stderr: string;
  status: number;
}

const NO_FILES: BaseFs = { file: () => undefined, isDir: (p) => p === '/', list: () => [] };

/** Runs one filter on `stdin`; undefined when `name` is not one of PIPE_FILTERS. */
export function runFilter(name: string, args: string[], stdin: string): FilterResult | undefined {
  const tool = PIPE_FILTERS.includes(name) ? TEXT_TOOLS[name] : undefined;
  if (!tool) return undefined;
  let stdout = '';
  let stderr = '';
  const env: ToolEnv = {
    io: { stdin, out: (t) => (stdout += t), err: (t) => (stderr += t) },
    vars: { LANG: 'en_US.UTF-8' },
    cwd: '/',
    clock: 0,
    fs: { ...newLayer(), mounts: { '/': { layer: newLayer(), readOnly: true } } },
    base: NO_FILES,
    flavour: 'coreutils',
    dialect: 'bash',
    hostname: 'localhost',
    processes: [],
    version: '',
  };
  // `tail -f` on a pipe ends when its writer does: the command before it has already finished.
  const { status } = tool(args, env);
  return { stdout, stderr, status };
}
