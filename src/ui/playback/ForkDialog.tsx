/**
 * Asks before a command typed in the past discards the future (the bridge holds the command in
 * `playback.pendingFork` until the learner answers).
 */
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useBridge } from '../bridge/react';
import { useT } from '../i18n/react';
import { useApp } from '../store/react';
import { useTimeLabel } from './use-time-label';

export function ForkDialog() {
  const t = useT();
  const bridge = useBridge();
  const pending = useApp((s) => s.playback.pendingFork);
  const time = useTimeLabel();
  if (!pending) return null;
  return (
    <ConfirmDialog
      title={t('fork.title')}
      body={t('fork.body', { time: time(pending.atMs), line: pending.line })}
      confirmLabel={t('fork.confirm')}
      cancelLabel={t('fork.cancel')}
      onConfirm={() => bridge.confirmFork()}
      onCancel={() => bridge.cancelFork()}
      focus="confirm"
      testId="fork-dialog"
    />
  );
}
