/**
 * The object inspector and the events table: a learner applies go-api, finds Deployment →
 * ReplicaSet → 3 Pods in the tree (by mouse and by keyboard), reads a Pod's YAML at the moment
 * shown, jumps to the write that bound it (made by kube-scheduler), and sees the Scheduled events.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { app, inspector, watchConsole } from './app';

test.describe('object inspector and events', () => {
  test.setTimeout(150_000);

  test('tree, YAML with the binding write by kube-scheduler, and Scheduled events', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    const insp = inspector(page);
    await ui.waitForBoot();

    await ui.run('kubectl apply -f go-api.yaml');
    await expect(ui.terminalOutput).toContainText('deployment.apps/go-api created');
    await page.getByTestId('play-pause').click();
    await ui.openTab('inspector');

    // Deployment → ReplicaSet → 3 Pods, nested in the tree.
    const deployment = insp.item(/^Deployment go-api\b/);
    await expect(deployment).toBeVisible({ timeout: 20_000 });
    await expect(deployment).toHaveAttribute('aria-level', '2');
    const rs = insp.children('deployments/default/go-api');
    await expect(rs).toHaveCount(1, { timeout: 20_000 });
    await expect(rs).toHaveAccessibleName(/^ReplicaSet go-api-\w+\b/);
    await expect(rs).toHaveAttribute('aria-expanded', 'true', { timeout: 20_000 });
    const pods = insp.children((await rs.getAttribute('data-key'))!);
    await expect(pods).toHaveCount(3, { timeout: 20_000 });
    for (const p of await pods.all()) await expect(p).toHaveAccessibleName(/^Pod go-api-\w+-\w{5}\b/);
    await expect(pods.filter({ hasText: 'Running' })).toHaveCount(3, { timeout: 30_000 });

    await page.getByTestId('play-pause').click();

    // The events table shows kubectl's columns and one Scheduled row per Pod.
    await ui.openTab('events');
    await expect(insp.events.locator('thead')).toHaveText(/LAST SEEN\s*TYPE\s*REASON\s*OBJECT\s*MESSAGE/);
    const scheduled = insp.eventRows.filter({ has: page.locator('td', { hasText: /^Scheduled$/ }) });
    await expect(scheduled).toHaveCount(3);
    await expect(scheduled.first()).toContainText(/Successfully assigned default\/go-api-\w+-\w{5} to node-\d/);
    await insp.eventsNamespace.selectOption({ label: 'All namespaces' });
    await expect(insp.events.locator('thead')).toContainText('NAMESPACE');
    await expect(insp.eventRows.filter({ hasText: 'kube-system' }).first()).toBeVisible();
    await insp.eventsNamespace.selectOption('default');
    const eventsAxe = await new AxeBuilder({ page }).include('[data-testid="events"]').analyze();
    expect(eventsAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await ui.openTab('inspector');

    // Keyboard: from the Deployment, ArrowDown reaches its ReplicaSet, Enter selects it.
    await deployment.focus();
    await page.keyboard.press('ArrowDown');
    await expect(rs).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(rs).toHaveAttribute('aria-selected', 'true');
    await expect(insp.view.getByRole('heading', { level: 3 })).toHaveText(/^ReplicaSet default\/go-api-\w+$/);

    // Keyboard: ArrowRight opens kube-node-lease (collapsed, as kube-* are): each node's heartbeat Lease.
    const nodeLease = insp.item(/^Namespace kube-node-lease\b/);
    await expect(nodeLease).toHaveAttribute('aria-expanded', 'false');
    await nodeLease.focus();
    await page.keyboard.press('ArrowRight');
    await expect(nodeLease).toHaveAttribute('aria-expanded', 'true');
    await expect(insp.item(/^Lease node-1 holder node-1 renewed \d+s ago$/)).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(nodeLease).toHaveAttribute('aria-expanded', 'false');

    // Select a Pod: its YAML at the moment shown names its node.
    const pod = pods.first();
    await pod.locator('.insp-row').first().click();
    await expect(pod).toHaveAttribute('aria-selected', 'true');
    await expect(insp.yaml).toContainText(/nodeName: node-\d/);

    // Jump to the binding write: the scheduler made it, and the nodeName line is marked changed.
    await insp.history.getByRole('button', { name: /kube-scheduler/ }).click();
    await expect(insp.lastWrite).toContainText(/Changed at T\+\d+\.\d{3}s by kube-scheduler \(rv \d+\)/);
    await expect(insp.lastWrite).toContainText('The timeline is at this write.');
    const changed = insp.yaml.locator('[data-changed="true"]', { hasText: /nodeName: node-\d/ });
    await expect(changed).toBeVisible();
    await expect(changed).toContainText('changed');
    await expect(insp.view.getByTestId('changed-fields')).toContainText('spec.nodeName');
    // At that moment the Pod is not Running yet.
    await expect(pod).not.toContainText('Running');

    const axe = await new AxeBuilder({ page }).include('[data-testid="inspector"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await page.screenshot({ path: 'test-results/screenshots/inspector.png', fullPage: true });
    expect(problems).toEqual([]);
  });

  test('a Pod clicked on the diagram opens in the inspector, a Pending one says why, and an event opens its object', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    const insp = inspector(page);
    await ui.waitForBoot();
    await ui.run('sim fail kube-scheduler');
    await ui.run('kubectl create deployment web --image=nginx:1.27 --replicas=2');
    await expect(ui.terminalOutput).toContainText('deployment.apps/web created');
    await page.getByTestId('play-pause').click();
    const chip = page.getByTestId('architecture').locator('.diagram-pod', { hasText: 'Pending' }).first();
    await expect(chip).toBeVisible({ timeout: 20_000 });
    await chip.getByRole('button').click();
    // The inspector tab opens with that Pod selected, its namespace opened down to it.
    await expect(page.getByTestId('dock-tab-inspector')).toHaveAttribute('aria-selected', 'true');
    const selected = insp.tree.locator('[role="treeitem"][aria-selected="true"]');
    await expect(selected).toHaveAccessibleName(/^Pod web-\w+-\w{5}\b/);
    await expect(selected).toBeInViewport();
    await expect(insp.view.getByRole('heading', { level: 3 })).toHaveText(/^Pod default\/web-\w+-\w{5}$/);
    // "Why is it Pending?" asks sim why in the terminal: nothing assigns Pods while the scheduler is down.
    await insp.view.getByTestId('why-pod').click();
    await ui.openTab('terminal');
    await expect(ui.terminalOutput).toContainText(/Pending with no node: kube-scheduler is not running/);
    // An event's OBJECT opens too: the ReplicaSet that created the Pods.
    await ui.openTab('events');
    const created = insp.eventRows.filter({ has: page.locator('td', { hasText: /^SuccessfulCreate$/ }) }).first();
    await created.getByRole('button', { name: /^replicaset\/web-/ }).click();
    await expect(page.getByTestId('dock-tab-inspector')).toHaveAttribute('aria-selected', 'true');
    await expect(insp.view.getByRole('heading', { level: 3 })).toHaveText(/^ReplicaSet default\/web-\w+$/);
    expect(problems).toEqual([]);
  });
});
