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
import { App } from './App';
import { EXAMPLE_FILES } from './manifests';
import './app.css';

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

const params = new URLSearchParams(window.location.search);
const seed = Number.parseInt(params.get('seed') ?? '1', 10);
const topology = params.get('topology') === 'ha' ? 'ha' : 'basic';

const store = createAppStore();
const locale = createLocaleStore(safeLocalStorage(), navigator.languages.length ? navigator.languages : [navigator.language]);
const bridge = new SimBridge({
  createWorker: createBrowserWorker,
  store,
  seed: Number.isSafeInteger(seed) && seed >= 0 ? seed : 1,
  topology,
  files: EXAMPLE_FILES,
  now: () => performance.now(),
});
bridge.start();
startFrameLoop(bridge);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppStoreContext.Provider value={store}>
      <LocaleContext.Provider value={locale}>
        <BridgeContext.Provider value={bridge}>
          <App files={Object.keys(EXAMPLE_FILES).sort()} />
        </BridgeContext.Provider>
      </LocaleContext.Provider>
    </AppStoreContext.Provider>
  </StrictMode>,
);
