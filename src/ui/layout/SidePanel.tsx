/**
 * Beside the diagram: the running lesson (when there is one) above the sequence of messages and
 * the narration, all showing the same moment. With a lesson the split between them is resizable.
 * An audience window shows the presenter's lesson there instead, read-only. On a question step
 * the lesson takes most of the column (at 1280×720 the choices, then the verdict and its
 * explanation, would sit below the fold of a 70 % pane) and gives the learner's own split back
 * on the next step that is not a question.
 * The instructor console opens here too, in their place, so faults are one click from the picture.
 */
import { Suspense, lazy, useEffect, useRef } from 'react';
import { Panel, PanelGroup, type ImperativePanelHandle } from 'react-resizable-panels';
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
  // A question step, from its asking through the verdict and its explanation.
  const asking = useLessons((s) => {
    const a = s.active;
    const step = a && a.phase !== 'finished' ? a.entry.lesson.steps[a.context.index] : undefined;
    return step !== undefined && (step.predict !== undefined || step.quiz !== undefined);
  });
  const instructor = useStore(layoutStore, (l) => l.instructor);
  const pane = useRef<ImperativePanelHandle>(null);
  useQuestionRoom(pane, asking);
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
      <Panel ref={pane} id="lesson" order={1} defaultSize={audience ? 85 : 70} minSize={25} className="side-pane">
        {lesson ? <LessonPanel presenter={presenter} /> : <AudienceLesson />}
      </Panel>
      <Splitter direction="vertical" />
      <Panel id="story" order={2} defaultSize={audience ? 15 : 30} minSize={audience ? 10 : 15} className="side-pane">
        <Story />
      </Panel>
    </PanelGroup>
  );
}

/** The lesson pane's share while a question is open (the story keeps its minimum). */
const ASKING_SIZE = 85;

function useQuestionRoom(pane: React.RefObject<ImperativePanelHandle | null>, asking: boolean): void {
  const before = useRef<number | undefined>(undefined);
  useEffect(() => {
    const p = pane.current;
    if (!p) return;
    if (asking) {
      const size = p.getSize();
      if (size >= ASKING_SIZE) return;
      before.current = size;
      p.resize(ASKING_SIZE);
    } else if (before.current !== undefined) {
      p.resize(before.current);
      before.current = undefined;
    }
  }, [pane, asking]);
}
