/**
 * The in-browser terminal: xterm.js showing the transcript and a bash-like prompt. All behaviour
 * lives in Shell (shell.ts, DOM-free and unit-tested); this component creates xterm, feeds Shell
 * the store's transcript and playhead, and forwards keys, resizes and language changes.
 *
 * Accessibility: xterm's screen-reader mode is on (its own accessible buffer and live output),
 * the region and the input are labelled, a polite live region announces each finished command's
 * output (truncated), and Esc then Tab moves focus out (xterm otherwise keeps Tab for completion).
 *
 * A `sim topology` typed under a running (or starting) lesson that will rebuild the cluster
 * (rebuild.ts: not one the command refuses) is held for the header's question, "Leave the
 * lesson?" (RebuildQuestion.tsx), and runs only if the learner leaves.
 *
 * The host element carries `data-state` (ready | running | waiting), `data-input` (the line
 * at the prompt) and `data-prompt` (`$ `, or an attached container shell's), and a hidden <pre>
 * mirrors the transcript as plain text: xterm pauses drawing while scrolled off screen, so tests
 * read these instead of xterm's rows.
 */
import '@xterm/xterm/css/xterm.css';
import './terminal.css';
import { FitAddon } from '@xterm/addon-fit';
import { Terminal as XTerm, type ITheme } from '@xterm/xterm';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useBridge } from '../bridge/react';
import { useT, type Translate } from '../i18n/react';
import { humanDuration } from '../../k8s/time';
import { useApp, useAppStore } from '../store/react';
import { editorQuitText, workstationFiles } from '../store/terminal';
import { BRACKETED_PASTE_ON } from './keys';
import { lessonInTheWay } from '../components/LeaveLessonDialog';
import { rebuildOf } from './rebuild';
import { RebuildQuestion } from './RebuildQuestion';
import { Shell, type ShellStrings } from './shell';
import { completionContext, runningProgress, shellView, shellViewChanged } from './store-view';
import { plainText } from './transcript';
import { pagePresenterMode } from '../classroom/presenter-mode';
import { layoutStore } from '../layout/layout-store';
import { connectTerminal, takeHeld } from '../keyboard/typeahead';

export interface TerminalProps {
  /** Names of the virtual files `kubectl apply -f` can read. */
  files: readonly string[];
}

/** The terminal's font size: 13 px, or 20 px in presenter mode (readable from the back of a room). */
export function fontSizeFor(presenter: boolean): number {
  return presenter ? 20 : 13;
}

/** How much of the transcript the plain-text mirror keeps. */
const MIRROR_CHARS = 64 * 1024;

const THEME: ITheme = {
  background: '#0f1419',
  foreground: '#e6e6e6',
  cursor: '#e6e6e6',
  cursorAccent: '#0f1419',
  selectionBackground: '#3a4a5c',
  green: '#7ee787',
  brightGreen: '#7ee787',
  red: '#ff9b8f',
  brightRed: '#ff9b8f',
  yellow: '#e3c26a',
};

function shellStrings(t: Translate): ShellStrings {
  return {
    welcome: t('terminal.welcome'),
    help: t('terminal.help'),
    lostNote: t('term.lost'),
    stoppedNote: t('term.lostStopped'),
    pasteRefused: (kb) => t('terminal.pasteRefused', { size: kb }),
    moreCandidates: (n) => t('terminal.moreCandidates', { count: n }),
    announce: (line, output, code, interrupted) => {
      const out = output.trim() || t('terminal.announceEmpty');
      if (interrupted) return t('terminal.announceInterrupted', { line, output: out });
      if (code !== undefined && code !== 0) return t('terminal.announceFailed', { line, code, output: out });
      return t('terminal.announce', { line, output: out });
    },
  };
}

