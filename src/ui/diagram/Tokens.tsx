/**
 * Messages in flight: when the current message changes, a small labelled token travels from the
 * sender's box to the receiver's (a self-hop pulses the box), drawn in flow coordinates inside
 * React Flow's viewport so it pans and zooms with the picture. With prefers-reduced-motion
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
import { MAX_TOKENS, flightFor, newHops, tokenDuration, type Flight } from './geometry';
import type { DiagramNode } from './model';

export interface TokensProps {
  trace: readonly TraceRecord[];
  nodes: readonly DiagramNode[];
  components: ReadonlyMap<string, ComponentSummary>;
  leaders: ReadonlySet<string>;
}

type Live = Flight & { duration: number };

export function Tokens({ trace, nodes, components, leaders }: TokensProps) {
  const t = useT();
  const reduced = useReducedMotion() === true;
  const speed = useApp((s) => s.playback.speed);
  const [flights, setFlights] = useState<Live[]>([]);
  const prevSeq = useRef<number | undefined>(undefined);
  // The latest geometry without re-running the effect on every layout change.
  const latest = useRef({ nodes, components, leaders, speed });
  latest.current = { nodes, components, leaders, speed };

  useEffect(() => {
    const last = trace[trace.length - 1]?.seq ?? 0;
    const prev = prevSeq.current;
    prevSeq.current = last;
    if (prev === undefined || reduced) return;
    const l = latest.current;
    const duration = tokenDuration(l.speed);
    const fresh: Live[] = [];
    for (const r of newHops(prev, trace)) {
      const f = flightFor(r, l.nodes, l.components, l.leaders);
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
          {flights.map((f) =>
            f.kind === 'travel' ? (
              <m.div
                key={f.seq}
                className="diagram-token"
                data-testid="diagram-token"
                initial={{ x: f.from.x, y: f.from.y, opacity: 0.95 }}
                animate={{ x: f.to.x, y: f.to.y, opacity: 1 }}
                transition={{ duration: f.duration / 1000, ease: 'easeInOut' }}
                onAnimationComplete={() => done(f.seq)}
              >
                <span className="diagram-token-label">{f.label}</span>
              </m.div>
            ) : (
              <m.div
                key={f.seq}
                className="diagram-pulse"
                data-testid="diagram-token"
                initial={{ x: f.at.x, y: f.at.y, scale: 0.6, opacity: 0.9 }}
                animate={{ scale: 1.5, opacity: 0 }}
                transition={{ duration: f.duration / 1000, ease: 'easeOut' }}
                onAnimationComplete={() => done(f.seq)}
              >
                <span className="diagram-token-label">{f.label}</span>
              </m.div>
            ),
          )}
        </div>
      </LazyMotion>
    </ViewportPortal>
  );
}
