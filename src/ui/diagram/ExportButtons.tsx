/**
 * "PNG" and "SVG" buttons over the diagram, in the controls' strip (under the zoom buttons, or
 * beside them at the bottom of a narrow canvas). They live in a React Flow Panel, outside
 * `.react-flow__viewport`, so they never appear in the picture they export.
 */
import { Panel, useReactFlow } from '@xyflow/react';
import { useState, type MouseEvent } from 'react';
import { useT } from '../i18n/react';
import { downloadDataUrl, exportFileName, renderDiagram, type ExportFormat } from './export';

export function ExportButtons({ narrow = false }: { narrow?: boolean }) {
  const t = useT();
  const flow = useReactFlow();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const run = async (e: MouseEvent<HTMLButtonElement>, format: ExportFormat): Promise<void> => {
    const viewport = e.currentTarget.closest('.react-flow')?.querySelector<HTMLElement>('.react-flow__viewport');
    if (!viewport) return;
    setBusy(true);
    setError(undefined);
    try {
      const url = await renderDiagram(viewport, flow.getNodesBounds(flow.getNodes()), format);
      downloadDataUrl(url, exportFileName(format));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel position={narrow ? 'bottom-right' : 'top-right'} className={`diagram-export no-export${narrow ? ' is-row' : ' is-column'}`}>
      {(['png', 'svg'] as const).map((f) => (
        <button key={f} type="button" disabled={busy} onClick={(e) => void run(e, f)} aria-label={t('diagram.export.label', { format: f.toUpperCase() })}>
          {t(f === 'png' ? 'diagram.export.png' : 'diagram.export.svg')}
        </button>
      ))}
      {error ? (
        <span role="alert" className="diagram-export-error">
          {t('diagram.export.failed', { error })}
        </span>
      ) : null}
    </Panel>
  );
}
