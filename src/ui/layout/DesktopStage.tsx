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

export function DesktopStage({ files, manifests, presenter, audience = false }: StageProps) {
  return (
    <PanelGroup direction="vertical" autoSaveId={presenter ? 'reconcile.stage.presenter' : 'reconcile.stage'} className="stage-split">
      <Panel id="top" order={1} defaultSize={presenter ? 72 : 68} minSize={30}>
        <PanelGroup direction="horizontal" autoSaveId={presenter ? 'reconcile.columns.presenter' : 'reconcile.columns'}>
          <Panel id="diagram" order={1} defaultSize={70} minSize={35} className="stage-pane">
            <div className="stage-centre" data-shortcuts>
              <ArchitectureView />
              <Welcome />
            </div>
          </Panel>
          <Splitter direction="horizontal" />
          <Panel id="side" order={2} defaultSize={30} minSize={18} className="stage-pane side-pane" data-shortcuts>
            <SidePanel presenter={presenter} />
          </Panel>
        </PanelGroup>
      </Panel>
      <Splitter direction="vertical" />
      <Panel id="dock" order={2} defaultSize={presenter ? 28 : 32} minSize={12} className="stage-pane">
        <Dock files={files} manifests={manifests} {...(audience ? { tabs: AUDIENCE_TABS } : {})} />
      </Panel>
    </PanelGroup>
  );
}
