/**
 * `journalctl -u kubelet [--no-pager] [-n N]` on a node: the kubelet's journal (kubelet/journal.ts).
 * Other units have no entries here; there is no pager either way.
 *
 * Options as systemd 255's journalctl.c parse_argv walks them (Ubuntu 24.04's; the table read in
 * systemd/systemd's journalctl.c before v256 split it, its words recorded from systemd 252 on this
 * machine): getopt_long "hefo:aln::qmb::kD:p:g:c:S:U:t:u:NF:xrM:" over its whole long table, so
 * prefixes work and an ambiguous one lists its candidates in that order; a bad option is exit 1.
 * `-n` takes an attached value, or the next word when that is `all` or a number (`-n 5`);
 * `Failed to parse lines 'x'` otherwise. Options it has that are not modelled are refused by name,
 * and so are MATCHES (a word without `=` is journalctl's own `Failed to add match`).
 */
import type { ComponentId } from '../core/ids';
import { journalText } from '../kubelet/journal';
import type { World } from '../world';
import type { ShellIo } from './io';
import { getopt, messageOf, type GetoptSpec } from '../../k8s/getopt';

const OPTIONS: GetoptSpec = {
  short: 'hefo:aln::qmb::kD:p:g:c:S:U:t:u:NF:xrM:',
  long: [
    ['help', 'h', 'none'], ['version', 'version', 'none'], ['no-pager', 'no-pager', 'none'], ['pager-end', 'e', 'none'], ['follow', 'f', 'none'],
    ['force', 'force', 'none'], ['output', 'o', 'required'], ['all', 'a', 'none'], ['full', 'l', 'none'], ['no-full', 'no-full', 'none'],
    ['lines', 'n', 'optional'], ['no-tail', 'no-tail', 'none'], ['new-id128', 'new-id128', 'none'], ['quiet', 'q', 'none'], ['merge', 'm', 'none'],
    ['this-boot', 'this-boot', 'none'], ['boot', 'b', 'optional'], ['list-boots', 'list-boots', 'none'], ['dmesg', 'k', 'none'], ['system', 'system', 'none'],
    ['user', 'user', 'none'], ['directory', 'D', 'required'], ['file', 'file', 'required'], ['root', 'root', 'required'], ['image', 'image', 'required'],
    ['image-policy', 'image-policy', 'required'], ['header', 'header', 'none'], ['identifier', 't', 'required'], ['priority', 'p', 'required'],
    ['facility', 'facility', 'required'], ['grep', 'g', 'required'], ['case-sensitive', 'case-sensitive', 'optional'], ['setup-keys', 'setup-keys', 'none'],
    ['interval', 'interval', 'required'], ['verify', 'verify', 'none'], ['verify-key', 'verify-key', 'required'], ['disk-usage', 'disk-usage', 'none'],
    ['cursor', 'c', 'required'], ['cursor-file', 'cursor-file', 'required'], ['after-cursor', 'after-cursor', 'required'], ['show-cursor', 'show-cursor', 'none'],
    ['since', 'S', 'required'], ['until', 'U', 'required'], ['unit', 'u', 'required'], ['user-unit', 'user-unit', 'required'], ['field', 'F', 'required'],
    ['fields', 'N', 'none'], ['catalog', 'x', 'none'], ['list-catalog', 'list-catalog', 'none'], ['dump-catalog', 'dump-catalog', 'none'],
    ['update-catalog', 'update-catalog', 'none'], ['reverse', 'r', 'none'], ['machine', 'M', 'required'], ['utc', 'utc', 'none'], ['flush', 'flush', 'none'],
    ['relinquish-var', 'relinquish-var', 'none'], ['smart-relinquish-var', 'smart-relinquish-var', 'none'], ['sync', 'sync', 'none'], ['rotate', 'rotate', 'none'],
    ['vacuum-size', 'vacuum-size', 'required'], ['vacuum-files', 'vacuum-files', 'required'], ['vacuum-time', 'vacuum-time', 'required'],
    ['no-hostname', 'no-hostname', 'none'], ['output-fields', 'output-fields', 'required'], ['namespace', 'namespace', 'required'],
  ],
};

/** Accepted and meaningless here: there is no pager, every field is shown, there are no info messages. */
const NO_OPS = new Set(['no-pager', 'a', 'q', 'l']);

export function journalctl(w: World, node: string, args: string[], io: ShellIo): number {
  let unit: string | undefined;
  let lines: number | undefined;
  const walked = getopt(args, OPTIONS, ({ key, value, name, peek }): string | undefined => {
    if (NO_OPS.has(key)) return undefined;
    if (key === 'u') {
      unit = value!.replace(/\.service$/, '');
      return undefined;
    }
    if (key !== 'n') return `journalctl: option '${name}' is not supported by this simulator\n`;
    if (value === undefined) {
      // parse_argv peeks at the next word: `all` or a number is -n's, anything else is left (a MATCH).
      const next = peek((word) => word === 'all' || /^\+?\d+$/.test(word));
      lines = next === 'all' ? undefined : Number(next ?? 10);
      return undefined;
    }
    if (value === 'all') lines = undefined;
    else if (/^\+?\d+$/.test(value)) lines = Number(value);
    else return `Failed to parse lines '${value}'\n`;
    return undefined;
  });
  if (walked.k === 'error') {
    io.err(`journalctl: ${messageOf('glibc', walked.error)}\n`);
    return 1;
  }
  if (walked.k === 'stopped') {
    io.err(walked.value);
    return 1;
  }
  const match = walked.operands[0];
  if (match !== undefined) {
    io.err(match.includes('=') ? 'journalctl: MATCHES are not supported by this simulator\n' : `Failed to add match '${match}': Invalid argument\n`);
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
