/** A resize handle between two panes: a visible grip, keyboard-operable (arrow keys) and labelled. */
import { PanelResizeHandle } from 'react-resizable-panels';
import { useT } from '../i18n/react';

export function Splitter({ direction }: { direction: 'horizontal' | 'vertical' }) {
  const t = useT();
  return (
    <PanelResizeHandle className={`splitter splitter-${direction}`} aria-label={t(direction === 'horizontal' ? 'layout.resizeColumns' : 'layout.resizeRows')}>
      <span className="splitter-grip" aria-hidden="true" />
    </PanelResizeHandle>
  );
}
