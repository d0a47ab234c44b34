/**
 * Messages in flight: when the current message changes, a token travels along the routed edge
 * from the sender's box to the receiver's (a self-hop rings the box), drawn in flow coordinates
 * inside React Flow's viewport so it pans and zooms with the picture. Its label stands still
 * beside the path, where it covers no box's text (geometry.ts). With prefers-reduced-motion
 * nothing moves: the lit edge and highlighted endpoints (model.ts) carry the same information.
 *
 * Invariant: history present when the view mounts is not replayed; only records that become
 * current afterwards fly, at most MAX_TOKENS at once (geometry.ts newHops).
 */
import { ViewportPortal } from '@xyflow/react';
import { LazyMotion, domAnimation, m, useReducedMotion } from 'framer-motion';
import { useEffect, useRef, useState } from 'react';
import type { ComponentSummary } from '../../protocol/messages';
import type { TraceRecord } from '../../engine/core/trace';
import { useT } from '../i18n/react';
import { useApp } from '../store/react';
import type { FlowGraph } from './data';
import { MAX_TOKENS, flightFor, newHops, tokenDuration, type Flight, type Point } from './geometry';
import { pathLength } from './polyline';

export interface TokensProps {
  trace: readonly TraceRecord[];
  graph: FlowGraph;
  components: ReadonlyMap<string, ComponentSummary>;
  leaders: ReadonlySet<string>;
}

type Live = Flight & { duration: number };

/** Keyframes along a polyline: one per corner, timed by the distance travelled. */
function keyframes(points: readonly Point[]): { x: number[]; y: number[]; times: number[] } {
  const total = pathLength(points) || 1;
  let run = 0;
  const times = points.map((p, i) => {
    if (i) run += Math.abs(p.x - points[i - 1]!.x) + Math.abs(p.y - points[i - 1]!.y);
    return run / total;
  });
  return { x: points.map((p) => p.x), y: points.map((p) => p.y), times };
}

export function Tokens({ trace, graph, components, leaders }: TokensProps) {
  const t = useT();
  const reduced = useReducedMotion() === true;
  const speed = useApp((s) => s.playback.speed);
  const [flights, setFlights] = useState<Live[]>([]);
  const prevSeq = useRef<number | undefined>(undefined);
  // The latest geometry without re-running the effect on every layout change.
  const latest = useRef({ graph, components, leaders, speed });
  latest.current = { graph, components, leaders, speed };

  useEffect(() => {
    const last = trace[trace.length - 1]?.seq ?? 0;
    const prev = prevSeq.current;
    prevSeq.current = last;
    if (prev === undefined || reduced) return;
    const l = latest.current;
    const duration = tokenDuration(l.speed);
    const fresh: Live[] = [];
    for (const r of newHops(prev, trace)) {
      const f = flightFor(r, l.graph, l.components, l.leaders);
      if (f) fresh.push({ ...f, duration });
    }
    if (fresh.length) setFlights((cur) => [...cur.filter((c) => !fresh.some((f) => f.seq === c.seq)), ...fresh].slice(-MAX_TOKENS));
  }, [trace, reduced]);

  if (reduced || flights.length === 0) return null;
  const done = (seq: number) => setFlights((cur) => cur.filter((c) => c.seq !== seq));
  return (
    <ViewportPortal>
      <LazyMotion features={domAnimation} strict>
        {/* Decorative: the sequence view and the lit edge say the same in words. */}
        <div className="diagram-tokens" aria-hidden="true" title={t('diagram.tokens')}>
          {flights.map((f) => {
            const s = f.duration / 1000;
            const label = (
              <m.div
                key={`${f.seq}-label`}
                className="diagram-token-label"
                style={{ left: f.labelAt.x, top: f.labelAt.y, width: f.labelAt.w, height: f.labelAt.h }}
                initial={{ opacity: 0 }}
                animate={{ opacity: [0, 1, 1, 0] }}
                transition={{ duration: s, times: [0, 0.12, 0.85, 1] }}
              >
                {f.label}
              </m.div>
            );
            if (f.kind === 'travel') {
              const k = keyframes(f.points);
              return [
                <m.div
                  key={f.seq}
                  className="diagram-token"
                  data-testid="diagram-token"
                  initial={{ x: k.x[0], y: k.y[0], opacity: 0.95 }}
                  animate={{ x: k.x, y: k.y, opacity: 1 }}
                  transition={{ duration: s, times: k.times, ease: 'linear' }}
                  onAnimationComplete={() => done(f.seq)}
                />,
                label,
              ];
            }
            return [
              <m.div
                key={f.seq}
                className="diagram-pulse"
                data-testid="diagram-token"
                style={{ left: f.box.x, top: f.box.y, width: f.box.w, height: f.box.h }}
                initial={{ scale: 1, opacity: 0.9 }}
                animate={{ scale: 1.12, opacity: 0 }}
                transition={{ duration: s, ease: 'easeOut' }}
                onAnimationComplete={() => done(f.seq)}
              />,
              label,
            ];
          })}
        </div>
      </LazyMotion>
    </ViewportPortal>
  );
}
