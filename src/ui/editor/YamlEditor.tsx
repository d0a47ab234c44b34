/**
 * The YAML editor panel: start from an example manifest, edit it with inline problems
 * (diagnose.ts, shown as CodeMirror lint markers and as a list under the editor), and Apply —
 * which runs `kubectl apply -f -` with the text as stdin, so the answer lands in the terminal's
 * transcript like any command. Apply waits while the YAML does not parse, and while a command
 * holds the terminal (the simulation runs one command at a time).
 *
 * `kubectl edit` typed in the terminal opens the editor on the object instead of $EDITOR
 * (kubectl/commands/edit.ts): the text is loaded in an editing mode whose Save sends it back as
 * the stdin of the edit's own line, and whose Cancel sends it back as it was opened (an editor
 * closed without saving: `Edit cancelled, no changes made.`). `vi FILE` (vim, nano) at the
 * prompt opens the same mode on a laptop file (kubectl/laptop-editor.ts): titled with the
 * program, the file and the editor's status line; Save writes the file, Quit without saving
 * sends the file's own text back, which writes nothing. `vi FILE` on a container's terminal
 * opens it on the container's file (kubectl/container-editor.ts): titled with the Pod and
 * container, BusyBox vi's status line, and its refusal when a save cannot be written (the editor
 * stays open on the buffer, as vi does). Only a manifest is checked as one:
 * `kubectl edit`'s file and a `.yaml`/`.yml`/`.json` file; any other file is plain text.
 *
 * CSP: CodeMirror injects <style> elements (allowed by style-src 'unsafe-inline'); nothing here
 * evaluates code.
 */
import { yaml } from '@codemirror/lang-yaml';
import { forceLinting, lintGutter, linter, type Diagnostic as CmDiagnostic } from '@codemirror/lint';
import CodeMirror, { EditorView, keymap, Prec, type ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useBridge } from '../bridge/react';
import { useT } from '../i18n/react';
import { useApp } from '../store/react';
import { terminalBusy } from '../terminal/store-view';
import { editorQuitText, workstationFiles, type Editing } from '../store/terminal';
import { blockingSyntax, blocksApply, diagnose, type Diagnostic } from './diagnose';
import { diagnosticText, exampleLabel, isBlank, starterOrder } from './labels';
import './editor.css';

export interface YamlEditorProps {
  /** Starter manifests by file name (examples/manifests). */
  files: Record<string, string>;
}

/** The line kubectl runs; the editor text is its stdin. */
export const APPLY_LINE = 'kubectl apply -f -';

/** The starter list's value prefix for a file written in the terminal (an example may share its name). */
const WRITTEN = 'written:';

