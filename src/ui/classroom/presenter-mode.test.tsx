import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createLocaleStore } from '../i18n/locale';
import { LocaleContext } from '../i18n/react';
import { audienceLink, ClassroomBar } from './ClassroomBar';
import { PresenterToggle } from './PresenterToggle';
import { createPresenterMode, PRESENTER_STORAGE_KEY, readPresenterMode } from './presenter-mode';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

function fakeRoot() {
  const classes = new Set<string>();
  return {
    classes,
    classList: {
      toggle: (name: string, force?: boolean) => {
        const on = force ?? !classes.has(name);
        if (on) classes.add(name);
        else classes.delete(name);
        return on;
      },
    },
  };
}

describe('presenter mode', () => {
  it('is off by default and remembers the choice in storage', () => {
    const storage = memoryStorage();
    const root = fakeRoot();
    const mode = createPresenterMode(storage, root);
    expect(mode.store.getState().on).toBe(false);
    expect(root.classes.has('presenter')).toBe(false);
    mode.toggle();
    expect(root.classes.has('presenter')).toBe(true);
    expect(storage.data.get(PRESENTER_STORAGE_KEY)).toBe('on');

    // The next visit starts in presenter mode, class applied before any render.
    const again = fakeRoot();
    expect(createPresenterMode(storage, again).store.getState().on).toBe(true);
    expect(again.classes.has('presenter')).toBe(true);
    mode.set(false);
    expect(readPresenterMode(storage)).toBe(false);
    expect(root.classes.has('presenter')).toBe(false);
  });

  it('works without storage, and with a storage that throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceeded');
      },
    };
    const root = fakeRoot();
    const mode = createPresenterMode(throwing, root);
    expect(mode.store.getState().on).toBe(false);
    mode.toggle();
    expect(mode.store.getState().on).toBe(true);
    expect(root.classes.has('presenter')).toBe(true);
    expect(createPresenterMode(undefined, undefined).store.getState().on).toBe(false);
  });
});

const render = (node: ReactNode, languages = ['en-US']) =>
  renderToStaticMarkup(<LocaleContext.Provider value={createLocaleStore(undefined, languages)}>{node}</LocaleContext.Provider>);

describe('classroom controls', () => {
  it('the toggle shows its state as aria-pressed', () => {
    const mode = createPresenterMode(memoryStorage({ [PRESENTER_STORAGE_KEY]: 'on' }), undefined);
    expect(render(<PresenterToggle mode={mode} />)).toContain('aria-pressed="true"');
    // (A static render reads the store's initial state, so a second mode stands for "off".)
    const off = createPresenterMode(memoryStorage({ [PRESENTER_STORAGE_KEY]: 'off' }), undefined);
    expect(render(<PresenterToggle mode={off} />)).toMatch(/aria-pressed="false"[^>]*>.*Presenter mode<\/button>/);
  });

  it('a presenter gets the toggle and the audience button; the audience only the banner', () => {
    const mode = createPresenterMode(memoryStorage(), undefined);
    const presenter = render(<ClassroomBar role="presenter" shareLink={() => '/?seed=1'} mode={mode} />);
    expect(presenter).toContain('Presenter mode');
    expect(presenter).toContain('Open audience window');
    const audience = render(<ClassroomBar role="audience" shareLink={() => '/?seed=1'} mode={mode} />, ['zh-CN']);
    expect(audience).toContain('正在跟随演示者——仅供观看');
    expect(audience).not.toContain('演示模式');
  });

  it('the audience link is the presenter’s link marked view=audience', () => {
    expect(audienceLink('http://h/?seed=1&topology=basic')).toBe('http://h/?seed=1&topology=basic&view=audience');
    expect(audienceLink('http://h/')).toBe('http://h/?view=audience');
  });
});
