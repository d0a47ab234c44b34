/**
 * Beside the diagram: the running lesson (when there is one) above the sequence of messages and
 * the narration, all showing the same moment. With a lesson the split between them is resizable.
 * The instructor console opens here too, in their place, so faults are one click from the picture.
 */
import { Suspense, lazy } from 'react';
import { Panel, PanelGroup } from 'react-resizable-panels';
import { useStore } from 'zustand';
import { useT } from '../i18n/react';
import { layoutStore } from './layout-store';
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
  const instructor = useStore(layoutStore, (l) => l.instructor);
  if (instructor) {
    return (
      <Suspense fallback={<p className="empty">{t('layout.loading')}</p>}>
        <InstructorConsole />
      </Suspense>
    );
  }
  if (!lesson) return <Story />;
  return (
    <PanelGroup direction="vertical" autoSaveId="reconcile.side" className="side-split">
      <Panel id="lesson" order={1} defaultSize={70} minSize={25} className="side-pane">
        <LessonPanel presenter={presenter} />
      </Panel>
      <Splitter direction="vertical" />
      <Panel id="story" order={2} defaultSize={30} minSize={15} className="side-pane">
        <Story />
      </Panel>
    </PanelGroup>
  );
}