export function Terminal({ files: given }: TerminalProps) {
  const t = useT();
  const store = useAppStore();
  const written = useApp((s) => workstationFiles(s.terminal.entries));
  const files = useMemo(() => [...new Set([...given, ...Object.keys(written)])], [given, written]);
  const progressMs = useApp(runningProgress);
  const bridge = useBridge();
  const hostRef = useRef<HTMLDivElement>(null);
  const shellRef = useRef<Shell | null>(null);
  const termRef = useRef<XTerm | null>(null);
  const mirrorRef = useRef<HTMLPreElement>(null);
  // The xterm instance lives across renders; its callbacks read the latest props through this.
  const latest = useRef({ t, files, bridge });
  const [announcement, setAnnouncement] = useState({ n: 0, text: '' });
  /** `ready`: the prompt is shown; `running`: the worker has the command; `waiting`: its output is still being revealed. */
  const [state, setState] = useState<'ready' | 'running' | 'waiting'>('ready');
  /** A `sim topology …` typed under a lesson, waiting for the answer to "Leave the lesson?". */
  const [rebuild, setRebuild] = useState<string | undefined>();
  const answered = useCallback(() => {
    setRebuild(undefined);
    termRef.current?.focus();
  }, []);
  const headingId = useId();
  const hintId = useId();

  useEffect(() => {
    latest.current = { t, files, bridge };
  }, [t, files, bridge]);

  useEffect(() => {
    const el = hostRef.current;
    if (!el) return;
    const term = new XTerm({
      screenReaderMode: true,
      convertEol: true,
      scrollback: 5000,
      fontFamily: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace",
      fontSize: fontSizeFor(pagePresenterMode().store.getState().on),
      lineHeight: 1.2,
      theme: THEME,
      minimumContrastRatio: 4.5,
      cursorBlink: false,
    });
    const fit = new FitAddon();
    term.loadAddon(fit);
    term.open(el);
    /** Fits xterm to its box; says whether the columns (every line reflows) or only the rows changed. */
    const fitNow = (): 'cols' | 'rows' | undefined => {
      const before = { cols: term.cols, rows: term.rows };
      try {
        fit.fit();
      } catch {
        // Not laid out yet (hidden panel): keep the current size.
      }
      return term.cols !== before.cols ? 'cols' : term.rows !== before.rows ? 'rows' : undefined;
    };
    fitNow();
    term.textarea?.setAttribute('aria-label', latest.current.t('terminal.inputLabel'));
    term.write(BRACKETED_PASTE_ON);

    const shell = new Shell(
      {
        write: (text) => term.write(text),
        cols: () => term.cols,
        rows: () => term.rows,
        run: (line) => {
          // What `watch` draws on: this terminal's size when the line is typed.
          latest.current.bridge.setTerminalSize({ columns: term.cols, rows: term.rows });
          return latest.current.bridge.run(line);
        },
        askFirst: (line) => {
          const s = store.getState();
          if (!lessonInTheWay(s.lessons) || !rebuildOf(line, s.cluster.commands)) return false;
          setRebuild(line);
          return true;
        },
        interrupt: (id) => latest.current.bridge.interrupt(id),
        cancelEdit: () => {
          const editing = store.getState().terminal.editing;
          if (editing) latest.current.bridge.run(editing.line, editorQuitText(editing), { reply: true, laptop: true });
        },
        completion: () => completionContext(store.getState(), latest.current.files),
        announce: (text) => setAnnouncement((a) => ({ n: a.n + 1, text })),
        busyChanged: (busy) => setState(busy === undefined ? 'ready' : busy.interruptible ? 'waiting' : 'running'),
        screenChanged: (segments, input, prompt, screen) => {
          // Written straight to the DOM: this changes as output is revealed, not worth a React render.
          // A full-screen program (`watch`) shows its own screen, and the mirror shows that.
          const mirror = mirrorRef.current;
          if (mirror) mirror.textContent = screen ? screen.rows.join('\n') : plainText(segments, MIRROR_CHARS);
          if (screen) el.setAttribute('data-screen', 'alternate');
          else el.removeAttribute('data-screen');
          if (input === undefined) el.removeAttribute('data-input');
          else el.setAttribute('data-input', input);
          el.setAttribute('data-prompt', prompt);
        },
      },
      shellStrings(latest.current.t),
      shellView(store.getState()),
    );
    shellRef.current = shell;
    termRef.current = term;
    // The first minute: a fresh page greets the learner in the terminal and puts the cursor there.
    if (layoutStore.getState().greet && store.getState().terminal.entries.length === 0) shell.greet();
    if (!document.activeElement || document.activeElement === document.body) term.focus();
    // Keys typed while this was loading (src/ui/keyboard/typeahead.ts) are the learner's command.
    const ahead = takeHeld();
    if (ahead) {
      shell.handleData(ahead);
      term.focus();
    }

    let escapeArmed = false;
    term.attachCustomKeyEventHandler((e) => {
      if (e.type !== 'keydown') return true;
      const mod = e.ctrlKey || e.metaKey;
      if (e.key === 'Escape') {
        escapeArmed = true;
        return false;
      }
      const leave = e.key === 'Tab' && escapeArmed;
      escapeArmed = false;
      // Let the browser move focus, copy a selection, and paste (xterm's paste handler brackets it).
      if (leave) return false;
      if (mod && (e.key === 'c' || e.key === 'C') && (term.hasSelection() || e.shiftKey)) return false;
      if (mod && (e.key === 'v' || e.key === 'V')) return false;
      return true;
    });
    const data = term.onData((d) => shell.handleData(d));
    connectTerminal((d) => shell.handleData(d));
    // Presenter mode: type the back row can read.
    const presenter = pagePresenterMode().store.subscribe((p) => {
      term.options.fontSize = fontSizeFor(p.on);
      if (fitNow()) shell.redraw();
    });
    const unsubscribe = store.subscribe((s, prev) => {
      if (shellViewChanged(s, prev)) shell.update(shellView(s));
    });
    let frame = 0;
    const resize = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const changed = fitNow();
        // The main screen reflows only with the width; a full-screen frame (watch) is clipped to the height too.
        if (changed === 'cols' || (changed === 'rows' && shell.fullScreen)) shell.redraw();
      });
    });
    resize.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      presenter();
      unsubscribe();
      data.dispose();
      connectTerminal(undefined);
      term.dispose();
      shellRef.current = null;
      termRef.current = null;
    };
  }, [store]);

  useEffect(() => {
    shellRef.current?.setStrings(shellStrings(t));
    termRef.current?.textarea?.setAttribute('aria-label', t('terminal.inputLabel'));
  }, [t]);

  return (
    <section id="terminal" className="panel terminal xterm-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('term.title')}</h2>
      <div
        ref={hostRef}
        className="terminal-host"
        role="region"
        aria-label={t('term.inputLabel')}
        aria-describedby={hintId}
        data-testid="terminal-output"
        data-state={state}
      />
      {state === 'waiting' && (
        <p className="terminal-status" data-testid="terminal-waiting">
          {t('terminal.waiting')}
        </p>
      )}
      {state === 'running' && progressMs !== undefined && (
        <p className="terminal-status" role="status" data-testid="terminal-progress">
          {t('terminal.progress', { time: humanDuration(progressMs) })}
        </p>
      )}
      <p id={hintId} className="terminal-hint">
        {t('terminal.hint')}
      </p>
      {files.length > 0 && <p className="terminal-files">{t('term.files', { files: files.join(', ') })}</p>}
      {/* The transcript as plain text for tests and tools: xterm stops drawing while scrolled off screen. */}
      <pre ref={mirrorRef} className="visually-hidden" aria-hidden="true" data-testid="terminal-text" />
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="terminal-announcer">
        <span key={announcement.n}>{announcement.text}</span>
      </div>
      {rebuild !== undefined ? <RebuildQuestion line={rebuild} onAnswered={answered} /> : null}
    </section>
  );
}
