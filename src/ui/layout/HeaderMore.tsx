/**
 * The header's less frequent controls (instructor console, attach, classroom, language, theme,
 * shortcuts). From 1280 px on they sit in the header's one line as always: this wrapper and its
 * panel are `display: contents` and the toggle is hidden. Narrower, they fold behind one "more"
 * button (layout.css), so the controls a learner needs all the time — lessons, drills, the clock,
 * the topology and the node count — stay on screen, on a phone in a second row.
 *
 * The panel is only hidden when closed, never unmounted: each control keeps its own state (the
 * theme, an open attach form) whether the panel shows or not. It closes on its toggle, on Escape
 * (the focus goes back to the toggle) and on a press anywhere else; a control used inside it
 * leaves it open, so the theme can be cycled and the change seen.
 */
import { Ellipsis } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useT } from '../i18n/react';

export function HeaderMore({ children }: { children: ReactNode }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent): void => {
      if (e.target instanceof Node && !root.current?.contains(e.target)) setOpen(false);
    };
    const escape = (e: KeyboardEvent): void => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <div ref={root} className="header-more" data-open={open ? 'true' : 'false'}>
      <button
        ref={toggle}
        type="button"
        className="icon-button header-more-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('layout.more')}
        title={t('layout.more')}
        onClick={() => setOpen((o) => !o)}
        data-testid="header-more"
      >
        <Ellipsis size={16} aria-hidden="true" />
      </button>
      <div id={panelId} className="header-more-panel" data-testid="header-more-panel">
        {children}
      </div>
    </div>
  );
}
