/**
 * How wide a label will be, without a DOM: the layout sizes every box from its text so the
 * diagram can be laid out (and unit-tested) as data. Advance widths are DejaVu Sans's, the widest
 * common sans-serif and Debian Chromium's default; narrower fonts (Segoe UI, SF, Noto, Arial)
 * only leave spare room, and CSS ellipsis is the last resort. CJK characters take one em.
 */

/** Advance widths in em for printable ASCII (32..126), DejaVu Sans Book. */
const ASCII = [
  0.318, 0.401, 0.46, 0.838, 0.636, 0.95, 0.78, 0.275, 0.39, 0.39, 0.5, 0.838, 0.318, 0.361, 0.318, 0.337,
  0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.337, 0.337, 0.838, 0.838, 0.838, 0.531,
  1.0, 0.684, 0.686, 0.698, 0.77, 0.632, 0.575, 0.775, 0.752, 0.295, 0.295, 0.656, 0.557, 0.863, 0.748, 0.787,
  0.603, 0.787, 0.695, 0.635, 0.611, 0.732, 0.684, 0.989, 0.685, 0.611, 0.685, 0.39, 0.337, 0.39, 0.838, 0.5,
  0.5, 0.613, 0.635, 0.55, 0.635, 0.615, 0.352, 0.635, 0.634, 0.278, 0.278, 0.579, 0.278, 0.974, 0.634, 0.612,
  0.635, 0.635, 0.411, 0.521, 0.392, 0.634, 0.592, 0.818, 0.592, 0.592, 0.525, 0.636, 0.337, 0.636, 0.838,
];

/** DejaVu Sans Bold is up to this much wider than Book (l, i, t, r: 1.2×). */
const BOLD = 1.18;

function charEm(code: number): number {
  if (code >= 32 && code <= 126) return ASCII[code - 32]!;
  // CJK, fullwidth forms and Hangul: one em.
  if ((code >= 0x2e80 && code <= 0x9fff) || (code >= 0xac00 && code <= 0xd7af) || (code >= 0xff00 && code <= 0xffef) || (code >= 0x3000 && code <= 0x303f)) return 1;
  if (code === 0xb7) return 0.318; // ·
  if (code === 0x2026) return 1; // …
  return 0.8;
}

/** Width in CSS px of `text` set at `px` (semibold or bold when `bold`). */
export function textWidth(text: string, px: number, bold = false): number {
  let em = 0;
  for (const ch of text) em += charEm(ch.codePointAt(0)!);
  return Math.ceil(em * px * (bold ? BOLD : 1));
}

/**
 * Breaks `text` into lines no wider than `max`, preferring the places a Kubernetes name breaks
 * well (after `/`, then before `:`, `.` or `-`), then spaces. A piece that fits nowhere is left
 * whole (CSS ellipsis cuts it).
 */
export function wrapText(text: string, max: number, px: number): string[] {
  if (textWidth(text, px) <= max) return [text];
  const lines: string[] = [];
  let rest = text;
  while (rest && textWidth(rest, px) > max) {
    let cut = -1;
    for (const pattern of [/\//g, /[:.-]/g, / /g]) {
      for (const m of rest.matchAll(pattern)) {
        const at = m[0] === '/' ? m.index + 1 : m.index;
        if (at > 0 && textWidth(rest.slice(0, at), px) <= max) cut = Math.max(cut, at);
      }
      if (cut > 0) break;
    }
    if (cut <= 0) break;
    lines.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest) lines.push(rest);
  return lines;
}
