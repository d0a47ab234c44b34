/**
 * Light, dark, or the system's choice, remembered: one button that cycles through the three, its
 * icon and accessible name saying which is on. The theme is `data-theme` on <html>; the colour
 * tokens in layout.css follow it (presenter mode keeps its own high-contrast theme).
 */
import { Monitor, Moon, Sun } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/react';
import type { MessageKey } from '../i18n/catalog';
import { readChoice, writeChoice } from './remembered';

type Theme = 'system' | 'light' | 'dark';
const KEY = 'reconcile.theme';
const NEXT: Record<Theme, Theme> = { system: 'light', light: 'dark', dark: 'system' };
const LABEL: Record<Theme, MessageKey> = { system: 'layout.theme.system', light: 'layout.theme.light', dark: 'layout.theme.dark' };

export function applyTheme(theme: Theme): void {
  if (theme === 'system') document.documentElement.removeAttribute('data-theme');
  else document.documentElement.setAttribute('data-theme', theme);
}

/** The remembered theme, applied before the first render (no flash of the wrong colours). */
export function initialTheme(): Theme {
  const saved = readChoice(KEY);
  const theme: Theme = saved === 'light' || saved === 'dark' ? saved : 'system';
  applyTheme(theme);
  return theme;
}

export function ThemeToggle() {
  const t = useT();
  const [theme, setTheme] = useState<Theme>(() => (typeof document === 'undefined' ? 'system' : initialTheme()));
  useEffect(() => applyTheme(theme), [theme]);
  const Icon = theme === 'dark' ? Moon : theme === 'light' ? Sun : Monitor;
  const label = `${t('layout.theme')}: ${t(LABEL[theme])}`;
  return (
    <button
      type="button"
      className="icon-button"
      data-testid="theme"
      data-theme={theme}
      aria-label={label}
      title={label}
      onClick={() => {
        const next = NEXT[theme];
        writeChoice(KEY, next);
        setTheme(next);
      }}
    >
      <Icon size={16} aria-hidden="true" />
      <span className="more-label">{label}</span>
    </button>
  );
}
