/**
 * The header's "more" button as markup: a disclosure (closed at first) naming the panel it
 * controls, in both languages, with the controls it folds inside that panel — always rendered, so
 * they keep their state while it is closed. Which of them show where is layout.css's business and
 * the browser's test (e2e/header.spec.ts).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createLocaleStore } from '../i18n/locale';
import { LocaleContext } from '../i18n/react';
import { HeaderMore } from './HeaderMore';

function render(languages: readonly string[]): string {
  return renderToStaticMarkup(
    <LocaleContext.Provider value={createLocaleStore(undefined, languages)}>
      <HeaderMore>
        <button type="button" data-testid="inside">
          x
        </button>
      </HeaderMore>
    </LocaleContext.Provider>,
  );
}

describe('HeaderMore', () => {
  it('is a closed disclosure controlling the panel that holds its controls', () => {
    const html = render(['en-US']);
    const controls = /aria-controls="([^"]+)"/.exec(html)?.[1];
    expect(controls).toBeTruthy();
    expect(html).toContain('data-open="false"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('aria-label="More controls"');
    const panel = new RegExp(`<div id="${controls}" class="header-more-panel"[^>]*><button type="button" data-testid="inside">x</button></div>`);
    expect(html).toMatch(panel);
  });

  it('is named in Chinese too', () => {
    expect(render(['zh-CN'])).toContain('aria-label="更多控件"');
  });
});
