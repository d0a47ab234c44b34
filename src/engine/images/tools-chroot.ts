/**
 * `chroot NEWROOT [PROG ARGS]` (BusyBox coreutils/chroot.c; GNU coreutils chroot): PROG runs with
 * NEWROOT as its `/`, or, without PROG, the root user's shell with `-i` (`/bin/sh -i`). The one new
 * root that holds a system is a hostPath mount of the node's `/` (`kubectl debug node/…`'s
 * `/host`): there PROG is the node's own program, run on the node by the same interpreter as
 * `sim ssh` (node-shell/node-machine.ts), its output at the moments it wrote it. Any other directory holds no /bin/sh. The node reaches chroot through an exec
 * or attach, and through the container's own process, whose chroot step waits for its moment like a
 * network step does (net-steps.ts, node/process-net.ts).
 *
 * Approximate: without PROG the node's shell reads the command's stdin as its script (no prompts:
 * an attached terminal's `chroot /host` is driven line by line by kubectl/attach.ts); only the
 * mount point itself is a root with programs; what the node's program does runs ahead in one
 * step of the caller (a `sleep` in it takes its time, the caller's clock jumps past it).
 */
import { stat } from './fs';
import { bb, path, type Tool, type ToolEnv, type ToolResult } from './tool-types';

const USAGE = 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: chroot NEWROOT [PROG ARGS]\n\nRun PROG with root directory set to NEWROOT\n';
/** xchroot's and GNU's message when NEWROOT is not a directory. */
function noRoot(env: ToolEnv, dir: string, why: string): ToolResult {
  env.io.err(bb(env) ? `chroot: can't change root directory to '${dir}': ${why}\n` : `chroot: cannot change root directory to '${dir}': ${why}\n`);
  return { status: bb(env) ? 1 : 125 };
}

/** BB_EXECVP_or_die's and GNU's message when PROG is not in the new root (ENOENT: 127). */
function noProgram(env: ToolEnv, prog: string): ToolResult {
  env.io.err(bb(env) ? `chroot: can't execute '${prog}': No such file or directory\n` : `chroot: failed to run command '${prog}': No such file or directory\n`);
  return { status: 127 };
}

export const chroot: Tool = (args, env) => {
  const [dir, ...rest] = args;
  if (dir === undefined) {
    if (bb(env)) env.io.err(USAGE);
    else env.io.err("chroot: missing operand\nTry 'chroot --help' for more information.\n");
    return { status: bb(env) ? 1 : 125 };
  }
  const root = path(env, dir);
  const s = stat(env.fs, env.base, root);
  if (s.kind === 'none') return noRoot(env, dir, 'No such file or directory');
  if (s.kind === 'file') return noRoot(env, dir, 'Not a directory');
  const prog = rest[0] ?? '/bin/sh';
  const host = env.fs.mounts?.[root]?.hostPath === '/' ? env.host : undefined;
  if (!host || !host.has(prog)) return noProgram(env, prog);
  // Without PROG the new root's shell reads the command's stdin (`-i` on a terminal: attach.ts drives that line by line).
  const ran = host.run(rest.length ? rest : ['/bin/sh'], env.vars, env.io.stdin, env.clock, env.pace);
  for (const chunk of ran.output) {
    if (chunk.at !== undefined) env.io.at?.(chunk.at - env.clock);
    (chunk.stream === 'stdout' ? env.io.out : env.io.err)(chunk.text);
  }
  return ran.running ? { status: 0, block: true } : { status: ran.exitCode, ...(ran.durationMs ? { ms: ran.durationMs } : {}) };
};
