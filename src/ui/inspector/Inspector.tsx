/**
 * The object inspector: the cluster's objects as an ownership tree beside the selected object's
 * YAML and write history, all at the moment the timeline shows. No props; mount anywhere inside
 * the app's store, bridge and locale providers.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { useT } from '../i18n/react';
import { layoutStore } from '../layout/layout-store';
import { useApp } from '../store/react';
import type { AppState } from '../store/store';
import { ObjectTree } from './ObjectTree';
import { ObjectView } from './ObjectView';
import { objectTree, type TreeNode } from './tree';
import { pathTo } from './tree-nav';
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
  // An object asked for from elsewhere (a Pod clicked on the diagram): selected, its tree opened to it.
  const asked = useStore(layoutStore, (l) => l.inspect);
  const [reveal, setReveal] = useState<{ ids: string[]; seq: number }>();
  useEffect(() => {
    if (!asked || reveal?.seq === asked.seq) return;
    const path = pathTo(tree, asked.key);
    if (!path) return;
    const node = path[path.length - 1]!;
    setSelected({ id: node.id, key: asked.key });
    setReveal({ ids: path.map((n) => n.id), seq: asked.seq });
  }, [asked, tree, reveal]);
  return (
    <section className="panel inspector" aria-labelledby={headingId} data-testid="inspector">
      <h2 id={headingId}>{t('insp.title')}</h2>
      <div className="insp-layout">
        <div className="insp-tree-pane">
          <ObjectTree tree={tree} selectedId={selected?.id} onSelect={onSelect} {...(reveal ? { reveal } : {})} />
        </div>
        <div className="insp-view-pane">{selected ? <ObjectView objectKey={selected.key} /> : <p className="empty">{t('insp.pick')}</p>}</div>
      </div>
    </section>
  );
}
