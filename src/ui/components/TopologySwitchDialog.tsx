/**
 * Asks before switching the topology discards the run. A run on another topology cannot be
 * replayed faithfully (its nodes, control-plane instances and fault targets differ, so the same
 * commands mean something else), so switching starts a new cluster; this says so first, naming
 * what would be lost. It is the app's ConfirmDialog, like the fork dialog.
 */
import type { Topology } from '../../protocol/messages';
import { useT } from '../i18n/react';
import { ConfirmDialog } from './ConfirmDialog';

export interface TopologySwitchDialogProps {
  to: Topology;
  /** Commands in the run that would be discarded. */
  commands: number;
  onConfirm: () => void;
  onCancel: () => void;
}

export function TopologySwitchDialog({ to, commands, onConfirm, onCancel }: TopologySwitchDialogProps) {
  const t = useT();
  // The safe answer has the focus: Enter keeps the run.
  return (
    <ConfirmDialog
      title={t('run.switch.title')}
      body={t('run.switch.body', { topology: t(to === 'ha' ? 'run.topology.ha' : 'run.topology.basic'), count: commands })}
      confirmLabel={t('run.switch.confirm')}
      cancelLabel={t('run.switch.cancel')}
      onConfirm={onConfirm}
      onCancel={onCancel}
      focus="cancel"
      testId="topology-dialog"
      confirmTestId="topology-confirm"
      cancelTestId="topology-cancel"
    />
  );
}
