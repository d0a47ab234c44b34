/**
 * One screen at 1280×720 and up: the architecture diagram in the centre, the lesson / sequence /
 * narration column beside it, the dock (terminal and tools) below. Every split is resizable and
 * remembered per user (react-resizable-panels' autoSaveId, in localStorage).
 */
import { Panel, PanelGroup } from 'react-resizable-panels';
import { ArchitectureView } from '../diagram/ArchitectureView';
import { Dock } from './Dock';
import { SidePanel } from './SidePanel';
import { Splitter } from './Splitter';
import { Welcome } from './Welcome';

export interface StageProps {
  files: readonly string[];
  manifests: Record<string, string>;
  presenter: boolean;
  /** An audience window: view only, so the dock offers only what one can look at. */
  audience?: boolean;
}

/** What an audience window's dock shows: views of the cluster, nothing that acts on it. */
export const AUDIENCE_TABS = ['lists', 'events', 'inspector'] as const;

/**
 * Default splits (percent) per kind of page, each remembered under its own key. A projected
 * audience window reads a lesson's question from the side column at presenter size, so it gets
 * a wider column and a shorter dock.
 */
function splits(presenter: boolean, audience: boolean): { key: string; top: number; diagram: number } {
  if (audience) return { key: 'audience', top: 80, diagram: 58 };
  return presenter ? { key: 'presenter', top: 72, diagram: 70 } : { key: '', top: 68, diagram: 70 };
}

export function DesktopStage({ files, manifests, presenter, audience = false }: StageProps) {
  const s = splits(presenter, audience);
  const suffix = s.key ? `.${s.key}` : '';
  return (
    <PanelGroup direction="vertical" autoSaveId={`reconcile.stage${suffix}`} className="stage-split">
      <Panel id="top" order={1} defaultSize={s.top} minSize={30}>
        <PanelGroup direction="horizontal" autoSaveId={`reconcile.columns${suffix}`}>
          <Panel id="diagram" order={1} defaultSize={s.diagram} minSize={35} className="stage-pane">
            <div className="stage-centre" data-shortcuts>
              <ArchitectureView />
              <Welcome />
            </div>
          </Panel>
          <Splitter direction="horizontal" />
          <Panel id="side" order={2} defaultSize={100 - s.diagram} minSize={18} className="stage-pane side-pane" data-shortcuts>
            <SidePanel presenter={presenter} />
          </Panel>
        </PanelGroup>
      </Panel>
      <Splitter direction="vertical" />
      <Panel id="dock" order={2} defaultSize={100 - s.top} minSize={12} className="stage-pane">
        <Dock files={files} manifests={manifests} {...(audience ? { tabs: AUDIENCE_TABS } : {})} />
      </Panel>
    </PanelGroup>
  );
}
