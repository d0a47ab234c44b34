import { useStore } from 'zustand';
import { useT } from '../i18n/react';
import { dismissUpdate, updateStore } from './update';
import './offline.css';

/** The update toast while a new version of the app waits; nothing otherwise. */
export function UpdatePrompt() {
  const apply = useStore(updateStore, (s) => s.apply);
  return apply ? <UpdateToast onReload={apply} onLater={dismissUpdate} /> : null;
}

/** A small toast: reload into the new version now, or later. */
export function UpdateToast({ onReload, onLater }: { onReload: () => void; onLater: () => void }) {
  const t = useT();
  return (
    <div className="update-toast" role="status" aria-live="polite" data-testid="update-toast">
      <p>{t('offline.update.available')}</p>
      <div className="update-toast-actions">
        <button type="button" className="update-toast-reload" onClick={onReload}>
          {t('offline.update.reload')}
        </button>
        <button type="button" onClick={onLater}>
          {t('offline.update.later')}
        </button>
      </div>
    </div>
  );
}