/** A path as one shell word: bare when it is plain, else single-quoted. */
function shellQuote(path: string): string {
  return /^[\w./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}

/** Whether what the editor holds is checked as a manifest: the Apply text, `kubectl edit`'s file, a YAML or JSON file. */
function isManifest(editing: Editing | undefined): boolean {
  return editing === undefined || editing.kind === 'object' || /\.(ya?ml|json)$/i.test(editing.path);
}

function usePrefersDark(): boolean {
  const [dark, setDark] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia?.('(prefers-color-scheme: dark)');
    if (!mq) return;
    setDark(mq.matches);
    const on = (e: MediaQueryListEvent): void => setDark(e.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return dark;
}

export function YamlEditor({ files }: YamlEditorProps) {
  const t = useT();
  const written = useApp((s) => workstationFiles(s.terminal.entries));
  const bridge = useBridge();
  const busy = useApp(terminalBusy);
  const dark = usePrefersDark();
  const [text, setText] = useState('');
  const [starter, setStarter] = useState('');
  const deferred = useDeferredValue(text);
  const editor = useRef<ReactCodeMirrorRef>(null);
  const headingId = useId();
  const selectId = useId();
  const hintId = useId();
  const statusId = useId();
  const problemsId = useId();

  // One parse per text, shared by the lint markers and the list.
  const cache = useRef<{ text: string; diags: Diagnostic[] }>({ text: '', diags: [] });
  const diagnoseCached = useCallback((s: string): Diagnostic[] => {
    if (cache.current.text !== s) cache.current = { text: s, diags: diagnose(s) };
    return cache.current.diags;
  }, []);
  const editing = useApp((s) => s.terminal.editing);
  const manifest = isManifest(editing);
  const diags = useMemo(() => (manifest ? diagnoseCached(deferred) : []), [deferred, diagnoseCached, manifest]);
  const blocked = blocksApply(diagnoseCached(text));
  const blockedNote = blockingSyntax(diagnoseCached(text)) === 'json' ? t('editor.blockedJson') : t('editor.blocked');
  const blank = isBlank(text);
  // kubectl edit reads back whatever was saved: a broken or empty file is its to answer.
  const canApply = editing ? !busy : !blocked && !blank && !busy;

  // An edit's file replaces the text (also straight into the view, as choosing an example does).
  useEffect(() => {
    if (!editing) return;
    setText(editing.text);
    const view = editor.current?.view;
    if (view && view.state.doc.toString() !== editing.text) view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: editing.text } });
  }, [editing]);

  const latest = useRef({ t, apply: () => {} });
  const apply = useCallback(() => {
    const current = editor.current?.view?.state.doc.toString() ?? text;
    if (editing) {
      // At the laptop's prompt even if a container shell were attached: the reply is the laptop's.
      if (!busy) bridge.run(editing.line, current, { reply: true, laptop: true });
      return;
    }
    if (blocksApply(diagnoseCached(current)) || isBlank(current) || busy) return;
    bridge.run(APPLY_LINE, current.endsWith('\n') ? current : `${current}\n`, { laptop: true });
  }, [bridge, busy, diagnoseCached, editing, text]);
  const cancel = (): void => {
    if (editing && !busy) bridge.run(editing.line, editorQuitText(editing), { reply: true, laptop: true });
  };
  useEffect(() => {
    latest.current = { t, apply };
  }, [t, apply]);

  // vi's own name for a buffer without a file (format_edit_status): never translated.
  const editedFile = editing?.kind === 'file' || editing?.kind === 'container-file' ? editing.path || 'No file' : undefined;
  const fileLabel = editedFile !== undefined ? t('editor.fileLabel', { file: editedFile }) : t('editor.label');
  const extensions = useMemo(
    () => [
      // A file that is not a manifest (index.html, a script) is plain text: no YAML, no manifest checks.
      ...(manifest
        ? [
            yaml(),
            lintGutter(),
            linter(
              (view): CmDiagnostic[] =>
                diagnoseCached(view.state.doc.toString()).map((d) => ({ from: d.from, to: d.to, severity: d.severity, message: diagnosticText(latest.current.t, d) })),
              { delay: 250 },
            ),
          ]
        : []),
      Prec.highest(
        keymap.of([
          {
            key: 'Mod-Enter',
            run: () => {
              latest.current.apply();
              return true;
            },
          },
        ]),
      ),
      EditorView.contentAttributes.of({ 'aria-label': fileLabel, 'aria-describedby': `${hintId} ${problemsId}` }),
      EditorView.lineWrapping,
    ],
    [diagnoseCached, fileLabel, hintId, problemsId, manifest],
  );

  // Markers follow the interface language.
  useEffect(() => {
    const view = editor.current?.view;
    if (view && manifest) forceLinting(view);
  }, [t, manifest]);

  const choose = (value: string): void => {
    setStarter(value);
    const mine = value.startsWith(WRITTEN);
    const body = mine ? written[value.slice(WRITTEN.length)] : files[value];
    if (body === undefined) return;
    setText(body);
    // Also straight into the view: @uiw/react-codemirror holds back a `value` change that follows
    // typing until its typing latch (200 ticks of a 1 ms interval) runs out, which on a busy page
    // takes seconds, and the old text would stay on screen that long.
    const view = editor.current?.view;
    if (view && view.state.doc.toString() !== body) view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: body } });
  };

  const goTo = (d: Diagnostic): void => {
    const view = editor.current?.view;
    if (!view) return;
    view.dispatch({ selection: { anchor: d.from, head: d.to }, scrollIntoView: true });
    view.focus();
  };

  const status = editing ? (busy ? t('editor.busy') : '') : blocked ? blockedNote : blank ? t('editor.empty') : busy ? t('editor.busy') : '';
  const names = starterOrder(Object.keys(files));
  const mine = Object.keys(written);
  // A file written in the terminal is saved back the way a shell would: `cat > FILE` with the text as stdin.
  const savingTo = !editing && starter.startsWith(WRITTEN) ? starter.slice(WRITTEN.length) : undefined;
  const saveFile = (): void => {
    if (savingTo === undefined || busy) return;
    const current = editor.current?.view?.state.doc.toString() ?? text;
    bridge.run(`cat > ${shellQuote(savingTo)}`, current.endsWith('\n') || current === '' ? current : `${current}\n`, { laptop: true });
  };

  return (
    <section className="panel yaml-editor" aria-labelledby={headingId} data-testid="yaml-editor">
      <h2 id={headingId}>{t('editor.title')}</h2>
      {editing?.kind === 'object' ? (
        <p className="editor-editing" data-testid="editor-editing">
          {t('editor.editing', { target: editing.title })}
        </p>
      ) : null}
      {editing?.kind === 'file' || editing?.kind === 'container-file' ? (
        <div className="editor-editing" data-testid="editor-editing">
          <p>{editing.kind === 'file' ? t('editor.editingFile', { program: editing.program, file: editing.path }) : t('editor.editingContainerFile', { program: editing.program, file: editedFile ?? '', pod: editing.pod, container: editing.container })}</p>
          {/* The editor's own status line, as vim, nano or BusyBox vi shows it: never translated. */}
          <p className="editor-file-status" data-testid="editor-file-status" role="status">
            <code>{editing.status}</code>
          </p>
        </div>
      ) : null}
      <div className="editor-toolbar" hidden={editing !== undefined}>
        <label htmlFor={selectId}>{t('editor.starter')}</label>
        <select id={selectId} value={starter} onChange={(e) => choose(e.target.value)} data-testid="editor-starter">
          <option value="" disabled>
            {t('editor.starterNone')}
          </option>
          {mine.length > 0 ? (
            <>
              <optgroup label={t('editor.examples')}>
                {names.map((f) => (
                  <option key={f} value={f}>
                    {exampleLabel(t, f)}
                  </option>
                ))}
              </optgroup>
              <optgroup label={t('editor.yourFiles')} data-testid="editor-written">
                {mine.map((f) => (
                  <option key={f} value={`${WRITTEN}${f}`}>
                    {f}
                  </option>
                ))}
              </optgroup>
            </>
          ) : (
            names.map((f) => (
              <option key={f} value={f}>
                {exampleLabel(t, f)}
              </option>
            ))
          )}
        </select>
      </div>
      <div className="editor-frame">
        <CodeMirror
          ref={editor}
          value={text}
          onChange={setText}
          extensions={extensions}
          theme={dark ? 'dark' : 'light'}
          height="22rem"
          basicSetup={{ foldGutter: false, autocompletion: false }}
          data-testid="editor-code"
        />
      </div>
      <div className="editor-actions">
        <button type="button" onClick={apply} disabled={!canApply} aria-describedby={`${hintId} ${statusId}`} data-testid={editing ? 'editor-save' : 'editor-apply'}>
          {editing ? t('editor.save') : t('editor.apply')}
        </button>
        {savingTo !== undefined ? (
          <button type="button" onClick={saveFile} disabled={busy} data-testid="editor-save-file">
            {t('editor.saveFile', { file: savingTo })}
          </button>
        ) : null}
        {editing ? (
          <button type="button" onClick={cancel} disabled={busy} data-testid="editor-cancel">
            {editing.kind === 'object' ? t('editor.cancel') : t('editor.quitFile')}
          </button>
        ) : null}
        <span id={statusId} className="editor-status" role="status">
          {status}
        </span>
      </div>
      <p id={hintId} className="editor-hint">
        {editing?.kind === 'file'
          ? t('editor.saveFileHint', { program: editing.program, file: editing.path })
          : editing?.kind === 'container-file'
            ? t('editor.saveContainerFileHint', { program: editing.program, file: editedFile ?? '' })
            : editing
              ? t('editor.saveHint')
              : t('editor.applyHint')}
      </p>
      <div className="editor-problems" id={problemsId} data-testid="editor-problems">
        <h3>{t('editor.problems')}</h3>
        {diags.length === 0 ? (
          <p className="empty">{t('editor.noProblems')}</p>
        ) : (
          <ul>
            {diags.map((d, i) => (
              <li key={`${d.from}-${d.code}-${i}`} className={`editor-problem is-${d.severity}`}>
                <button type="button" className="editor-problem-link" onClick={() => goTo(d)}>
                  <span className="editor-problem-kind">{d.severity === 'error' ? '✖' : '⚠'}</span> {t('editor.at', { line: d.line, message: diagnosticText(t, d) })}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
