/**
 * How a container's stdout and stderr become CRI log records, as containerd's CRI logger writes
 * them (internal/cri/io/logger.go redirectLogs): each stream is read with bufio's ReadLine, so a
 * record is written when a `\n` ends the line (tag F, stamped then) or once the line grows past
 * `max_container_log_line_size` (16 KiB by default: a P record of exactly that many bytes, the
 * rest going on); what is left when the stream closes is a last P record. The kubelet's reader
 * prints an F record's text with a newline and a P record's without, so `printf a; printf b`
 * shows in `kubectl logs` only once a newline (or the container's end) comes, as `ab`.
 *
 * Approximate: a cut falls on a character boundary at or before 16,384 bytes (containerd cuts
 * bytes, splitting a multi-byte character between two records).
 */
import { utf8CharBytes } from './utf8';

/** containerd's default max_container_log_line_size. */
export const CRI_MAX_LINE_BYTES = 16 * 1024;

/** One record of the CRI log: its text without the newline, and whether it is a P (partial) one. */
export interface CriRecord {
  text: string;
  partial: boolean;
}

/**
 * Splits `text` into its first record of at most CRI_MAX_LINE_BYTES and the rest, or returns
 * undefined when it fits (a string of n UTF-16 units is at most 3n bytes: the common case is
 * decided without counting).
 */
export function cutLongLine(text: string): [string, string] | undefined {
  if (text.length * 3 <= CRI_MAX_LINE_BYTES) return undefined;
  let bytes = 0;
  let i = 0;
  for (const ch of text) {
    const b = utf8CharBytes(ch.codePointAt(0)!);
    if (bytes + b > CRI_MAX_LINE_BYTES) return [text.slice(0, i), text.slice(i)];
    bytes += b;
    i += ch.length;
  }
  return undefined;
}

/**
 * The records written when `text` arrives on a stream whose unended line so far is `open`, and
 * the line left open after it. Only content past the limit is cut: a line of exactly 16 KiB and
 * its newline are one F record, as ReadLine's full buffer is followed by the newline alone.
 */
export function criRecords(open: string, text: string): { records: CriRecord[]; open: string } {
  const records: CriRecord[] = [];
  const cut = (line: string): string => {
    for (let c = cutLongLine(line); c; c = cutLongLine(line)) {
      records.push({ text: c[0], partial: true });
      line = c[1];
    }
    return line;
  };
  let rest = open + text;
  for (let nl = rest.indexOf('\n'); nl >= 0; nl = rest.indexOf('\n')) {
    records.push({ text: cut(rest.slice(0, nl)), partial: false });
    rest = rest.slice(nl + 1);
  }
  return { records, open: cut(rest) };
}
