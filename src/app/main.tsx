/**
 * Composition root: builds the store, the locale, the bridge and its frame loop, then renders.
 * Nothing here is created inside React, so StrictMode's double effects cannot start two workers.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SimBridge } from '../ui/bridge/bridge';
import { createBrowserWorker } from '../ui/bridge/browser-worker';
import { attachAddress, createSocketTransport } from '../ui/bridge/socket-transport';
import { classroomAddress, socketChannel } from '../ui/classroom/socket-channel';
import { createStudentLink } from '../ui/classroom/student';
import { startFrameLoop } from '../ui/bridge/frame-loop';
import { BridgeContext } from '../ui/bridge/react';
import { createLocaleStore } from '../ui/i18n/locale';
import { LocaleContext } from '../ui/i18n/react';
import { AppStoreContext } from '../ui/store/react';
import { createAppStore } from '../ui/store/store';
import type { Topology } from '../protocol/messages';
import { installClassroom, type ClassroomRole } from '../ui/classroom/install';
import { CLASSROOM_CHANNEL } from '../ui/classroom/messages';
import { lessonFeed } from '../ui/classroom/lesson';
import { pagePresenterMode } from '../ui/classroom/presenter-mode';
import { App } from './App';
import { initialTheme } from '../ui/layout/ThemeToggle';
import { layoutStore } from '../ui/layout/layout-store';
import lessonBundle from 'virtual:lessons';
import { LessonController } from '../ui/lessons/controller';
import { LessonControllerContext } from '../ui/lessons/react';
import { bridgeLessonHost } from '../ui/lessons/bridge-host';
import { decodeRun, encodeRun } from './url-state';
import { EXAMPLE_FILES } from './manifests';
import './app.css';

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

initialTheme();
// A link's log is checked against the input schemas, loaded only when there is one.
const location = await decodeRun(window.location.search);
// `reconcile serve`: `?attach=TOKEN|ADDRESS` shows its cluster instead of this browser's own;
// `?classroom=TOKEN` presents to the room over its relay, a bare `?classroom` follows as a student
// (the presenter's own audience window, `&view=audience`, listens there too, without speaking).
const params = new URLSearchParams(window.location.search);
const attachParam = params.get('attach');
const attachedTo = attachParam === null ? undefined : attachAddress(attachParam, window.location);
const classroomParam = params.get('classroom');
const isStudent = classroomParam === '';
// An audience window shows the presenter's lesson read-only (the classroom sends it); it never
// runs one itself, even when the presenter's link it was opened with names one.
const audience = location.view === 'audience' || isStudent;
const linkedLesson = audience || attachedTo ? undefined : location.lesson;
layoutStore.setState({ greet: location.log.length === 0 && !linkedLesson && !audience && !attachedTo });

const store = createAppStore();
const locale = createLocaleStore(safeLocalStorage(), navigator.languages.length ? navigator.languages : [navigator.language]);
const bridge = new SimBridge({
  createWorker: attachedTo ? createSocketTransport(attachedTo) : createBrowserWorker,
  store,
  seed: location.seed,
  topology: location.topology,
  files: EXAMPLE_FILES,
  now: () => performance.now(),
});
// A lesson link starts its run with the lesson's files (below); anything else starts now.
if (!linkedLesson) bridge.start(location.log, location.at);
startFrameLoop(bridge);
const lessonHost = bridgeLessonHost(bridge, store, { log: location.log, ...(location.at ? { at: location.at } : {}) });
const lessons = new LessonController(store, lessonHost);
void lessons.init(lessonBundle);
// A link (or a reload) inside a lesson resumes it on the link's own run, at its step. It starts
// with the page, not once the saved progress has been read: from the first paint the lesson is
// in the way, so the header's dial asks before rebuilding under it.
if (linkedLesson) {
  // A bare lesson link carries no run: the saved one, or the lesson's own seed and topology.
  const run = location.log.length ? { seed: location.seed, topology: location.topology, log: location.log, ...(location.at ? { at: location.at } : {}) } : undefined;
  void lessons.start(linkedLesson.id, { ...(run ? { run } : {}), ...(linkedLesson.step ? { stepId: linkedLesson.step } : {}) }).then((took) => {
    // No such lesson, or left before it asked for its cluster (leaving started the page's own
    // already, before the dial's rebuild ran on it): the page's own run.
    if (!took) lessonHost.keepOwn();
  });
}
window.addEventListener('pagehide', () => lessons.flush());
// Offline use and the update prompt: only the built app has a service worker, loaded after the page.
if (import.meta.env.PROD) void import('../ui/offline/register').then((m) => m.registerServiceWorker());
const classroomRole: ClassroomRole = audience ? 'audience' : 'presenter';
const student = isStudent ? createStudentLink(bridge) : undefined;
/** Keeps a page in the classroom across devices when its address is rewritten. */
const classroomSuffix = classroomParam === null ? '' : classroomParam === '' ? '&classroom' : `&classroom=${encodeURIComponent(classroomParam)}`;
const channel =
  classroomParam === null ? new BroadcastChannel(CLASSROOM_CHANNEL) : socketChannel(classroomAddress(window.location, audience ? undefined : classroomParam || undefined), (connected) => student?.store.setState({ connected }));
