/**
 * The kube-proxy row of the failure table, from the traffic panel: with kube-proxy stopped on a
 * node, requests sent from that node follow stale rules to a Pod that is gone; from another node
 * they always reach a live one. And "why is this Pod here?" from the inspector.
 */
import { expect, test } from '@playwright/test';
import { app, inspector, playback, watchConsole } from './app';

test.describe('traffic and why', () => {
  test.setTimeout(120_000);

  test('stale kube-proxy rules send traffic to a removed Pod; sim why explains a placement', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    await ui.waitForBoot();
    // Waiting commands print as the playhead reaches their output: play (the page opens paused),
    // fast, since this test is about where requests go, not about watching the rollout.
    await page.getByTestId('play-pause').click();
    await playback(page).setSpeed(20);
    await ui.run('kubectl apply -f go-api.yaml');
    await ui.run('kubectl apply -f go-api-service.yaml');
    await ui.run('kubectl rollout status deployment/go-api --timeout=2m');
    await expect(ui.terminalOutput).toContainText('successfully rolled out', { timeout: 30_000 });
    await ui.run('sim advance 5s');
    await ui.run('sim fail kube-proxy/node-1');
    await ui.run('kubectl scale deployment go-api --replicas=1');
    await ui.run('sim advance 30s');
    await expect(ui.terminalOutput).toContainText('deployment.apps/go-api scaled');

    await ui.openTab('traffic');
    const traffic = page.getByTestId('traffic');
    await traffic.getByLabel('From node').selectOption('node-1');
    for (let i = 0; i < 8; i++) await traffic.getByRole('button', { name: 'Send request' }).click();
    const results = traffic.locator('.traffic-results li');
    await expect(results).toHaveCount(8, { timeout: 30_000 });
    await expect(results.filter({ hasText: 'which no Pod holds any more' }).first()).toBeVisible();
    await traffic.getByLabel('From node').selectOption('node-2');
    await traffic.getByRole('button', { name: 'Send request' }).click();
    await expect(results.first()).toHaveAttribute('data-outcome', 'ok', { timeout: 20_000 });
    await expect(results.first()).toContainText('node-2 → go-api');

    // Why is this Pod on its node? The scheduler's verdict for every node.
    await ui.openTab('inspector');
    const insp = inspector(page);
    const pod = insp.item(/^Pod go-api-\w+-\w{5}\b/).first();
    await pod.click();
    await page.getByTestId('why-pod').click();
    await ui.openTab('terminal');
    await expect(ui.terminalOutput).toContainText(/bound to node-\d[\s\S]*<- selected/, { timeout: 20_000 });

    expect(problems).toEqual([]);
  });
});
