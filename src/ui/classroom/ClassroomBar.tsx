/**
 * The classroom controls in the header. A presenter gets the presenter-mode toggle and the
 * button that opens the audience window; the audience window gets only the banner saying it
 * follows (its own controls are hidden by presenter.css).
 */
import { MonitorUp } from 'lucide-react';
import { useState } from 'react';
import { useStore } from 'zustand';
import { useT } from '../i18n/react';
import { audienceWindowName, pagePresenterId } from './identity';
import type { ClassroomRole } from './install';
import { PresenterToggle } from './PresenterToggle';
import type { PresenterMode } from './presenter-mode';
import type { StudentLink } from './student';

export interface ClassroomBarProps {
  role: ClassroomRole;
  /** The link reproducing the run to the moment shown (App's `shareLink`). */
  shareLink: () => string;
  mode?: PresenterMode;
  /** A student's page in a classroom across devices: it may step back on its own and rejoin. */
  student?: StudentLink;
}

/** The audience window's address: the presenter's own link, marked as the audience view. */
export function audienceLink(shareLink: string): string {
  return `${shareLink}${shareLink.includes('?') ? '&' : '?'}view=audience`;
}

export function ClassroomBar({ role, shareLink, mode, student }: ClassroomBarProps) {
  const t = useT();
  const [blocked, setBlocked] = useState(false);
  if (student) return <StudentBanner student={student} />;
  if (role === 'audience') {
    return (
      <p className="audience-banner" role="status" data-testid="audience-banner">
        {t('classroom.following')}
      </p>
    );
  }
  const open = (): void => {
    // Named after this presenter: clicking again reuses the window, and the audience knows
    // whom to follow. `popup` asks for a separate window the instructor can move to the projector.
    const w = window.open(audienceLink(shareLink()), audienceWindowName(pagePresenterId()), 'popup,width=1280,height=800');
    setBlocked(!w);
  };
  return (
    <div className="classroom-controls" role="group" aria-label={t('classroom.label')}>
      <PresenterToggle {...(mode ? { mode } : {})} />
      <button type="button" className="icon-button" onClick={open} title={`${t('classroom.openAudience')} — ${t('classroom.openAudienceHint')}`} aria-label={t('classroom.openAudience')} data-testid="open-audience">
        <MonitorUp size={16} aria-hidden="true" />
        <span className="more-label">{t('classroom.openAudience')}</span>
      </button>
      {blocked ? (
        <span role="alert" className="classroom-blocked">
          {t('classroom.popupBlocked')}
        </span>
      ) : null}
    </div>
  );
}

/** The student's banner: following (or looking back on their own), with the two controls. */
function StudentBanner({ student }: { student: StudentLink }) {
  const t = useT();
  const { own, connected } = useStore(student.store);
  return (
    <div className="audience-banner student-banner" role="status" data-testid="student-banner" data-own={own ? 'true' : 'false'}>
      <span>{!connected ? t('classroom.studentOffline') : own ? t('classroom.studentOwn') : t('classroom.student')}</span>
      <button type="button" onClick={student.stepBack} data-testid="student-step-back">
        {t('classroom.stepBack')}
      </button>
      {own ? (
        <button type="button" onClick={student.rejoin} data-testid="student-rejoin">
          {t('classroom.rejoin')}
        </button>
      ) : null}
    </div>
  );
}