installClassroom({ store, bridge, role: classroomRole, channel, run: location, lesson: lessonFeed(store, pagePresenterMode().store), lessonFiles: (id) => lessons.lesson(id).then((e) => e?.files), relocate: (s) => (window.location.search = encodeRun({ seed: s.seed, topology: s.topology, log: s.log, at: { seq: s.seq, t: s.t }, view: 'audience' }) + classroomSuffix), ...(student ? { student } : {}) });

/** The link that reproduces what is on screen now. */
function currentLink(): string {
  // Attached, the run is the served cluster's: the address that attaches is the link.
  if (attachedTo) return window.location.href;
  const c = store.getState().cluster;
  const active = store.getState().lessons.active;
  const lesson = active && !active.own ? { lesson: { id: active.entry.lesson.id, ...(active.phase === 'finished' ? {} : { step: active.entry.lesson.steps[active.context.index]!.id }) } } : {};
  const search = encodeRun({ ...bridge.runInfo, log: [...bridge.commandLog], at: { seq: c.seq, t: c.now }, view: location.view, ...lesson });
  return `${window.location.origin}${window.location.pathname}${search}${classroomSuffix}`;
}

// Keep the address bar current (throttled: the playhead moves every frame while playing, and
// replaceState with a long link costs milliseconds; while playing, every 2 s is current enough).
// A lesson's step is written at once: a reload reopens the step the link names, and a link
// half a second behind would reopen the step before (in review).
let urlTimer: number | undefined;
let urlStep: string | undefined;
const writeLink = (): void => {
  if (urlTimer !== undefined) window.clearTimeout(urlTimer);
  urlTimer = undefined;
  if (store.getState().connection.status !== 'ready') return;
  urlStep = lessonStepKey();
  window.history.replaceState(null, '', currentLink());
};
function lessonStepKey(): string | undefined {
  const active = store.getState().lessons.active;
  return active && !active.own ? `${active.entry.lesson.id}:${active.phase === 'finished' ? '' : active.context.index}` : undefined;
}
store.subscribe(() => {
  if (lessonStepKey() !== urlStep && store.getState().connection.status === 'ready') return writeLink();
  urlTimer ??= window.setTimeout(writeLink, store.getState().playback.playing ? 2000 : 500);
});

/** A new run with another topology (the old one stays in the browser history). */
/** Attach to a served cluster: its own link as it is, else this page with the address. */
function attach(input: string): void {
  if (/^https?:\/\//i.test(input)) window.location.href = input;
  else window.location.search = `?attach=${encodeURIComponent(input)}`;
}

function detach(): void {
  window.location.search = encodeRun({ seed: location.seed, topology: location.topology, log: [] });
}

function switchTopology(topology: Topology): void {
  window.location.search = encodeRun({ seed: location.seed, topology, log: [] });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppStoreContext.Provider value={store}>
      <LocaleContext.Provider value={locale}>
        <BridgeContext.Provider value={bridge}>
          <LessonControllerContext.Provider value={lessons}>
          <App files={Object.keys(EXAMPLE_FILES).sort()} manifests={EXAMPLE_FILES} topology={location.topology} onTopology={switchTopology} shareLink={currentLink} classroomRole={classroomRole} attach={{ attached: attachedTo, onAttach: attach, onDetach: detach }} {...(student ? { student } : {})} />
          </LessonControllerContext.Provider>
        </BridgeContext.Provider>
      </LocaleContext.Provider>
    </AppStoreContext.Provider>
  </StrictMode>,
);
