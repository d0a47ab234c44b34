/**
 * The instructor journeys from issue #4: stop the scheduler from the console, scale up, see the
 * Pods Pending (and no FailedScheduling), recover, see them bound; in ha, stop the kube-scheduler
 * holding the Lease and watch a standby take it; stop the kubelet on node-2 and fast-forward
 * through NotReady → eviction → replacement.
 */
import { expect, test, type Page } from '@playwright/test';
import { app, instructor, playback, watchConsole } from './app';

async function boot(page: Page, path: string, nodes: number) {
  const problems = watchConsole(page);
  await page.goto(path);
  const ui = app(page);
  await ui.waitForBoot();
  // The lists stay mounted once opened: they are counted while the terminal is in front.
  await ui.openTab('lists');
  await expect(ui.nodeTable.locator('tbody tr[data-status="Ready"]')).toHaveCount(nodes, { timeout: 30_000 });
  await ui.openTab('terminal');
  await ui.waitForPrompt();
  const ic = instructor(page);
  await ic.open();
  // The page opens paused; these journeys watch the cluster play.
  await page.getByTestId('play-pause').click();
  return { ui, problems, ic, play: playback(page) };
}

const goApiRows = (page: Page, status?: string) =>
  page.getByTestId('pod-list').locator(status ? `tbody tr[data-status="${status}"]` : 'tbody tr', { hasText: 'go-api-' });

/** The last `control-plane-N_<uuid>` holder the terminal printed. */
async function lastHolder(page: Page): Promise<string> {
  const text = (await app(page).terminalOutput.textContent()) ?? '';
  const all = [...text.matchAll(/kube-scheduler\s+(control-plane-(\d)_[0-9a-f-]{36})/g)];
  expect(all.length).toBeGreaterThan(0);
  return all.at(-1)![1]!;
}

