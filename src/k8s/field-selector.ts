/**
 * Field selectors (`spec.nodeName=node-1,status.phase!=Running`): what kube-apiserver accepts on
 * lists and watches and what `kubectl --field-selector` sends. Here, not in the engine, because
 * the served cluster and the page's `kubectl get --raw` decode a URL's `?fieldSelector=` too.
 */

/** One requirement; data, so a watch's registration stays cloneable. */
export interface FieldRequirement {
  field: string;
  op: '=' | '!=';
  value: string;
}

export function parseFieldSelector(text: string): FieldRequirement[] | string {
  const out: FieldRequirement[] = [];
  if (text.trim() === '') return out;
  for (const part of text.split(',')) {
    const m = part.trim().match(/^([A-Za-z0-9_.]+)\s*(==|=|!=)\s*(.*)$/);
    if (!m) return `invalid selector: '${text}'; can't understand '${part.trim()}'`;
    out.push({ field: m[1]!, op: m[2] === '!=' ? '!=' : '=', value: m[3]! });
  }
  return out;
}
