import { describe, expect, it } from 'vitest';
import { MODULES, en, format, translate, zhCN, type MessageKey } from './catalog';
import { LOCALE_STORAGE_KEY, createLocaleStore, initialLocale, localeFromLanguages, type KeyValueStorage } from './locale';

const placeholders = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

describe('catalog', () => {
  it('translates every key into Chinese with the same placeholders', () => {
    for (const key of Object.keys(en) as MessageKey[]) {
      expect(zhCN[key], key).toBeTruthy();
      expect(placeholders(zhCN[key]), key).toEqual(placeholders(en[key]));
    }
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(en).sort());
  });

  it('never defines a key in two feature modules (a later one would silently win)', () => {
    const total = MODULES.reduce((n, m) => n + Object.keys(m.en).length, 0);
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
