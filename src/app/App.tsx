import { Suspense, lazy, useEffect } from 'react';
import { ConnectionBanner } from '../ui/components/ConnectionBanner';
import type { Topology } from '../protocol/messages';
import { LanguageToggle } from '../ui/components/LanguageToggle';
import { RunControls } from '../ui/components/RunControls';
import { NodeList } from '../ui/components/NodeList';
import { PodList } from '../ui/components/PodList';
import { SimClock } from '../ui/components/SimClock';
import { Terminal } from '../ui/components/Terminal';
import { ArchitectureView } from '../ui/diagram/ArchitectureView';
import { SequenceView } from '../ui/sequence/SequenceView';
import { ForkDialog } from '../ui/playback/ForkDialog';
import { PlaybackBar } from '../ui/playback/PlaybackBar';
import { Inspector } from '../ui/inspector/Inspector';
import { EventsTable } from '../ui/inspector/EventsTable';
import { TrafficPanel } from '../ui/traffic/TrafficPanel';
import { InstructorConsole } from '../ui/instructor';
import { KeyboardShortcuts } from '../ui/keyboard/KeyboardShortcuts';
import { ShortcutHelpButton } from '../ui/keyboard/ShortcutHelpButton';
import { SkipLink } from '../ui/keyboard/SkipLink';
import { AriaNarrator } from '../ui/narration/AriaNarrator';
import { useLocale, useT } from '../ui/i18n/react';
import { ClassroomBar } from '../ui/classroom/ClassroomBar';
import { LessonCatalog } from '../ui/lessons/LessonCatalog';
import { LessonPanel } from '../ui/lessons/LessonPanel';
import { LessonsButton } from '../ui/lessons/LessonsButton';
import type { ClassroomRole } from '../ui/classroom/install';

export interface AppProps {
  files: readonly string[];
  /** The example manifests by file name (the YAML editor's starters). */
  manifests: Record<string, string>;
  topology: Topology;
  onTopology: (t: Topology) => void;
  /** A link reproducing the run to the moment shown. */
  shareLink: () => string;
  /** A presenter's page (the default) or an audience window following one. */
  classroomRole?: ClassroomRole;
}

/** CodeMirror is the largest part of the bundle and not needed to start: it loads after first paint. */
const YamlEditor = lazy(() => import('../ui/editor/YamlEditor').then((m) => ({ default: m.YamlEditor })));

export function App({ files, manifests, topology, onTopology, shareLink, classroomRole = 'presenter' }: AppProps) {
  const t = useT();
  const [locale] = useLocale();
  useEffect(() => {
    document.documentElement.lang = locale;
    document.title = `${t('app.title')} — ${t('app.tagline')}`;
  }, [locale, t]);

  return (
    <div className="app">
      <SkipLink />
      <header className="app-header">
        <div className="brand">
          <h1>{t('app.title')}</h1>
          <p className="tagline">{t('app.tagline')}</p>
        </div>
        <LessonsButton />
        <SimClock />
        <RunControls topology={topology} onTopology={onTopology} shareLink={shareLink} />
        <ClassroomBar role={classroomRole} shareLink={shareLink} />
        <LanguageToggle />
        <ShortcutHelpButton />
      </header>
      <PlaybackBar />
      <ConnectionBanner />
      <ForkDialog />
      <LessonCatalog />
      <KeyboardShortcuts />
      <main className="classroom">
        {/* Type a command, watch its messages: the terminal beside the sequence of hops. */}
        <LessonPanel />
        <div className="classroom-row classroom-start">
          <Terminal files={files} />
          <div className="classroom-stack">
            <SequenceView />
            <AriaNarrator visible />
          </div>
        </div>
        {/* The picture from the syllabus, as wide as the page allows. */}
        <ArchitectureView />
        <div className="classroom-row classroom-inspect">
          <Inspector />
          <EventsTable />
        </div>
        <div className="classroom-row classroom-tools">
          <Suspense
            fallback={
              <section className="panel" aria-busy="true">
                <h2>{t('editor.title')}</h2>
              </section>
            }
          >
            <YamlEditor files={manifests} />
          </Suspense>
          <InstructorConsole />
          <div className="classroom-stack">
            <TrafficPanel />
            <NodeList />
            <PodList />
          </div>
        </div>
      </main>
    </div>
  );
}