test.describe('instructor journeys', () => {
  test.setTimeout(180_000);

  test('basic: stop kube-scheduler from the console, scale to 5, two Pods Pending without FailedScheduling, recover, all bound', async ({ page }) => {
    const { ui, ic, play, problems } = await boot(page, '/', 4);
    await play.setSpeed(10);
    await ui.run('kubectl apply -f go-api.yaml');
    await expect(goApiRows(page, 'Running')).toHaveCount(3, { timeout: 30_000 });
    await expect(ic.symptom('calm')).toContainText('Nothing looks wrong');

    await ic.toggle('Stop kube-scheduler').click();
    await expect(ic.target('kube-scheduler')).toContainText('Failed since T+');
    await expect(ic.active).toHaveText('Active faults at this moment: kube-scheduler');
    await expect(ui.terminalOutput).toContainText('fault injected: kube-scheduler stopped');

    await ui.run('kubectl scale deployment go-api --replicas=5');
    await expect(goApiRows(page, 'Pending')).toHaveCount(2, { timeout: 30_000 });
    await expect(goApiRows(page, 'Running')).toHaveCount(3);
    await expect(ic.symptom('scheduler-down')).toContainText('Pods Pending with no node: 2');
    await ui.run('kubectl get pods');
    await expect(ui.terminalOutput).toContainText(/go-api-\S+\s+0\/1\s+Pending/);
    // The card's check runs in the terminal: nobody tried to schedule them, so no event.
    await ic.symptom('scheduler-down').getByRole('button', { name: 'Run “kubectl get events --field-selector reason=FailedScheduling” in the terminal' }).click();
    await expect(ui.terminalOutput).toContainText('No resources found in default namespace.');

    // Keyboard: the toggle is a plain button in the tab order.
    await ic.toggle('Recover kube-scheduler').focus();
    await page.keyboard.press('Enter');
    await expect(ui.terminalOutput).toContainText('recovered: kube-scheduler started');
    await expect(goApiRows(page, 'Running')).toHaveCount(5, { timeout: 30_000 });
    await expect(ic.active).toHaveText('No faults are active at this moment.');
    await expect(play.faultMarkers).toContainText(/kube-scheduler: failed at T\+[\d.]+s, recovered at T\+[\d.]+s/);
    expect(problems).toEqual([]);
  });

  test('ha: stop the kube-scheduler holding the Lease, fast-forward, a standby takes the Lease with a LeaderElection event', async ({ page }) => {
    const { ui, ic, play, problems } = await boot(page, '/?topology=ha', 6);
    await ui.run('kubectl get lease kube-scheduler -n kube-system');
    await expect(ui.terminalOutput).toContainText(/kube-scheduler\s+control-plane-\d_/);
    const before = await lastHolder(page);
    const n = before.split('_')[0]!.slice('control-plane-'.length);

    await ic.toggle(`Stop kube-scheduler-${n}`).click();
    await expect(ic.target(`kube-scheduler-${n}`)).toContainText('Failed since T+');
    await expect(ic.symptom('leader-lost:kube-scheduler')).toContainText(`kube-scheduler-${n} held the kube-scheduler Lease and is stopped`);

    await play.setSpeed(20);
    await ui.run('sim advance 30s');
    await ui.waitForPrompt();
    await ui.run('kubectl get lease kube-scheduler -n kube-system');
    await expect.poll(() => lastHolder(page)).not.toBe(before);
    const after = await lastHolder(page);
    expect(after.split('_')[0]).not.toBe(before.split('_')[0]);
    await ui.run('kubectl get events -n kube-system --field-selector reason=LeaderElection');
    await expect(ui.terminalOutput).toContainText(`lease/kube-scheduler   ${after} became leader`);
    await play.toLive();
    await expect(ic.symptom('standby-down:kube-scheduler')).toContainText(`kube-scheduler-${n} is stopped, but kube-scheduler-${after.split('_')[0]!.slice(-1)} holds the kube-scheduler Lease`);
    expect(problems).toEqual([]);
  });

  test('basic: stop the kubelet on node-2 and fast-forward through NotReady, eviction and replacement', async ({ page }) => {
    const { ui, ic, play, problems } = await boot(page, '/', 4);
    await play.setSpeed(10);
    await ui.run('kubectl apply -f go-api.yaml');
    await expect(goApiRows(page, 'Running')).toHaveCount(3, { timeout: 30_000 });
    const onNode2 = goApiRows(page).filter({ hasText: 'node-2' });
    await expect(onNode2).toHaveCount(1);
    const victim = (await onNode2.locator('th').textContent())!.trim();

    await ic.openGroup('node:node-2');
    await ic.toggle('Stop kubelet/node-2').click();
    await expect(ic.target('kubelet/node-2')).toContainText('Failed since T+');
    await expect(ic.symptom('kubelet-down:node-2')).toContainText('The kubelet on node-2 is stopped');

    // Fast-forward by jumps (paused, so the moment shown is exactly where each jump ended).
    await page.getByTestId('play-pause').click();
    await ui.run('sim advance 60s');
    await ui.waitForPrompt();
    await play.toLive();
    await expect(ui.nodeTable.locator('tbody tr[data-status="NotReady"]', { hasText: 'node-2' })).toHaveCount(1, { timeout: 20_000 });
    await expect(ic.symptom('kubelet-down:node-2')).toContainText('node-2 is NotReady: its Ready condition is Unknown');
    await expect(ic.symptom('kubelet-down:node-2')).toContainText(/carried the taint node\.kubernetes\.io\/unreachable:NoExecute for \d+ s\. Its Pods tolerate it for 300 s/);
    await ui.run('kubectl get nodes');
    await expect(ui.terminalOutput).toContainText(/node-2\s+NotReady/);

    // The eviction comes 300 s after the taint, and the replacement then needs its few seconds to
    // start: 5m alone left it 2 s (ContainerCreating when the fault was toggled late).
    await ui.run('sim advance 5m30s');
    await play.toLive();
    await ui.waitForPrompt();
    await expect(goApiRows(page, 'Terminating')).toHaveCount(1, { timeout: 20_000 });
    await expect(goApiRows(page, 'Terminating')).toContainText(victim);
    await expect(goApiRows(page, 'Running')).toHaveCount(3, { timeout: 20_000 });
    for (const row of await goApiRows(page, 'Running').all()) await expect(row).not.toContainText('node-2');
    // coredns may have been on node-2 too: it is evicted like any Deployment's Pod.
    await expect(ic.symptom('kubelet-down:node-2')).toContainText(new RegExp(`Pods evicted from node-2: \\d+ \\(${victim}[,)]`));
    await ui.run('kubectl get events --field-selector reason=TaintManagerEviction');
    await expect(ui.terminalOutput).toContainText(`Marking for deletion Pod default/${victim}`);
    await expect(play.faultMarkers).toContainText(/kubelet\/node-2: failed at T\+[\d.]+s, still active/);
    expect(problems).toEqual([]);
  });
});
