/**
 * The console, the symptoms card and the timeline markers rendered to static HTML from a store
 * holding a real run, in both languages: what a keyboard or screen-reader user gets before any
 * interaction — states in words, buttons named by action and target.
 */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BridgeContext } from '../bridge/react';
import { createLocaleStore } from '../i18n/locale';
import { LocaleContext } from '../i18n/react';
import { initialConnectionState } from '../store/connection';
import { AppStoreContext } from '../store/react';
import { createAppStore } from '../store/store';
import { FaultMarkers } from './FaultMarkers';
import { InstructorConsole } from './InstructorConsole';
import { LabHarness } from './instructor.testing';
import { inertBridge } from '../bridge/inert.testing';

const inert = inertBridge();

function render(ui: ReactElement, lab: LabHarness, languages = ['en-US']): string {
  const cluster = { ...lab.cluster, targets: lab.targets };
  const store = createAppStore({ cluster, connection: { ...initialConnectionState, status: 'ready', epochMs: lab.epochMs } });
  return renderToStaticMarkup(
    <AppStoreContext.Provider value={store}>
      <LocaleContext.Provider value={createLocaleStore(undefined, languages)}>
        <BridgeContext.Provider value={inert}>{ui}</BridgeContext.Provider>
      </LocaleContext.Provider>
    </AppStoreContext.Provider>,
  );
}

const text = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

function scenario(): LabHarness {
  const lab = new LabHarness();
  lab.out('kubectl apply -f go-api.yaml');
  lab.out('kubectl rollout status deployment/go-api --timeout=2m');
  lab.out('sim fail kube-scheduler');
  lab.out('sim fail node/node-3');
  lab.out('kubectl scale deployment go-api --replicas=5');
  lab.out('sim advance 5s');
  return lab;
}

describe('InstructorConsole', () => {
  const lab = scenario();

  it('lists every target with its state in words and a button named by action and target', () => {
    const html = render(<InstructorConsole />, lab);
    expect(html).toContain('>Instructor console</h2>');
    expect(text(html)).toContain('Active faults at this moment: kube-scheduler, node/node-3');
    const row = (name: string): string => {
      const at = html.indexOf(`data-testid="ic-target-${name}"`);
      expect(at, name).toBeGreaterThan(0);
      return html.slice(at, html.indexOf('</li>', at));
    };
    expect(row('kube-scheduler')).toMatch(/Failed since T\+\d+\.\d{3}s/);
    expect(row('kube-scheduler')).toContain('aria-label="Recover kube-scheduler"');
    expect(row('kube-controller-manager')).toContain('Running');
    expect(row('kube-controller-manager')).toContain('aria-label="Stop kube-controller-manager"');
    expect(row('node/node-3')).toContain('aria-label="Power on node/node-3"');
    expect(row('kubelet/node-3')).toContain('Down because of node/node-3');
    expect(row('network/node-2')).toContain('aria-label="Partition network/node-2"');
    expect(row('latency/kube-scheduler')).toContain('aria-label="Inject latency/kube-scheduler"');
    // Folded groups say what inside them is failed; the control plane is never folded.
    expect(text(html)).toContain('Machine node-3 — node/node-3');
    expect(html.match(/<button/g)!.length).toBeGreaterThan(lab.targets.length);
  });

  it('shows the presets with their commands, ha ones disabled with the reason in basic', () => {
    const html = render(<InstructorConsole />, lab);
    expect(html).toContain('aria-label="Run preset: kube-scheduler down"');
    expect(text(html)).toContain('sim fail kube-scheduler');
    const from = html.indexOf('<li class="ic-preset" data-testid="ic-preset-ha-scheduler-failover"');
    const ha = html.slice(from, html.indexOf('data-testid="ic-preset-', from + 50));
    expect(ha).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Run preset: Stop the leading kube-scheduler"/);
    expect(text(ha)).toContain('Needs the ha topology');
  });

  it('says what is happening now, each check a button that runs it', () => {
    const html = render(<InstructorConsole />, lab);
    const card = text(html.slice(html.indexOf('data-testid="symptoms-card"')));
    expect(card).toMatch(/Fault: kube-scheduler is stopped\. Pods Pending with no node: \d+/);
    expect(card).toContain('Fault: node-3 is powered off');
    expect(html).toContain('aria-label="Run “kubectl get events --field-selector reason=FailedScheduling” in the terminal"');
  });

  it('renders in Chinese', () => {
    const html = render(<InstructorConsole />, lab, ['zh-CN']);
    expect(html).toContain('>讲师控制台</h2>');
    expect(text(html)).toContain('kube-scheduler 已停止');
    expect(html).toContain('aria-label="恢复 kube-scheduler"');
  });
});

describe('FaultMarkers', () => {
  it('draws one band per fault and lists them for screen readers', () => {
    const lab = scenario();
    lab.out('sim recover kube-scheduler');
    lab.out('sim advance 5s');
    const html = render(<FaultMarkers />, lab);
    expect(html.match(/class="fault-band/g)).toHaveLength(2);
    expect(html).toContain('aria-label="Faults on the timeline"');
    expect(text(html)).toMatch(/kube-scheduler: failed at T\+[\d.]+s, recovered at T\+[\d.]+s/);
    expect(text(html)).toMatch(/node\/node-3: failed at T\+[\d.]+s, still active/);
    expect(render(<FaultMarkers />, new LabHarness())).toBe('');
  });
});
