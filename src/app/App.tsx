import { useEffect } from 'react';
import { ConnectionBanner } from '../ui/components/ConnectionBanner';
import { LanguageToggle } from '../ui/components/LanguageToggle';
import { NodeList } from '../ui/components/NodeList';
import { PodList } from '../ui/components/PodList';
import { SimClock } from '../ui/components/SimClock';
import { SimControls } from '../ui/components/SimControls';
import { Terminal } from '../ui/components/Terminal';
import { ArchitectureView } from '../ui/diagram/ArchitectureView';
import { SequenceView } from '../ui/sequence/SequenceView';
import { useLocale, useT } from '../ui/i18n/react';

export interface AppProps {
  files: readonly string[];
}

export function App({ files }: AppProps) {
  const t = useT();
  const [locale] = useLocale();
  useEffect(() => {
    document.documentElement.lang = locale;
    document.title = `${t('app.title')} — ${t('app.tagline')}`;
  }, [locale, t]);

  return (
    <div className="app">
      <header className="app-header">
        <div className="brand">
          <h1>{t('app.title')}</h1>
          <p className="tagline">{t('app.tagline')}</p>
        </div>
        <SimClock />
        <SimControls />
        <LanguageToggle />
      </header>
      <ConnectionBanner />
      <main className="app-main">
        <div className="cluster">
          <NodeList />
          <PodList />
        </div>
        <Terminal files={files} />
      </main>
      <div className="app-views">
        <ArchitectureView />
        <SequenceView />
      </div>
    </div>
  );
}
