/**
 * The sequence as mermaid `sequenceDiagram` text, for "Copy as mermaid" and the rendered view.
 *
 * Hardening (perf-reliability.md B.2.2, CVE-2025-54881): sequence labels reach innerHTML during
 * mermaid's text measurement, so no trace text goes in verbatim. Every label and message passes
 * a whitelist of characters that have no meaning to mermaid's parser or to HTML, and is
 * length-capped. Participant ids are generated, never taken from the trace. The boxes that mark
 * the current step and a lesson's focus are constants.
 */
import type { Sequence } from './model';

/** mermaid lays out every message on the main thread; beyond this the render stalls the page. */
export const MERMAID_MESSAGE_LIMIT = 150;
export const MERMAID_TEXT_LIMIT = 80;

/** Characters a trace summary uses that the whitelist would drop, spelled in safe ASCII instead. */
const SPELLED: ReadonlyArray<readonly [RegExp, string]> = [
  [/→|->/g, ' to '],
  [/…/g, '...'],
  [/[<>]/g, ''],
];

/** Keeps only `[A-Za-z0-9 _.:/()=,+-]`, collapses whitespace and caps the length. */
export function safeText(raw: string, limit = MERMAID_TEXT_LIMIT): string {
  let s = raw;
  for (const [re, to] of SPELLED) s = s.replace(re, to);
  s = s.replace(/\s+/g, ' ').replace(/[^A-Za-z0-9 _.:/()=,+-]/g, '').replace(/ {2,}/g, ' ').trim();
  if (s.length > limit) s = `${s.slice(0, limit - 3).trimEnd()}...`;
  return s;
}

/** Which messages the rendered diagram marks: the current step, and the steps a lesson points at. */
export interface MermaidMarks {
  /** `seq` of the current message. */
  current?: number;
  /** Trace seqs a lesson step focuses on; a message is marked when it stands for one of them. */
  focus?: readonly number[];
}

/** Background boxes (`rect`) behind marked messages; fixed colours, never trace text. */
const CURRENT_BOX = 'rect rgba(255, 214, 102, 0.55)';
const FOCUS_BOX = 'rect rgba(122, 168, 255, 0.35)';

export function toMermaid(seq: Sequence, limit = MERMAID_MESSAGE_LIMIT, marks: MermaidMarks = {}): string {
  const focus = new Set(marks.focus ?? []);
  const messages = seq.messages.length > limit ? seq.messages.slice(seq.messages.length - limit) : seq.messages;
  const used = new Set<string>();
  for (const m of messages) {
    used.add(m.from);
    used.add(m.to);
  }
  // P1, P2 … in participant order: ids never carry trace text and can't collide.
  const alias = new Map<string, string>();
  const lines = ['sequenceDiagram', '  autonumber'];
  if (messages.length < seq.messages.length) {
    lines.push(`  %% showing the last ${messages.length} of ${seq.messages.length} messages`);
  }
  for (const p of seq.participants) {
    if (!used.has(p.id)) continue;
    const id = `P${alias.size + 1}`;
    alias.set(p.id, id);
    lines.push(`  participant ${id} as ${safeText(p.label) || id}`);
  }
  for (const m of messages) {
    const arrow = m.dashed ? '-->>' : '->>';
    // An empty message text is legal mermaid, but a lone '-' keeps the line readable.
    const line = `${alias.get(m.from)!}${arrow}${alias.get(m.to)!}: ${safeText(m.text) || '-'}`;
    const box = m.seq === marks.current ? CURRENT_BOX : m.seqs.some((s) => focus.has(s)) ? FOCUS_BOX : undefined;
    if (box) lines.push(`  ${box}`, `    ${line}`, '  end');
    else lines.push(`  ${line}`);
  }
  return lines.join('\n') + '\n';
}
