/**
 * One object at the moment shown: its YAML with the fields of the latest write marked, who made
 * that write and when (with a jump to it on the timeline), and every write to it on the tape.
 */
import { useId, useMemo } from 'react';
import type { KObject, Pod } from '../../k8s/types';
import { useBridge } from '../bridge/react';
import { useT, type Translate } from '../i18n/react';
import { useTimeLabel, type TimeLabel } from '../playback/use-time-label';
import { useApp, useAppStore } from '../store/react';
import type { AppState } from '../store/store';
import { changedPaths } from './changes';
import { NodeAwayNote } from './NodeAwayNote';
import { markedYaml } from './object-yaml';
import { lastWrite, writeHistory, writeIndexes, type Write } from './writes';

const selectChanges = (s: AppState) => s.cluster.tape?.changes;
const selectBase = (s: AppState) => s.cluster.tape?.baseSeq;
const selectSeq = (s: AppState) => s.cluster.seq;
const selectObjects = (s: AppState) => s.cluster.objects;

/** Writes listed at most (a Lease renewed every 10 s has hundreds). */
const HISTORY_LIMIT = 100;

export function ObjectView({ objectKey }: { objectKey: string }) {
  const t = useT();
  const bridge = useBridge();
  // The view reads only this object's writes: a diff that brings none leaves it be (playing a big
  // cluster appends several a second). The tape is taken when the writes (or the tape) change.
  const store = useAppStore();
  const changesOnTape = useApp(selectChanges);
  const base = useApp(selectBase);
  const writes = useApp((s) => (s.cluster.tape ? writeIndexes(s.cluster.tape, objectKey).length : -1));
  const tape = useMemo(() => store.getState().cluster.tape, [store, changesOnTape, base, writes, objectKey]);
  const seq = useApp(selectSeq);
  const objects = useApp(selectObjects);
  const current = objects.get(objectKey);
  const headingId = useId();
  const time = useTimeLabel();
  const write = useMemo(() => (tape ? lastWrite(tape, objectKey, seq) : undefined), [tape, objectKey, seq]);
  const history = useMemo(() => (tape ? writeHistory(tape, objectKey) : []), [tape, objectKey]);
  const shown: KObject | null | undefined = current ?? (write?.op === 'deleted' ? write.prev : undefined);
  const changes = useMemo(() => (current && write?.op === 'updated' ? changedPaths(write.prev, write.object) : []), [current, write]);
  const yaml = useMemo(() => (shown ? markedYaml(shown, changes) : undefined), [shown, changes]);
  // Like a milestone jump: stop playing, so the write stays on screen.
  const jump = (to: number): void => {
    bridge.pause();
    bridge.seek(to);
  };

  if (!shown || !yaml) {
    return (
      <section className="insp-view" aria-label={t('insp.viewLabel')} data-testid="object-view">
        <h3 className="insp-title">{objectKey}</h3>
        <p className="insp-note">{t('insp.absent')}</p>
        <History history={history} current={write} seq={seq} t={t} time={time} onSeek={jump} />
      </section>
    );
  }

  const ns = shown.metadata.namespace;
  const name = `${ns ? `${ns}/` : ''}${shown.metadata.name ?? ''}`;
  return (
    <section className="insp-view" aria-labelledby={headingId} data-testid="object-view">
      <h3 className="insp-title" id={headingId}>
        {shown.kind} {name}
      </h3>
      {!current ? (
        <p className="insp-note insp-deleted" role="status">
          {t('insp.deleted')}
        </p>
      ) : null}
      {current && shown.kind === 'Pod' ? <NodeAwayNote pod={current as Pod} objects={objects} time={time} /> : null}
      {current && shown.kind === 'Pod' ? (
        <p>
          <button type="button" onClick={() => bridge.run(`sim why pod/${shown.metadata.name ?? ''}${ns ? ` -n ${ns}` : ''}`)} data-testid="why-pod">
            {t((current as Pod).spec.nodeName ? 'insp.whyHere' : 'insp.whyPending')}
          </button>
        </p>
      ) : null}
      <div className="insp-write" data-testid="last-write">
        {write ? (
          <>
            <p>{writeLine(t, time, write)}</p>
            {write.traced ? null : <p className="insp-note">{t('insp.untracedNote')}</p>}
            {write.seq === seq ? (
              <p className="insp-note">{t('insp.atWrite')}</p>
            ) : (
              <button type="button" onClick={() => jump(write.seq)} data-testid="seek-write">
                {t('insp.seekWrite')}
              </button>
            )}
          </>
        ) : (
          <p>{t('insp.write.none', { rv: shown.metadata.resourceVersion ?? '' })}</p>
        )}
      </div>
      {write?.op === 'created' && current ? <p className="insp-note">{t('insp.created')}</p> : null}
      {changes.length ? (
        <div className="insp-changes">
          <h4>{t('insp.changedFields')}</h4>
          <ul data-testid="changed-fields">
            {changes.map((c) => (
              <li key={`${c.change}:${c.path}`}>
                <code>{c.path}</code>
                {c.change === 'removed' ? ` (${t('insp.removed')})` : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <pre className="insp-yaml" aria-label={t('insp.yamlLabel', { name })} tabIndex={0} data-testid="object-yaml">
        {yaml.lines.map((l, i) =>
          l.changes.length ? (
            <span key={i} className="insp-line insp-changed" data-changed="true">
              <span className="insp-badge">{t('insp.changedBadge')}</span>
              {l.text}
              {'\n'}
            </span>
          ) : (
            <span key={i} className="insp-line">
              <span className="insp-badge-space" aria-hidden="true" />
              {l.text}
              {'\n'}
            </span>
          ),
        )}
      </pre>
      <History history={history} current={write} seq={seq} t={t} time={time} onSeek={jump} />
    </section>
  );
}

function writeLine(t: Translate, time: TimeLabel, w: Write): string {
  const params = { time: time(w.at), by: w.by ?? '', rv: w.resourceVersion ?? '' };
  if (!w.traced || w.by === undefined) return t('insp.write.untraced', params);
  switch (w.op) {
    case 'created':
      return t('insp.write.created', params);
    case 'updated':
      return t('insp.write.updated', params);
    case 'deleted':
      return t('insp.write.deleted', params);
  }
}

function opText(t: Translate, w: Write): string {
  switch (w.op) {
    case 'created':
      return t('insp.op.created');
    case 'updated':
      return t('insp.op.updated');
    case 'deleted':
      return t('insp.op.deleted');
  }
}

function History({ history, current, seq, t, time, onSeek }: { history: readonly Write[]; current: Write | undefined; seq: number; t: Translate; time: TimeLabel; onSeek: (seq: number) => void }) {
  const headingId = useId();
  if (!history.length) return null;
  const shown = history.slice(-HISTORY_LIMIT);
  return (
    <div className="insp-history">
      <h4 id={headingId}>
        {t('insp.history')} <span className="insp-count">({t('insp.historyCount', { count: history.length })})</span>
      </h4>
      {shown.length < history.length ? <p className="insp-note">{t('insp.historyTrimmed', { count: shown.length })}</p> : null}
      <ol aria-labelledby={headingId} data-testid="write-history">
        {shown.map((w) => (
          <li key={w.index}>
            <button type="button" onClick={() => onSeek(w.seq)} aria-current={w.index === current?.index ? 'step' : undefined} className={w.seq > seq ? 'insp-later' : undefined}>
              <span className="insp-time">{time(w.at)}</span> {opText(t, w)} · {w.by ?? t('insp.untraced')}
              {w.resourceVersion ? ` · rv ${w.resourceVersion}` : ''}
              {w.seq > seq ? <span className="insp-later-tag"> · {t('insp.later')}</span> : null}
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
