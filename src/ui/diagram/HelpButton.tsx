/**
 * The diagram's "how to use it" in the controls' strip: a button that shows the hint beside it
 * (clicking a component opens its card, right-clicking or Shift+F10 opens its fault menu; while
 * a prediction asks, clicking answers). Outside the viewport, so never exported.
 */
import { Panel } from '@xyflow/react';
import { Info } from 'lucide-react';
import { useId, useState } from 'react';
import { useT } from '../i18n/react';

export function HelpButton({ text, narrow = false }: { text: string; narrow?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Panel position={narrow ? 'bottom-center' : 'top-right'} className={`diagram-help no-export${narrow ? ' is-row' : ' is-column'}`}>
      <button type="button" aria-expanded={open} aria-controls={id} aria-label={t('diagram.help')} title={t('diagram.help')} onClick={() => setOpen((o) => !o)}>
        <Info size={16} aria-hidden="true" />
      </button>
      <p id={id} className="diagram-help-text" hidden={!open}>
        {text}
      </p>
    </Panel>
  );
}
