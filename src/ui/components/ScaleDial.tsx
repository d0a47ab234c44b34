/**
 * The scale dial beside the topology select: how many worker nodes the cluster has (3 to 5,000).
 * Choosing a size runs `sim topology <current> --nodes N`, as if typed, so the run's log, shared
 * links and the terminal all see it; like the topology select it asks first when typed commands'
 * cluster would be discarded. The dial shows the cluster's real worker count at the moment shown,
 * so a `sim topology … --nodes 7` typed in the terminal shows as 7; while any `sim topology` runs
 * (big clusters take seconds to boot) a busy line says so and the dial waits. Under a running
 * lesson it always asks, and rebuilding leaves the lesson (LeaveLessonDialog.tsx): the lesson's
 * steps describe the cluster it started, not the one dialled.
 */
import { Loader2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import type { Topology } from '../../protocol/messages';
import { useBridge, type BridgeApi } from '../bridge/react';
import { machineHosts } from '../diagram/scene';
import { useLocale, useT } from '../i18n/react';
import { useApp, useAppStore } from '../store/react';
import type { AppStore } from '../store/store';
import { rebuildOf, type Rebuild } from '../terminal/rebuild';
import { ConfirmDialog } from './ConfirmDialog';
import { LeaveLessonDialog, useLessonInTheWay } from './LeaveLessonDialog';
import './scale-dial.css';

export const SCALE_SIZES = [3, 10, 100, 1000, 5000] as const;
/** From this many workers on, the question (and the busy line) say the boot takes a while. */
export const SLOW_BOOT = 1000;

/** The `sim topology` running now (typed, or chosen on the dial), and the size it asked for; undefined when none. */
export function useRebuilding(): Rebuild | undefined {
  const line = useApp((s) => s.terminal.entries.find((e) => e.state === 'running' && rebuildOf(e.line) !== undefined)?.line);
  return line === undefined ? undefined : rebuildOf(line);
}

/**
 * Runs a rebuild the learner chose (on the dial, or typed and confirmed) at the newest moment, so
 * it never asks to fork the past it discards anyway.
 */
export function runRebuild(bridge: BridgeApi, store: AppStore, line: string): void {
  const tape = store.getState().cluster.tape;
  bridge.pause();
  if (tape) bridge.seek(tape.frontierSeq);
  bridge.run(line, undefined, { laptop: true });
}

/** The command the dial runs. */
export function scaleCommand(topology: Topology, nodes: number): string {
  return `sim topology ${topology} --nodes ${nodes}`;
}

export function ScaleDial({ topology: linked }: { topology: Topology }) {
  const t = useT();
  const [locale] = useLocale();
  const id = useId();
  const bridge = useBridge();
  const store = useAppStore();
  const components = useApp((s) => s.cluster.components);
  const topology = useApp((s) => s.cluster.topology) ?? linked;
  const workers = useMemo(() => machineHosts(components).workers.length, [components]);
  // The rebuild running now, typed or chosen here; the diagram says so in words too.
  const rebuilding = useRebuilding();
  const [asking, setAsking] = useState<{ nodes: number; commands: number } | undefined>();
  const lesson = useLessonInTheWay();
  const busy = rebuilding !== undefined;
  const fmt = (n: number): string => n.toLocaleString(locale);

  const go = (nodes: number): void => runRebuild(bridge, store, scaleCommand(topology, nodes));
  const choose = (nodes: number): void => {
    if (!Number.isInteger(nodes) || nodes === workers) return;
    const commands = bridge.commandLog.filter((e) => e.type === 'command' || e.type === 'until').length;
    if (commands === 0 && !lesson) go(nodes);
    else setAsking({ nodes, commands });
  };
  const sizes: number[] = workers > 0 && !SCALE_SIZES.includes(workers as (typeof SCALE_SIZES)[number]) ? [...SCALE_SIZES, workers].sort((a, b) => a - b) : [...SCALE_SIZES];
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {t('scale.dial')}
      </label>
      {/* The spinner sits over the disabled dial's arrow, so a rebuild does not push the header's buttons along. */}
      <span className="scale-dial-wrap">
        <select id={id} className="scale-dial" value={workers || 3} disabled={busy} onChange={(e) => choose(Number(e.target.value))} data-testid="scale-dial" title={t('scale.dial')}>
          {sizes.map((n) => (
            <option key={n} value={n}>
              {t(n === workers && !SCALE_SIZES.includes(n as (typeof SCALE_SIZES)[number]) ? 'scale.optionCurrent' : 'scale.option', { count: n, num: fmt(n) })}
            </option>
          ))}
        </select>
        {busy ? (
          <span className="scale-busy" data-testid="scale-busy" title={rebuilding.nodes !== undefined ? t('scale.busy', { nodes: fmt(rebuilding.nodes) }) : t('scale.busyAny')}>
            <Loader2 className="scale-spinner" size={16} aria-hidden="true" />
          </span>
        ) : null}
      </span>
      {asking && lesson ? (
        <LeaveLessonDialog
          lesson={lesson}
          change={{ kind: 'scale', nodes: fmt(asking.nodes), boot: asking.nodes >= SLOW_BOOT ? t('scale.bootSlow') : '' }}
          onConfirm={() => {
            setAsking(undefined);
            go(asking.nodes);
          }}
          onCancel={() => setAsking(undefined)}
        />
      ) : asking ? (
        <ConfirmDialog
          title={t('scale.title')}
          body={t('scale.body', { nodes: fmt(asking.nodes), n: asking.nodes, topology, count: asking.commands, boot: asking.nodes >= SLOW_BOOT ? t('scale.bootSlow') : '' }).trim()}
          confirmLabel={t('scale.confirm')}
          cancelLabel={t('scale.cancel')}
          onConfirm={() => {
            setAsking(undefined);
            go(asking.nodes);
          }}
          onCancel={() => setAsking(undefined)}
          focus="cancel"
          testId="scale-dialog"
          confirmTestId="scale-confirm"
          cancelTestId="scale-cancel"
        />
      ) : null}
    </>
  );
}
