/**
 * The words on a fault toggle: the short button text, its full accessible name (the button text
 * plus the target, so the visible label is part of the name) and the target's state in words —
 * never colour alone.
 */
import type { FaultTargetInfo } from '../../protocol/messages';
import type { Translate } from '../i18n/react';
import type { TimeLabel } from '../playback/use-time-label';
import type { TargetState } from './targets';

export interface ToggleLabels {
  button: string;
  action: string;
  state: string;
}

type Verb = 'stop' | 'recover' | 'powerOff' | 'powerOn' | 'partition' | 'reconnect' | 'inject' | 'heal';

function verb(t: FaultTargetInfo, failed: boolean): Verb {
  switch (t.class) {
    case 'component':
    case 'instance':
    case 'node-part':
      return failed ? 'recover' : 'stop';
    case 'node':
      return failed ? 'powerOn' : 'powerOff';
    case 'network':
      return failed ? 'reconnect' : 'partition';
    case 'latency':
    case 'watch-drop':
    case 'disk-latency':
      return failed ? 'heal' : 'inject';
    default: {
      const never: never = t.class;
      return never;
    }
  }
}

function okWord(t: FaultTargetInfo): 'ic.state.poweredOn' | 'ic.state.connected' | 'ic.state.normal' | 'ic.state.running' {
  if (t.class === 'node') return 'ic.state.poweredOn';
  if (t.class === 'network') return 'ic.state.connected';
  if (t.class === 'latency' || t.class === 'watch-drop' || t.class === 'disk-latency') return 'ic.state.normal';
  return 'ic.state.running';
}

/** `time` renders a moment as the page's `T+` label. */
export function toggleLabels(tr: Translate, time: TimeLabel, t: FaultTargetInfo, s: TargetState): ToggleLabels {
  const v = verb(t, s.kind === 'failed');
  let state: string;
  switch (s.kind) {
    case 'failed':
      state = s.span.start ? tr('ic.state.failed', { time: time(s.span.start.at) }) : tr('ic.state.failedBefore');
      break;
    case 'covered':
      state = s.by.length ? tr('ic.state.covered', { by: s.by.join(', ') }) : tr('ic.state.coveredPlain');
      break;
    case 'ok':
      state = tr(okWord(t));
      break;
  }
  return { button: tr(`ic.btn.${v}`), action: tr(`ic.act.${v}`, { target: t.name }), state };
}
