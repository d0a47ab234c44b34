/**
 * Composition root: builds the store, the locale, the bridge and its frame loop, then renders.
 * Nothing here is created inside React, so StrictMode's double effects cannot start two workers.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SimBridge } from '../ui/bridge/bridge';
import { createBrowserWorker } from '../ui/bridge/browser-worker';
import { startFrameLoop } from '../ui/bridge/frame-loop';
import { BridgeContext } from '../ui/bridge/react';
import { createLocaleStore } from '../ui/i18n/locale';
import { LocaleContext } from '../ui/i18n/react';
import { AppStoreContext } from '../ui/store/react';
import { createAppStore } from '../ui/store/store';
import type { Topology } from '../protocol/messages';
import { installClassroom, type ClassroomRole } from '../ui/classroom/install';
import { CLASSROOM_CHANNEL } from '../ui/classroom/messages';
import { App } from './App';
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

const location = decodeRun(window.location.search);

const store = createAppStore();
const locale = createLocaleStore(safeLocalStorage(), navigator.languages.length ? navigator.languages : [navigator.language]);
const bridge = new SimBridge({
  createWorker: createBrowserWorker,
  store,
  seed: location.seed,
  topology: location.topology,
  files: EXAMPLE_FILES,
  now: () => performance.now(),
});
bridge.start(location.log, location.at);
startFrameLoop(bridge);
const classroomRole: ClassroomRole = location.view === 'audience' ? 'audience' : 'presenter';
installClassroom({ store, bridge, role: classroomRole, channel: new BroadcastChannel(CLASSROOM_CHANNEL), run: location, relocate: (s) => (window.location.search = encodeRun({ seed: s.seed, topology: s.topology, log: s.log, at: { seq: s.seq, t: s.t }, view: 'audience' })) });

/** The link that reproduces what is on screen now. */
function currentLink(): string {
  const c = store.getState().cluster;
  const search = encodeRun({ seed: location.seed, topology: location.topology, log: [...bridge.commandLog], at: { seq: c.seq, t: c.now }, view: location.view });
  return `${window.location.origin}${window.location.pathname}${search}`;
}

// Keep the address bar current (throttled: the playhead moves every frame while playing).
let urlTimer: number | undefined;
store.subscribe(() => {
  urlTimer ??= window.setTimeout(() => {
    urlTimer = undefined;
    if (store.getState().connection.status === 'ready') window.history.replaceState(null, '', currentLink());
  }, 500);
});

/** A new run with another topology (the old one stays in the browser history). */
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
          <App files={Object.keys(EXAMPLE_FILES).sort()} manifests={EXAMPLE_FILES} topology={location.topology} onTopology={switchTopology} shareLink={currentLink} classroomRole={classroomRole} />
        </BridgeContext.Provider>
      </LocaleContext.Provider>
    </AppStoreContext.Provider>
  </StrictMode>,
);
