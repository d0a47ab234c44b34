/**
 * Lesson prose: plain text in which `backticks` mark commands, fields and names. No HTML ever
 * comes from a lesson file: the text is split and rendered as text nodes and <code> elements.
 */
export function RichText({ text, as: Tag = 'p', className }: { text: string; as?: 'p' | 'span' | 'div'; className?: string }) {
  const parts = text.split(/(`[^`\n]+`)/g);
  return (
    <Tag className={className}>
      {parts.map((p, i) => (p.length > 2 && p.startsWith('`') && p.endsWith('`') ? <code key={i}>{p.slice(1, -1)}</code> : p))}
    </Tag>
  );
}
