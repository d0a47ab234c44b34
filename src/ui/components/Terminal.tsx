import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useBridge } from '../bridge/react';
import { useT } from '../i18n/react';
import { useApp } from '../store/react';
import type { TerminalEntry } from '../store/terminal';

export interface TerminalProps {
  /** Names of the virtual files `kubectl apply -f` can read. */
  files: readonly string[];
}

/** A minimal kubectl prompt: one line in, kubectl's exact output out. */
export function Terminal({ files }: TerminalProps) {
  const t = useT();
  const bridge = useBridge();
  const entries = useApp((s) => s.terminal.entries);
  const [line, setLine] = useState('');
  const history = useRef<string[]>([]);
  const cursor = useRef(0);
  const output = useRef<HTMLPreElement>(null);
  const inputId = useId();
  const headingId = useId();

  useEffect(() => {
    const el = output.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [entries]);

  const submit = (e: FormEvent): void => {
    e.preventDefault();
    const text = line.trim();
    if (!text) return;
    bridge.run(text);
    history.current.push(text);
    cursor.current = history.current.length;
    setLine('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>): void => {
    const h = history.current;
    if (e.key === 'ArrowUp' && cursor.current > 0) {
      e.preventDefault();
      cursor.current--;
      setLine(h[cursor.current] ?? '');
    } else if (e.key === 'ArrowDown' && cursor.current < h.length) {
      e.preventDefault();
      cursor.current++;
      setLine(h[cursor.current] ?? '');
    }
  };

  return (
    <section className="panel terminal" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('term.title')}</h2>
      <pre ref={output} className="terminal-output" role="log" aria-label={t('term.outputLabel')} tabIndex={0} data-testid="terminal-output">
        {entries.map((e) => (
          <Entry key={e.id} entry={e} />
        ))}
      </pre>
      <form className="terminal-form" onSubmit={submit}>
        <label htmlFor={inputId} className="terminal-label">
          {t('term.inputLabel')}
        </label>
        <span className="terminal-prompt" aria-hidden="true">
          $
        </span>
        <input
          id={inputId}
          className="terminal-input"
          type="text"
          value={line}
          onChange={(e) => setLine(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('term.placeholder')}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
        />
        <button type="submit">{t('term.run')}</button>
      </form>
      {files.length > 0 && <p className="terminal-files">{t('term.files', { files: files.join(', ') })}</p>}
    </section>
  );
}

function Entry({ entry }: { entry: TerminalEntry }) {
  const t = useT();
  return (
    <span className="terminal-entry" data-state={entry.state}>
      <span className="terminal-echo">$ {entry.line}</span>
      {'\n'}
      {entry.output.map((c, i) => (
        <span key={i} className={c.stream === 'stderr' ? 'stderr' : undefined}>
          {c.text}
        </span>
      ))}
      {entry.state === 'running' && <span className="terminal-note">{t('term.running')}</span>}
      {entry.state === 'lost' && <span className="terminal-note stderr">{t('term.lost')}</span>}
      {entry.state === 'done' && entry.exitCode !== 0 && entry.exitCode !== undefined && (
        <span className="terminal-note">{`(${t('term.exit', { code: entry.exitCode })})`}</span>
      )}
      {entry.state !== 'done' && '\n'}
      {entry.state === 'done' && entry.exitCode !== 0 && '\n'}
    </span>
  );
}
