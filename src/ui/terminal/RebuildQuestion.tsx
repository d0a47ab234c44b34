/**
 * The question a `sim topology …` typed under a running (or starting) lesson waits for: the
 * dial's "Leave the lesson?", quoting the line. Leaving runs it, as the dial runs its own line;
 * staying drops it (↑ recalls it). A lesson's own `sim topology` step never comes here: the
 * lesson runtime types through the bridge, not through the terminal's prompt.
 */
import { useEffect } from 'react';
import { useBridge } from '../bridge/react';
import { LeaveLessonDialog, useLessonInTheWay } from '../components/LeaveLessonDialog';
import { runRebuild, SLOW_BOOT } from '../components/ScaleDial';
import { useT } from '../i18n/react';
import { useAppStore } from '../store/react';
import { rebuildOf } from './rebuild';

export function RebuildQuestion({ line, onAnswered }: { line: string; onAnswered: () => void }) {
  const t = useT();
  const bridge = useBridge();
  const store = useAppStore();
  const lesson = useLessonInTheWay();
  // A lesson gone by some other way leaves nothing to ask about; the line is not run unasked.
  useEffect(() => {
    if (!lesson) onAnswered();
  }, [lesson, onAnswered]);
  if (!lesson) return null;
  const nodes = rebuildOf(line)?.nodes;
  const leave = (): void => {
    runRebuild(bridge, store, line);
    onAnswered();
  };
  return <LeaveLessonDialog lesson={lesson} change={{ kind: 'command', line, boot: nodes !== undefined && nodes >= SLOW_BOOT ? t('scale.bootSlow') : '' }} onConfirm={leave} onCancel={onAnswered} />;
}
