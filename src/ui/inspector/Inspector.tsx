/**
 * The object inspector: the cluster's objects as an ownership tree beside the selected object's
 * YAML and write history, all at the moment the timeline shows. No props; mount anywhere inside
 * the app's store, bridge and locale providers.
 */
import { useId, useMemo, useState } from 'react';
import { useT } from '../i18n/react';
import { useApp } from '../store/react';
import type { AppState } from '../store/store';
import { ObjectTree } from './ObjectTree';
import { ObjectView } from './ObjectView';
import { objectTree, type TreeNode } from './tree';
import './inspector.css';

const selectObjects = (s: AppState) => s.cluster.objects;
const selectNow = (s: AppState) => s.cluster.now;
const selectEpoch = (s: AppState) => s.connection.epochMs;

export function Inspector() {
  const t = useT();
  const objects = useApp(selectObjects);
  const now = useApp(selectNow);
  const epochMs = useApp(selectEpoch);
  const tree = useMemo(() => objectTree(objects, epochMs === undefined ? undefined : now), [objects, epochMs, now]);
  const [selected, setSelected] = useState<{ id: string; key: string }>();
  const headingId = useId();
  const onSelect = (n: TreeNode): void => {
    if (n.key !== undefined) setSelected({ id: n.id, key: n.key });
  };
  return (
    <section className="panel inspector" aria-labelledby={headingId} data-testid="inspector">
      <h2 id={headingId}>{t('insp.title')}</h2>
      <div className="insp-layout">
        <div className="insp-tree-pane">
          <ObjectTree tree={tree} selectedId={selected?.id} onSelect={onSelect} />
        </div>
        <div className="insp-view-pane">{selected ? <ObjectView objectKey={selected.key} /> : <p className="empty">{t('insp.pick')}</p>}</div>
      </div>
    </section>
  );
}
