/** Static render (no DOM) of the help, its button, the skip link and the narration panel, in both languages. */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { en, zhCN, type MessageKey } from '../i18n/catalog';
import { createLocaleStore } from '../i18n/locale';
import { LocaleContext } from '../i18n/react';
import { AriaNarrator } from '../narration/AriaNarrator';
import { goApiRun } from '../sequence/testdata.testing';
import { initialClusterState } from '../store/cluster';
import { AppStoreContext } from '../store/react';
import { createAppStore } from '../store/store';
import { SHORTCUTS } from './keymap';
import { ShortcutHelp, ShortcutList } from './ShortcutHelp';
import { ShortcutHelpButton } from './ShortcutHelpButton';
import { SkipLink } from './SkipLink';

function render(node: ReactElement, languages = ['en-US']): string {
  const store = createAppStore({ cluster: { ...initialClusterState, loaded: true, trace: goApiRun().trace } });
  return renderToStaticMarkup(
    <AppStoreContext.Provider value={store}>
      <LocaleContext.Provider value={createLocaleStore(undefined, languages)}>{node}</LocaleContext.Provider>
    </AppStoreContext.Provider>,
  );
}

describe('keyboard help and skip link', () => {
  it('the help is a modal dialog named by its heading', () => {
    const html = render(<ShortcutHelp />);
    expect(html).toMatch(/^<dialog[^>]*role="dialog"[^>]*aria-modal="true"[^>]*aria-labelledby="[^"]+"[^>]*aria-describedby="[^"]+"/);
    // Closed, it holds nothing: no hidden second copy of the list for screen readers to find.
    expect(html).not.toContain('<table');
  });

  it('lists every shortcut with its keys, in English and in Chinese', () => {
    for (const [languages, table] of [[['en-US'], en], [['zh-CN'], zhCN]] as const) {
      const html = render(<ShortcutList />, [...languages]);
      for (const s of SHORTCUTS) {
        const row = html.slice(html.indexOf(`data-action="${s.action}"`), html.indexOf('</tr>', html.indexOf(`data-action="${s.action}"`)));
        expect(row, s.action).toContain(`<td>${table[`keys.action.${s.action}` as MessageKey]}</td>`);
        for (const k of s.keys) expect(row, s.action).toContain(`<kbd>${k.label ? table[k.label] : k.key}</kbd>`);
      }
      expect(html).toContain(`<caption>${table['keys.group.playback']}</caption>`);
    }
  });

  it('the help button and the skip link say what they do', () => {
    expect(render(<ShortcutHelpButton />)).toContain('aria-haspopup="dialog" aria-keyshortcuts="?"');
    expect(render(<ShortcutHelpButton />, ['zh-CN'])).toContain('键盘快捷键（?）');
    expect(render(<SkipLink />)).toContain('>Skip to terminal</a>');
    expect(render(<SkipLink />, ['zh-CN'])).toContain('>跳到终端</a>');
  });

  it('the narrator renders a polite live region, and the visible panel only on request', () => {
    const hidden = render(<AriaNarrator />);
    expect(hidden).toContain('role="status" aria-live="polite" aria-atomic="true"');
    expect(hidden).not.toContain('Narration');
    const shown = render(<AriaNarrator visible />, ['zh-CN']);
    expect(shown).toContain('>旁白</h2>');
    expect(shown).toContain(zhCN['narration.empty']);
  });
});
