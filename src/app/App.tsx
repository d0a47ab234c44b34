import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { Topology } from '../protocol/messages';
import { SkippingBanner } from '../ui/lessons/SkippingBanner';
import { ConnectionBanner } from '../ui/components/ConnectionBanner';
import { LanguageToggle } from '../ui/components/LanguageToggle';
import { RunControls } from '../ui/components/RunControls';
import { SimClock } from '../ui/components/SimClock';
import { ForkDialog } from '../ui/playback/ForkDialog';
import { PlaybackBar } from '../ui/playback/PlaybackBar';
import { KeyboardShortcuts } from '../ui/keyboard/KeyboardShortcuts';
import { ShortcutHelpButton } from '../ui/keyboard/ShortcutHelpButton';
import { SkipLink } from '../ui/keyboard/SkipLink';
import { useLocale, useT } from '../ui/i18n/react';
import { ClassroomBar } from '../ui/classroom/ClassroomBar';
import type { ClassroomRole } from '../ui/classroom/install';
import type { StudentLink } from '../ui/classroom/student';
import { AttachControl, type AttachControlProps } from '../ui/components/AttachControl';
import { pagePresenterMode } from '../ui/classroom/presenter-mode';
import { LessonCatalog } from '../ui/lessons/LessonCatalog';
import { LessonsButton } from '../ui/lessons/LessonsButton';
import { DrillsButton, DrillsPage } from '../ui/drills';
import { UpdatePrompt } from '../ui/offline/UpdatePrompt';
import { DesktopStage } from '../ui/layout/DesktopStage';
import { HeaderMore } from '../ui/layout/HeaderMore';
import { InstructorButton } from '../ui/layout/InstructorButton';
import { PhoneStage } from '../ui/layout/PhoneStage';
import { ThemeToggle } from '../ui/layout/ThemeToggle';
import { useNarrow } from '../ui/layout/useNarrow';
import '../ui/layout/layout.css';

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
  /** Attaching to a served cluster (`reconcile serve --open`); absent: no attach control. */
  attach?: AttachControlProps;
  /** A student's page in a classroom across devices. */
  student?: StudentLink;
}

/**
 * The page: a one-line header, the transport bar, and the stage — the diagram in the centre, the
 * lesson / sequence / narration beside it, the terminal and tools docked below (tabs on a phone).
 */
export function App({ files, manifests, topology, onTopology, shareLink, classroomRole = 'presenter', attach, student }: AppProps) {
  const t = useT();
  const [locale] = useLocale();
  const narrow = useNarrow();
  const presenter = useStore(pagePresenterMode().store, (s) => s.on) || classroomRole === 'audience';
  useEffect(() => {
    document.documentElement.lang = locale;
    document.title = `${t('app.title')} — ${t('app.tagline')}`;
  }, [locale, t]);

  const Stage = narrow ? PhoneStage : DesktopStage;
  return (
    <div className="app">
      <SkipLink />
      <header className="app-header">
        <div className="brand">
          <h1>{t('app.title')}</h1>
          <p className="tagline">{t('app.tagline')}</p>
        </div>
        {/* The audience follows the presenter's lesson; one of its own would break the following. */}
        {/* An attached page shows a shared cluster a lesson cannot rebuild. */}
        {classroomRole === 'audience' || attach?.attached ? null : <LessonsButton />}
        {classroomRole === 'audience' ? null : <DrillsButton />}
        <SimClock />
        <RunControls topology={topology} onTopology={onTopology} shareLink={shareLink} />
        {/* An audience's or a student's banner says whom the page follows: never folded away. */}
        {classroomRole === 'audience' ? <ClassroomBar role={classroomRole} shareLink={shareLink} {...(student ? { student } : {})} /> : null}
        {/* Below 1280 px the rest folds behind one button (on a phone the header has two rows). */}
        <HeaderMore>
          {classroomRole === 'audience' ? null : <InstructorButton />}
          {attach && classroomRole !== 'audience' ? <AttachControl {...attach} /> : null}
          {classroomRole === 'audience' ? null : <ClassroomBar role={classroomRole} shareLink={shareLink} />}
          <LanguageToggle />
          <ThemeToggle />
          <ShortcutHelpButton />
        </HeaderMore>
      </header>
      <PlaybackBar />
      <ConnectionBanner />
      <SkippingBanner />
      <UpdatePrompt />
      <ForkDialog />
      <LessonCatalog />
      <DrillsPage />
      <KeyboardShortcuts />
      <main className="stage" id="main">
        <Stage files={files} manifests={manifests} presenter={presenter} audience={classroomRole === 'audience'} />
      </main>
    </div>
  );
}
