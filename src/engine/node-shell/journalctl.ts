/**
 * `journalctl -u kubelet [--no-pager] [-n N]` on a node: the kubelet's journal (kubelet/journal.ts).
 * Other units have no entries here; there is no pager either way.
 */
import type { ComponentId } from '../core/ids';
import { journalText } from '../kubelet/journal';
import type { World } from '../world';
import type { ShellIo } from './io';

export function journalctl(w: World, node: string, args: string[], io: ShellIo): number {
  let unit: string | undefined;
  let lines: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = (flag: string): string | undefined => (a === flag ? args[++i] : a.startsWith(`${flag}=`) ? a.slice(flag.length + 1) : a.startsWith(flag) && flag.length === 2 ? a.slice(2) : undefined);
    if (a === '--no-pager' || a === '-a' || a === '--all' || a === '-q' || a === '--quiet') continue;
    const u = a.startsWith('-u') || a.startsWith('--unit') ? value(a.startsWith('--unit') ? '--unit' : '-u') : undefined;
    if (u !== undefined) {
      unit = u.replace(/\.service$/, '');
      continue;
    }
    const n = a.startsWith('-n') || a.startsWith('--lines') ? value(a.startsWith('--lines') ? '--lines' : '-n') : undefined;
    if (n !== undefined) {
      if (!/^\d+$/.test(n)) {
        io.err(`Failed to parse lines '${n}'.\n`);
        return 1;
      }
      lines = Number(n);
      continue;
    }
    io.err(`journalctl: unrecognized option '${a}'\n`);
    return 1;
  }
  const kubelet = w.components.get(`kubelet/${node}` as ComponentId);
  const all = (unit === undefined || unit === 'kubelet') && kubelet?.kind === 'kubelet' ? (kubelet.journal?.lines ?? []) : [];
  const shown = lines === undefined ? all : all.slice(Math.max(0, all.length - lines));
  if (shown.length === 0) {
    io.out('-- No entries --\n');
    return 0;
  }
  io.out(shown.map((l) => `${journalText(node, l)}\n`).join(''));
  return 0;
}
