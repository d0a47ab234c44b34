import { expect, test } from '@playwright/test';
import { app, watchConsole } from './app';

test.describe('architecture and sequence views', () => {
  test('a student applies go-api and sees it in the diagram, the sequence and the pod list', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    await ui.waitForBoot();
    await ui.openTab('lists');
    await expect(ui.nodeTable.locator('tbody tr[data-status="Ready"]')).toHaveCount(4);
    await ui.openTab('terminal');

    const diagram = page.getByTestId('architecture');
    await expect(diagram.getByTestId('diagram-kube-apiserver')).toContainText('Running');
    await expect(diagram.getByTestId('diagram-kube-scheduler')).toContainText('leader');

    await ui.run('kubectl apply -f go-api.yaml');
    await expect(ui.terminalOutput).toContainText('deployment.apps/go-api created');
    // The page opens paused: play, and the cluster carries on.
    await page.getByTestId('play-pause').click();

    // Pods appear on the nodes in the diagram and as messages in the sequence view.
    await expect(diagram.locator('.diagram-pod', { hasText: 'go-api-' })).toHaveCount(3, { timeout: 20_000 });
    const sequence = page.locator('.sequence-table');
    await expect(sequence).toContainText('POST /apis/apps/v1/namespaces/default/deployments');
    await expect(sequence).toContainText('CreateContainer api', { timeout: 20_000 });

    // A component card says what the component is (and is not) responsible for.
    await diagram.getByTestId('diagram-kube-scheduler').click();
    const card = page.getByTestId('component-card');
    await expect(card).toContainText('binds each Pod');
    await expect(card).toContainText('Not responsible for');
    await card.getByRole('button', { name: 'Close' }).click();
    await expect(card).toHaveCount(0);

    // The rendered mermaid diagram is loaded on demand.
    await page.getByRole('button', { name: 'Show diagram' }).click();
    await expect(page.locator('.sequence-diagram svg')).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: 'test-results/screenshots/views.png', fullPage: true });

    expect(problems).toEqual([]);
  });
});
