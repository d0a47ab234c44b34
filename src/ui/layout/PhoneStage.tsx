/**
 * A phone: one view fills the screen, chosen with tabs at the bottom — the diagram, the story
 * (the lesson, the sequence and narration), the terminal, and the tools.
 */
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useLessons } from '../lessons/react';
import { ArchitectureView } from '../diagram/ArchitectureView';
import { useT } from '../i18n/react';
import type { MessageKey } from '../i18n/catalog';
import { Dock } from './Dock';
import { layoutStore, PHONE_VIEWS, showPhoneView, type PhoneView } from './layout-store';
import { SidePanel } from './SidePanel';
import { AUDIENCE_TABS, type StageProps } from './DesktopStage';
import { Welcome } from './Welcome';

const LABEL: Record<PhoneView, MessageKey> = {
  stage: 'layout.phone.stage',
  story: 'layout.phone.story',
  terminal: 'layout.tab.terminal',
  tools: 'layout.phone.tools',
};

export function PhoneStage({ files, manifests, presenter, audience = false }: StageProps) {
  const t = useT();
  const view = useStore(layoutStore, (l) => l.phone);
  // A lesson that starts (from the catalog or a link) is what the learner came for: show its text.
  const lessonId = useLessons((s) => s.active?.entry.lesson.id);
  useEffect(() => {
    if (lessonId) showPhoneView('story');
  }, [lessonId]);
  return (
    <div className="phone">
      <div className="phone-view" hidden={view !== 'stage'}>
        <div className="stage-centre" data-shortcuts>
          <ArchitectureView />
          <Welcome />
        </div>
      </div>
      <div className="phone-view" hidden={view !== 'story'} data-shortcuts>
        <SidePanel presenter={presenter} />
      </div>
      <div className="phone-view" hidden={view !== 'terminal'}>
        {audience ? null : <Dock files={files} manifests={manifests} tabs={['terminal']} />}
      </div>
      <div className="phone-view" hidden={view !== 'tools'}>
        <Dock files={files} manifests={manifests} tabs={audience ? AUDIENCE_TABS : ['inspector', 'events', 'editor', 'traffic', 'lists']} />
      </div>
      <nav className="phone-tabs" aria-label={t('layout.phone.views')}>
        {PHONE_VIEWS.map((v) => (
          <button key={v} type="button" aria-pressed={v === view} data-testid={`phone-tab-${v}`} onClick={() => showPhoneView(v)}>
            {t(LABEL[v])}
          </button>
        ))}
      </nav>
    </div>
  );
}
