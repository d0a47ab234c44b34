/**
 * Beside the diagram: the running lesson (when there is one) above the sequence of messages and
 * the narration, all showing the same moment. With a lesson the split between them is resizable.
 * An audience window shows the presenter's lesson there instead, read-only.
 * The instructor console opens here too, in their place, so faults are one click from the picture.
 */
import { Suspense, lazy } from 'react';
import { Panel, PanelGroup } from 'react-resizable-panels';
import { useStore } from 'zustand';
import { useT } from '../i18n/react';
import { layoutStore } from './layout-store';
import { AudienceLesson } from '../lessons/AudienceLesson';
import { LessonPanel } from '../lessons/LessonPanel';
import { useLessons } from '../lessons/react';
import { AriaNarrator } from '../narration/AriaNarrator';
import { SequenceView } from '../sequence/SequenceView';
import { Splitter } from './Splitter';

export function Story() {
  return (
    <div className="story">
      <SequenceView />
      <AriaNarrator visible />
    </div>
  );
}

const InstructorConsole = lazy(() => import('../instructor').then((m) => ({ default: m.InstructorConsole })));

export function SidePanel({ presenter }: { presenter: boolean }) {
  const t = useT();
  const lesson = useLessons((s) => s.active !== undefined);
  const followed = useLessons((s) => s.followed !== undefined);
  const instructor = useStore(layoutStore, (l) => l.instructor);
  if (instructor) {
    return (
      <Suspense fallback={<p className="empty">{t('layout.loading')}</p>}>
        <InstructorConsole />
      </Suspense>
    );
  }
  if (!lesson && !followed) return <Story />;
  // The room reads the question from afar, in large type: it gets most of the column.
  const audience = !lesson;
  return (
    <PanelGroup direction="vertical" autoSaveId={audience ? 'reconcile.side.audience' : 'reconcile.side'} className="side-split">
      <Panel id="lesson" order={1} defaultSize={audience ? 85 : 70} minSize={25} className="side-pane">
        {lesson ? <LessonPanel presenter={presenter} /> : <AudienceLesson />}
      </Panel>
      <Splitter direction="vertical" />
      <Panel id="story" order={2} defaultSize={audience ? 15 : 30} minSize={audience ? 10 : 15} className="side-pane">
        <Story />
      </Panel>
    </PanelGroup>
  );
}
