import { describe, expect, it } from 'vitest';
import { MODULES, en, format, translate, zhCN, type MessageKey } from './catalog';
import { LAZY_MODULES } from './lazy-modules';
import { LOCALE_STORAGE_KEY, createLocaleStore, initialLocale, localeFromLanguages, type KeyValueStorage } from './locale';
import { isPlural, type Message } from './plural';

const placeholders = (s: string): string[] => [...new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort();
/** Every text a message can show (each plural form). */
const forms = (m: Message): string[] => (isPlural(m) ? Object.entries(m).filter(([k]) => k !== 'by').map(([, v]) => v as string) : [m]);

describe('catalog', () => {
  it('translates every key into Chinese with the same placeholders', () => {
    for (const key of Object.keys(en) as MessageKey[]) {
      const m = en[key];
      const want = placeholders(typeof m === 'string' ? m : m.other);
      for (const f of forms(zhCN[key])) {
        expect(f, key).toBeTruthy();
        expect(placeholders(f), key).toEqual(want);
      }
    }
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(en).sort());
  });

  it('counts with the same parameter in both languages, and never says "1 messages"', () => {
    for (const key of Object.keys(en) as MessageKey[]) {
      const m = en[key];
      expect(isPlural(zhCN[key]), key).toBe(isPlural(m));
      if (!isPlural(m)) continue;
      expect((zhCN[key] as Exclude<Message, string>).by, key).toBe(m.by);
      expect(m.one, `${key} needs an English singular`).toBeTruthy();
      // Every form but the singular may print the count; the selector is a real parameter of the message.
      expect(placeholders(m.other), key).toContain(m.by ?? 'count');
    }
  });

  it('picks the plural form for 0, 1 and 2 in English and Chinese', () => {
    const shown = (locale: 'en' | 'zh-CN', count: number) => [
      translate(locale, 'insp.historyCount', { count }),
      translate(locale, 'seq.copied', { count }),
      translate(locale, 'play.ahead', { count }),
    ];
    expect(shown('en', 0)).toEqual(['0 writes', 'Copied 0 messages as mermaid text.', '0 more messages already happened after this moment.']);
    expect(shown('en', 1)).toEqual(['1 write', 'Copied 1 message as mermaid text.', '1 more message already happened after this moment.']);
    expect(shown('en', 2)).toEqual(['2 writes', 'Copied 2 messages as mermaid text.', '2 more messages already happened after this moment.']);
    expect(shown('zh-CN', 0)).toEqual(['0 次写入', '已将 0 条消息复制为 mermaid 文本。', '这一刻之后已经发生了 0 条消息。']);
    expect(shown('zh-CN', 1)).toEqual(['1 次写入', '已将 1 条消息复制为 mermaid 文本。', '这一刻之后已经发生了 1 条消息。']);
    expect(shown('zh-CN', 2)).toEqual(['2 次写入', '已将 2 条消息复制为 mermaid 文本。', '这一刻之后已经发生了 2 条消息。']);
  });

  it('selects on a named count (`by`) when the message counts something else', () => {
    const params = { down: 'etcd-2, etcd-3', total: 3, quorum: 2 };
    expect(translate('en', 'sym.etcd.noQuorum', { ...params, up: 1 })).toMatch(/^etcd has lost quorum: 1 of 3 members is running and 2 are needed\./);
    expect(translate('en', 'sym.etcd.noQuorum', { ...params, up: 0 })).toMatch(/^etcd has lost quorum: 0 of 3 members are running/);
    expect(translate('en', 'conn.recovered', { detail: 'x', replayed: 1 })).toContain('1 input was replayed');
    expect(translate('zh-CN', 'conn.recovered', { detail: 'x', replayed: 1 })).toContain('重放了 1 条输入');
  });

  it('writes a plural\'s count as the language writes quantities, and no other number', () => {
    expect(translate('en', 'insp.historyCount', { count: 12_345 })).toBe('12,345 writes');
    expect(translate('zh-CN', 'seq.copied', { count: 2_088 })).toBe('已将 2,088 条消息复制为 mermaid 文本。');
    expect(translate('en', 'seqRates.group', { role: 'kubelet', count: 2_088 })).toBe('kubelet (from 2,088 nodes)');
    // Only the count: a plain number parameter stays as given.
    expect(translate('en', 'term.exit', { code: 1234 })).toContain('1234');
  });

  it('falls back to the general form when the count is missing', () => {
    expect(translate('en', 'insp.historyCount')).toBe('{count} writes');
  });

  it('never defines a key in two feature modules (a later one would silently win)', () => {
    const total = [...MODULES, ...LAZY_MODULES].reduce((n, m) => n + Object.keys(m.en).length, 0);
    expect(Object.keys(en)).toHaveLength(total);
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(format('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(translate('zh-CN', 'term.exit', { code: 2 })).toBe('退出码 2');
  });
});

function memory(initial: Record<string, string> = {}): KeyValueStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
}

describe('locale', () => {
  it('follows the browser: any Chinese tag → zh-CN, otherwise English', () => {
    expect(localeFromLanguages(['zh-TW', 'en'])).toBe('zh-CN');
    expect(localeFromLanguages(['en-GB', 'zh-CN'])).toBe('en');
    expect(localeFromLanguages(['fr-FR', 'zh'])).toBe('zh-CN');
    expect(localeFromLanguages(['fr-FR'])).toBe('en');
  });

  it('prefers the remembered choice, ignoring junk', () => {
    expect(initialLocale(memory({ [LOCALE_STORAGE_KEY]: 'zh-CN' }), ['en-US'])).toBe('zh-CN');
    expect(initialLocale(memory({ [LOCALE_STORAGE_KEY]: 'klingon' }), ['en-US'])).toBe('en');
  });

  it('remembers a switch, and still switches when storage refuses', () => {
    const m = memory();
    const s = createLocaleStore(m, ['en-US']);
    s.setLocale('zh-CN');
    expect(s.store.getState().locale).toBe('zh-CN');
    expect(m.data[LOCALE_STORAGE_KEY]).toBe('zh-CN');

    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const b = createLocaleStore(broken, ['zh-CN']);
    expect(b.store.getState().locale).toBe('zh-CN');
    b.setLocale('en');
    expect(b.store.getState().locale).toBe('en');
  });
});
