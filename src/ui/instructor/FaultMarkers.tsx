/**
 * Fault start/end markers and the band while active, drawn as a strip under the timeline
 * scrubber, positioned like PlaybackBar's milestone markers (percent of [baseNow, frontierNow]).
 * The strip is decorative (aria-hidden, pointer-events none so the scrubber stays usable); a
 * visually hidden list says the same for screen readers.
 */
import { useMemo } from 'react';
import { useT } from '../i18n/react';
import { useTimeLabel, type TimeLabel } from '../playback/use-time-label';
import { useApp } from '../store/react';
import type { AppState } from '../store/store';
import { faultSpans, hasFaultSpans } from './faults';
import { faultMarkers, type FaultMarker } from './markers';
import './instructor.css';

// Without a fault on the tape there is nothing to draw: new diffs then leave the markers be.
const selectTape = (s: AppState) => (s.cluster.tape && hasFaultSpans(s.cluster.tape) ? s.cluster.tape : undefined);
const selectSeq = (s: AppState) => s.cluster.seq;

function label(t: ReturnType<typeof useT>, time: TimeLabel, m: FaultMarker): string {
  const { span } = m;
  const end = span.end ? time(span.end.at) : undefined;
  if (!span.start) return end ? t('ic.marker.beforeClosed', { target: m.target, end }) : t('ic.marker.beforeOpen', { target: m.target });
  const start = time(span.start.at);
  return end ? t('ic.marker.closed', { target: m.target, start, end }) : t('ic.marker.open', { target: m.target, start });
}

export function FaultMarkers() {
  const t = useT();
  const tape = useApp(selectTape);
  const seq = useApp(selectSeq);
  const time = useTimeLabel();
  const markers = useMemo(() => (tape ? faultMarkers(faultSpans(tape), tape.baseNow, Math.max(tape.frontierNow, tape.baseNow + 1)) : []), [tape]);
  if (!markers.length) return null;
  return (
    <div className="fault-markers" data-testid="fault-markers">
      <div className="fault-strip" aria-hidden="true">
        {markers.map((m) => (
          <span
            key={m.key}
            className={`fault-band${m.span.start && m.span.start.seq <= seq && (!m.span.end || m.span.end.seq > seq) ? ' is-now' : ''}`}
            data-lane={m.lane}
            style={{ left: `${m.from.toFixed(3)}%`, width: `${Math.max(0.2, m.to - m.from).toFixed(3)}%` }}
            title={label(t, time, m)}
          >
            {m.start !== undefined ? <span className="fault-mark fault-start" /> : null}
            {m.end !== undefined ? <span className="fault-mark fault-end" /> : null}
          </span>
        ))}
      </div>
      <ul className="ic-sr" aria-label={t('ic.markers')}>
        {markers.map((m) => (
          <li key={m.key}>{label(t, time, m)}</li>
        ))}
      </ul>
    </div>
  );
}
