/**
 * Asks before the header's cluster controls (the scale dial, the topology select) or a
 * `sim topology …` the learner types (src/ui/terminal/rebuild.ts) rebuild the cluster under a
 * running lesson. A lesson starts its own cluster (its topology and seed) and its steps describe
 * that cluster — "this cluster has four machines", the kubelets a prediction counts — so a
 * cluster rebuilt under it would make them untrue. Rebuilding therefore leaves the lesson: its
 * progress is saved with the run it had, and resuming it brings that cluster back. A finished
 * lesson describes nothing any more, so it does not stand in the way. (A lesson's own
 * `sim topology` step goes through the bridge directly and is never asked about.)
 */
import type { Text } from '../../lesson-runtime/schema';
import { useT, type Translate } from '../i18n/react';
import { useLessonController, useLessons, useText } from '../lessons/react';
import type { LessonsState } from '../lessons/state';
import { ConfirmDialog } from './ConfirmDialog';

/** The running lesson a rebuilt cluster would leave behind, if any. */
export interface LessonInTheWay {
  title: Text;
  /** A built-in lesson, whose progress (with its run) is saved; a learner's own file or a drill's demonstration is not. */
  saved: boolean;
}

/**
 * A lesson starting counts as much as one running: from the click on Start (or a lesson link's
 * first paint) it is rebuilding the cluster for its first step, which would then describe four
 * machines beside the thousand dialled meanwhile. Leaving it cancels the start
 * (LessonController.exit).
 */
export function lessonInTheWay({ active, starting }: Pick<LessonsState, 'active' | 'starting'>): LessonInTheWay | undefined {
  if (starting) return { title: starting.title, saved: starting.saved };
  if (!active || active.phase === 'finished') return undefined;
  return { title: active.entry.lesson.title, saved: !active.own };
}

/** lessonInTheWay of the lesson running (or starting) now. */
export function useLessonInTheWay(): LessonInTheWay | undefined {
  const active = useLessons((s) => s.active);
  const starting = useLessons((s) => s.starting);
  return lessonInTheWay({ active, starting });
}

/**
 * What the rebuild would do: a new size (the scale dial), another topology (the select), or a
 * `sim topology …` line typed in the terminal, quoted as typed (its flags can change anything).
 */
export type ClusterChange = { kind: 'scale'; nodes: string; boot: string } | { kind: 'topology'; topology: string } | { kind: 'command'; line: string; boot: string };

export interface LeaveLessonDialogProps {
  lesson: LessonInTheWay;
  change: ClusterChange;
  /** After the lesson is left (its progress saved with the run it had): the rebuild itself. */
  onConfirm: () => void;
  onCancel: () => void;
}

/** The question's words: which lesson, what the change is, and what happens to the progress. */
export function leaveLessonBody(t: Translate, lesson: string, saved: boolean, change: ClusterChange): string {
  const savedNote = saved ? t('run.leave.saved') : '';
  const body =
    change.kind === 'scale'
      ? t('run.leave.scale', { lesson, nodes: change.nodes, saved: savedNote, boot: change.boot })
      : change.kind === 'topology'
        ? t('run.leave.topology', { lesson, topology: change.topology, saved: savedNote })
        : t('run.leave.command', { lesson, line: change.line, saved: savedNote, boot: change.boot });
  // An empty part (no saved progress, a quick boot) leaves no stray space behind.
  return body.replace(/ {2,}/g, ' ').trim();
}

export function LeaveLessonDialog({ lesson, change, onConfirm, onCancel }: LeaveLessonDialogProps) {
  const t = useT();
  const text = useText();
  const lessons = useLessonController();
  // Leaving first saves the lesson with the run it had, so resuming it rebuilds its own cluster.
  const leave = (): void => {
    lessons?.exit();
    onConfirm();
  };
  // Staying is the safe answer: Enter keeps the lesson.
  return (
    <ConfirmDialog
      title={t('run.leave.title')}
      body={leaveLessonBody(t, text(lesson.title), lesson.saved, change)}
      confirmLabel={t('run.leave.confirm')}
      cancelLabel={t('run.leave.cancel')}
      onConfirm={leave}
      onCancel={onCancel}
      focus="cancel"
      testId="leave-lesson-dialog"
      confirmTestId="leave-lesson-confirm"
      cancelTestId="leave-lesson-cancel"
    />
  );
}
