/** The update toast (static render, no DOM) in both languages, and the waiting version's lifecycle. */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocaleStore } from '../i18n/locale';
import { LocaleContext } from '../i18n/react';
import { dismissUpdate, offerUpdate, updateStore } from './update';
import { UpdatePrompt, UpdateToast } from './UpdatePrompt';

function render(node: ReactElement, languages = ['en-US']): string {
  return renderToStaticMarkup(<LocaleContext.Provider value={createLocaleStore(undefined, languages)}>{node}</LocaleContext.Provider>);
}

describe('update prompt', () => {
  afterEach(() => dismissUpdate());

  it('shows nothing while no new version waits', () => {
    expect(render(<UpdatePrompt />)).toBe('');
  });

  it('is a polite status with Reload and Later, in English and Chinese', () => {
    const toast = <UpdateToast onReload={() => {}} onLater={() => {}} />;
    const html = render(toast);
    expect(html).toMatch(/^<div class="update-toast" role="status" aria-live="polite"/);
    expect(html).toContain('<p>A new version is available.</p>');
    expect(html).toContain('>Reload</button>');
    expect(html).toContain('>Later</button>');
    const zh = render(toast, ['zh-CN']);
    expect(zh).toContain('<p>有新版本可用。</p>');
    expect(zh).toContain('>重新加载</button>');
    expect(zh).toContain('>稍后</button>');
  });

  it('Reload runs the activation the service worker offered; Later withdraws the offer', () => {
    let applied = 0;
    offerUpdate(() => applied++);
    updateStore.getState().apply?.();
    expect(applied).toBe(1);
    dismissUpdate();
    expect(updateStore.getState().apply).toBeUndefined();
  });
});
