/**
 * The transport bar: play/pause, one message back/forward, previous/next milestone, speed, and
 * the timeline scrubber with the apply-to-running milestones marked on it. Everything moves the
 * bridge's playhead; the whole page then shows that moment. Its height never changes (no layout
 * shift while playing): the milestones scroll within one line and "back to live" has its place.
 */
import { useEffect, useId, useMemo, useRef, type MouseEvent } from 'react';
import { Pause, Play, SkipBack, SkipForward, StepBack, StepForward } from 'lucide-react';
import { useBridge } from '../bridge/react';
import { useT } from '../i18n/react';
import type { MessageKey } from '../i18n/catalog';
import { useApp } from '../store/react';
import { SPEEDS } from '../store/playback';
import { upperBound } from '../store/tape';
import type { AppState } from '../store/store';
import { useTimeLabel } from './use-time-label';
import { FaultMarkers } from '../instructor/FaultMarkers';

const selectTape = (s: AppState) => s.cluster.tape;
const selectSeq = (s: AppState) => s.cluster.seq;
const selectNow = (s: AppState) => s.cluster.now;
const selectPlaying = (s: AppState) => s.playback.playing;
const selectSpeed = (s: AppState) => s.playback.speed;
const selectFollowing = (s: AppState) => s.playback.following;

/** Mouse presses on the bar's buttons do not move the focus (the speed select still opens). */
function keepFocus(e: MouseEvent): void {
  if (e.target instanceof Element && e.target.closest('button')) e.preventDefault();
}

export function PlaybackBar() {
  const t = useT();
  const bridge = useBridge();
  const tape = useApp(selectTape);
  const seq = useApp(selectSeq);
  const now = useApp(selectNow);
  const playing = useApp(selectPlaying);
  const speed = useApp(selectSpeed);
  const following = useApp(selectFollowing);
  const speedId = useId();
  const scrubId = useId();
  const timeLabel = useTimeLabel();
  const milestones = useMemo(() => (tape ? bridge.milestones() : []), [tape, bridge]);
  const chipList = useRef<HTMLOListElement>(null);
  // The chip of the last milestone reached: the effect below reads layout only when it changes
  // (reading offsets on every step forced a reflow per frame while playing).
  const latestDeployment = milestones.length ? milestones[milestones.length - 1]!.deployment : undefined;
  const currentChip = milestones.filter((m) => m.deployment === latestDeployment && m.seq <= seq).pop()?.id;
  // Keep the current milestone in view when the chips overflow their line (scrollLeft, not
  // scrollIntoView, which would also scroll the page's fixed frame).
  useEffect(() => {
    const list = chipList.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="step"]')?.parentElement;
    if (!list || !current) return;
    const left = current.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + current.offsetWidth > list.scrollLeft + list.clientWidth) list.scrollLeft = Math.max(0, left + current.offsetWidth - list.clientWidth + 24);
  }, [currentChip, milestones.length]);
  // Until the first snapshot: the bar's frame at its final size, so nothing below it moves.
  if (!tape) return <div className="playback" aria-hidden="true" data-testid="playback-placeholder"><div className="playback-buttons" /><div className="playback-track" /></div>;

  const start = tape.baseNow;
  const end = Math.max(tape.frontierNow, start + 1);
  const ahead = tape.recordCount - upperBound(tape.records, tape.recordCount, seq);
  // Playing while following is live: the playhead streams the newest messages as the worker
  // makes them, a few behind by nature (a busy HA cluster at 20×), and offering "Back to live"
  // there would flicker on and off with every batch.
  const live = ahead === 0 || (playing && following);
  const pct = (ms: number): string => `${(((ms - start) / (end - start)) * 100).toFixed(3)}%`;
  const chips = milestones.filter((m) => m.deployment === latestDeployment);

  return (
    <div className="playback" role="region" aria-label={t('play.label')} data-testid="playback" data-shortcuts>
      {/* A click on a transport button leaves the focus where it was (the terminal, usually):
          the learner who clicks Play mid-command keeps typing it. Tab still reaches every button. */}
      <div className="playback-buttons" onMouseDown={keepFocus}>
        <button type="button" className="icon-button" onClick={() => bridge.jumpMilestone(-1)} aria-label={t('play.prevMilestone')} title={t('play.prevMilestone')}>
          <SkipBack size={16} aria-hidden="true" />
        </button>
        <button type="button" className="icon-button" onClick={() => bridge.stepBack()} aria-label={t('play.stepBack')} title={t('play.stepBack')} data-testid="step-back">
          <StepBack size={16} aria-hidden="true" />
        </button>
        <button type="button" className="playback-play" onClick={() => (playing ? bridge.pause() : bridge.play())} data-testid="play-pause">
          {playing ? <Pause size={16} aria-hidden="true" /> : <Play size={16} aria-hidden="true" />} <span className="playback-play-label">{playing ? t('play.pause') : t('play.play')}</span>
        </button>
        <button type="button" className="icon-button" onClick={() => bridge.stepForward()} aria-label={t('play.stepForward')} title={t('play.stepForward')} data-testid="step-forward">
          <StepForward size={16} aria-hidden="true" />
        </button>
        <button type="button" className="icon-button" onClick={() => bridge.jumpMilestone(1)} aria-label={t('play.nextMilestone')} title={t('play.nextMilestone')} data-testid="next-milestone">
          <SkipForward size={16} aria-hidden="true" />
        </button>
        <label htmlFor={speedId} className="visually-hidden">
          {t('play.speed')}
        </label>
        <select id={speedId} value={speed} onChange={(e) => bridge.setSpeed(Number(e.target.value))} data-testid="speed" title={t('play.speed')}>
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
        <ol ref={chipList} className="milestones" aria-label={t('play.milestones')}>
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
        <span className="playback-position" data-testid="position" aria-live="off">
          {t('play.position', { time: timeLabel(now), end: timeLabel(tape.frontierNow) })}
        </span>
        <span className="playback-edge">
          {live ? (
            <span className="playback-live" data-testid="live">● {t('play.live')}</span>
          ) : (
            <button type="button" onClick={() => bridge.seek(tape.frontierSeq)} title={t('play.ahead', { count: ahead })} data-testid="to-live">
              <span className="playback-to-live">{t('play.toLive')}</span>
              <span className="playback-to-live-short" aria-hidden="true">
                {t('play.toLiveShort')}
              </span>{' '}
              <span className="playback-ahead-count">(+{ahead})</span>
            </button>
          )}
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
    </div>
  );
}
