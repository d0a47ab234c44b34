/**
 * bash's `$(< file)`: a substitution whose command is one input redirection and nothing else is
 * the file's content, read by the shell itself (no command runs). Recorded, bash 5.2.15:
 * `x=$(< f)` and `x=$(0< f)` hold f's text minus trailing newlines; a missing file is `bash: f:
 * No such file or directory` (no `line N:`) with status 1; a directory reads as nothing, status 0;
 * a second redirection (`$(< f 2>/dev/null)`) makes it an empty command, whose value is empty.
 * dash and BusyBox ash run it as an empty command: the value is empty (recorded, dash 0.5.12,
 * BusyBox 1.35). The prompt's counterpart reads its command text (src/kubectl/prompt-host.ts).
 */
import type { ShellNode, Word } from './shell-ast';

/** The target word of the lone `< word` (or `0< word`) that is all the command at `root` holds. */
export function soleInputFile(nodes: readonly ShellNode[], root: number): Word | undefined {
  const n = nodes[root];
  if (!n) return undefined;
  if (n.t === 'seq') return n.items.length === 1 && !n.bg[0] ? soleInputFile(nodes, n.items[0]!) : undefined;
  if (n.t === 'pipe') return n.cmds.length === 1 && !n.bang && !n.time ? soleInputFile(nodes, n.cmds[0]!) : undefined;
  if (n.t !== 'cmd' || n.words.length || n.assigns.length || n.redirs.length !== 1) return undefined;
  const r = n.redirs[0]!;
  return r.op === '<' && r.fd === 0 ? r.target : undefined;
}
