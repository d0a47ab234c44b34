/**
 * The transport bar: play/pause, one message back/forward, previous/next milestone, speed, and
 * the timeline scrubber with the apply-to-running milestones marked on it. Everything moves the
 * bridge's playhead; the whole page then shows that moment.
 */
import { useId, useMemo } from 'react';
import { useBridge } from '../bridge/react';
import { useT } from '../i18n/react';
import type { MessageKey } from '../i18n/catalog';
import { useApp } from '../store/react';
import { SPEEDS } from '../store/playback';
import { upperBound } from '../store/tape';
import type { AppState } from '../store/store';
import { timeLabel } from './time-label';
import { FaultMarkers } from '../instructor/FaultMarkers';

const selectTape = (s: AppState) => s.cluster.tape;
const selectSeq = (s: AppState) => s.cluster.seq;
const selectNow = (s: AppState) => s.cluster.now;
const selectPlaying = (s: AppState) => s.playback.playing;
const selectSpeed = (s: AppState) => s.playback.speed;

export function PlaybackBar() {
  const t = useT();
  const bridge = useBridge();
  const tape = useApp(selectTape);
  const seq = useApp(selectSeq);
  const now = useApp(selectNow);
  const playing = useApp(selectPlaying);
  const speed = useApp(selectSpeed);
  const speedId = useId();
  const scrubId = useId();
  const milestones = useMemo(() => (tape ? bridge.milestones() : []), [tape, bridge]);
  if (!tape) return null;

  const start = tape.baseNow;
  const end = Math.max(tape.frontierNow, start + 1);
  const ahead = tape.recordCount - upperBound(tape.records, tape.recordCount, seq);
  const pct = (ms: number): string => `${(((ms - start) / (end - start)) * 100).toFixed(3)}%`;
  const latest = milestones.length ? milestones[milestones.length - 1]!.deployment : undefined;
  const chips = milestones.filter((m) => m.deployment === latest);

  return (
    <div className="playback" role="region" aria-label={t('play.label')} data-testid="playback">
      <div className="playback-buttons">
        <button type="button" onClick={() => bridge.jumpMilestone(-1)} aria-label={t('play.prevMilestone')} title={t('play.prevMilestone')}>
          ⇤
        </button>
        <button type="button" onClick={() => bridge.stepBack()} aria-label={t('play.stepBack')} title={t('play.stepBack')} data-testid="step-back">
          ◀
        </button>
        <button type="button" className="playback-play" onClick={() => (playing ? bridge.pause() : bridge.play())} data-testid="play-pause">
          {playing ? `⏸ ${t('play.pause')}` : `▶ ${t('play.play')}`}
        </button>
        <button type="button" onClick={() => bridge.stepForward()} aria-label={t('play.stepForward')} title={t('play.stepForward')} data-testid="step-forward">
          ▶|
        </button>
        <button type="button" onClick={() => bridge.jumpMilestone(1)} aria-label={t('play.nextMilestone')} title={t('play.nextMilestone')}>
          ⇥
        </button>
        <label htmlFor={speedId}>{t('play.speed')}</label>
        <select id={speedId} value={speed} onChange={(e) => bridge.setSpeed(Number(e.target.value))} data-testid="speed">
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
        <span className="playback-position" data-testid="position" aria-live="off">
          {t('play.position', { time: timeLabel(now), end: timeLabel(tape.frontierNow) })}
          {ahead === 0 ? <span className="playback-live"> · {t('play.live')}</span> : null}
        </span>
      </div>
      <div className="playback-track">
        <label htmlFor={scrubId} className="visually-hidden">
          {t('play.timeline')}
        </label>
        <input
          id={scrubId}
          type="range"
          min={start}
          max={end}
          step={1}
          value={Math.round(now)}
          onChange={(e) => bridge.seekTime(Number(e.target.value))}
          aria-valuetext={timeLabel(now)}
          data-testid="scrubber"
        />
        <div className="playback-markers" aria-hidden="true">
          {milestones.map((m) => (
            <span key={`${m.deployment}-${m.id}`} className={`marker marker-${m.id}${m.seq <= seq ? ' reached' : ''}`} style={{ left: pct(m.at) }} />
          ))}
        </div>
        <FaultMarkers />
      </div>
      {chips.length ? (
        <ol className="milestones" aria-label={t('play.milestones')}>
          {chips.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                className={m.seq <= seq ? 'reached' : undefined}
                aria-current={m.seq <= seq && !chips.some((o) => o.seq > m.seq && o.seq <= seq) ? 'step' : undefined}
                onClick={() => {
                  bridge.pause();
                  bridge.seek(m.seq);
                }}
                title={t('milestone.marker', { name: t(`milestone.${m.id}` as MessageKey), deployment: m.deployment, time: timeLabel(m.at) })}
                data-testid={`milestone-${m.id}`}
              >
                {t(`milestone.${m.id}` as MessageKey)}
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      {ahead > 0 ? (
        <p className="playback-ahead">
          {t('play.ahead', { count: ahead })}{' '}
          <button type="button" onClick={() => bridge.seek(tape.frontierSeq)}>
            {t('play.toLive')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
