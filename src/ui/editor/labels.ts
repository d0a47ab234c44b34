/** Words for the editor panel: the starter list's order and names, and each problem's message. */
import { en, type MessageKey } from '../i18n/catalog';
import type { Translate } from '../i18n/react';
import type { Diagnostic } from './diagnose';

/** Examples in teaching order; any other file follows alphabetically. */
const ORDER = ['go-api.yaml', 'go-api-service.yaml', 'crashloop.yaml', 'too-big.yaml', 'bad-image.yaml', 'never-ready.yaml'];

export function starterOrder(names: readonly string[]): string[] {
  const rank = (n: string): number => {
    const i = ORDER.indexOf(n);
    return i < 0 ? ORDER.length : i;
  };
  return [...names].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** "go-api Deployment (3 replicas) — go-api.yaml"; a file without a description is its name. */
export function exampleLabel(t: Translate, file: string): string {
  const key = `editor.example.${file}`;
  return Object.hasOwn(en, key) ? `${t(key as MessageKey)} — ${file}` : file;
}

export function diagnosticText(t: Translate, d: Diagnostic): string {
  switch (d.code) {
    case 'syntax': {
      // kubectl counts a later document's lines from its `---`: say so, or "line 2" misleads.
      const doc = Number(d.params['doc'] ?? 1);
      const detail = String(d.params['detail'] ?? '');
      return doc > 1 ? t('editor.diag.syntaxInDoc', { doc, detail }) : t('editor.diag.syntax', { detail });
    }
    case 'jsonSyntax':
      return t('editor.diag.jsonSyntax', { detail: String(d.params['detail'] ?? '') });
    case 'duplicateKey':
      return t('editor.diag.duplicateKey', { doc: d.params['doc'] ?? 1, key: String(d.params['key'] ?? '') });
    case 'notMapping':
      return t('editor.diag.notMapping', { doc: d.params['doc'] ?? 1 });
    case 'missing':
      return t('editor.diag.missing', { doc: d.params['doc'] ?? 1, field: String(d.params['field'] ?? '') });
    case 'tooLarge':
      return t('editor.diag.tooLarge', { size: d.params['size'] ?? 0 });
    case 'tooDeep':
      return t('editor.diag.tooDeep', { max: d.params['max'] ?? 0 });
    case 'aliases':
      return t('editor.diag.aliases', { max: d.params['max'] ?? 0 });
    default: {
      const never: never = d.code;
      return String(never);
    }
  }
}

/** Nothing but blanks, comments and separators: there is nothing to apply. */
export function isBlank(text: string): boolean {
  return text.split('\n').every((l) => {
    const s = l.trim();
    return s === '' || s.startsWith('#') || s === '---';
  });
}
