/**
 * The presets, grouped as the syllabus teaches them. "Run" jumps to the live moment (a preset
 * is several lines: running them in the past would fork once per line) and sends each line
 * through the bridge, so they appear in the terminal and the command log in order.
 */
import { useId } from 'react';
import type { Lease } from '../../k8s/types';
import { useBridge } from '../bridge/react';
import { useLocale, useT } from '../i18n/react';
import { useApp, useAppStore } from '../store/react';
import type { AppState } from '../store/store';
import { available, pick, resolveSteps, stepsFor, type Preset, type PresetGroup } from './presets';
import { PRESETS } from './presets-data';

const GROUPS: readonly PresetGroup[] = ['failure', 'ha', 'self-healing'];

const selectTopology = (s: AppState) => s.cluster.topology;
const selectComponents = (s: AppState) => s.cluster.components;
const selectObjects = (s: AppState) => s.cluster.objects;

function leaseOf(objects: AppState['cluster']['objects']) {
  return (kind: string) => objects.get(`leases/kube-system/${kind}`) as Lease | undefined;
}

function PresetItem({ preset }: { preset: Preset }) {
  const t = useT();
  const [locale] = useLocale();
  const bridge = useBridge();
  const store = useAppStore();
  const topology = useApp(selectTopology);
  const components = useApp(selectComponents);
  const objects = useApp(selectObjects);
  const reasonId = useId();
  const title = pick(preset.title, locale);
  const ok = available(preset, topology);
  const resolved = resolveSteps(preset, topology, components, leaseOf(objects));
  const reason = !ok ? t('ic.preset.needsHa') : !resolved.ok ? t('ic.preset.unresolved', { kind: resolved.missingLeader }) : undefined;

  const run = (): void => {
    const before = store.getState().cluster;
    if (before.tape && before.seq < before.tape.frontierSeq) bridge.seek(before.tape.frontierSeq);
    const live = store.getState().cluster;
    const r = resolveSteps(preset, live.topology, live.components, leaseOf(live.objects));
    if (!r.ok) return;
    for (const step of r.steps) bridge.run(step.line, step.stdin, { laptop: true });
  };

  return (
    <li className="ic-preset" data-testid={`ic-preset-${preset.id}`}>
      <button type="button" onClick={run} disabled={reason !== undefined} aria-label={t('ic.preset.runLabel', { title })} aria-describedby={reason ? reasonId : undefined}>
        {t('ic.preset.run')}
      </button>
      <details>
        <summary>{title}</summary>
        <dl>
          <dt>{t('ic.preset.goal')}</dt>
          <dd>{pick(preset.goal, locale)}</dd>
          <dt>{t('ic.preset.commands')}</dt>
          <dd>
            <ol className="ic-commands">
              {stepsFor(preset, topology).map((s, i) => (
                <li key={i}>
                  <code>{s.line}</code>
                  {s.stdin !== undefined ? (
                    <>
                      {' '}
                      {t('ic.preset.stdin')}
                      <pre>{s.stdin}</pre>
                    </>
                  ) : null}
                </li>
              ))}
            </ol>
          </dd>
          <dt>{t('ic.preset.watch')}</dt>
          <dd>{pick(preset.watch, locale)}</dd>
        </dl>
      </details>
      {reason ? (
        <p className="ic-preset-reason" id={reasonId}>
          {reason}
        </p>
      ) : null}
    </li>
  );
}

export function PresetList() {
  const t = useT();
  const headingId = useId();
  return (
    <section className="ic-presets" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('ic.presets')}</h3>
      <p className="ic-hint">{t('ic.presetsHint')}</p>
      {GROUPS.map((g) => (
        <div key={g} className="ic-group">
          <h4>{t(`ic.presetGroup.${g}`)}</h4>
          <ul className="ic-preset-list">
            {PRESETS.filter((p) => p.group === g).map((p) => (
              <PresetItem key={p.id} preset={p} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
