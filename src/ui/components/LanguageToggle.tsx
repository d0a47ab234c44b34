import { useLocale, useT } from '../i18n/react';

/**
 * One button that flips between the two languages. Its visible text is the target language's
 * own name; the accessible name starts with that text (WCAG 2.5.3) and says what it does.
 */
export function LanguageToggle() {
  const [locale, setLocale] = useLocale();
  const t = useT();
  const target = locale === 'en' ? 'zh-CN' : 'en';
  return (
    <button type="button" className="lang-toggle" aria-label={`${t('lang.switchTo')} — ${t('lang.switchToLabel')}`} onClick={() => setLocale(target)}>
      <span lang={target}>{t('lang.switchTo')}</span>
    </button>
  );
}
