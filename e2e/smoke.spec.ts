import { expect, test } from '@playwright/test';
import { app, watchConsole } from './app';

test.describe('smoke', () => {
  test('boots the cluster, runs kubectl, and switches to Chinese', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);

    await expect(page.getByRole('heading', { level: 1, name: 'Reconcile' })).toBeVisible();
    await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute('content', /worker-src 'self'/);
    await ui.waitForBoot();

    await ui.openTab('lists');
    await expect(ui.nodeRows).toHaveCount(4);
    await expect(ui.nodeTable.locator('tbody tr[data-status="Ready"]')).toHaveCount(4);

    await ui.openTab('terminal');
    await expect(page.getByLabel('Command line')).toBeVisible();
    await ui.run('kubectl get nodes');
    await expect(ui.terminalOutput).toContainText(/NAME\s+STATUS\s+ROLES\s+AGE\s+VERSION/);

    await page.getByRole('button', { name: 'Switch the interface to Chinese' }).click();
    await expect(page.getByRole('heading', { level: 2, name: '终端' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '节点与 Pod' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await page.screenshot({ path: 'test-results/screenshots/smoke-zh-CN.png', fullPage: true });

    // The choice is remembered.
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: '终端' })).toBeVisible();

    expect(problems).toEqual([]);
  });
});

test.describe('browser language', () => {
  test.use({ locale: 'zh-CN' });

  test('a Chinese browser gets the Chinese interface', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: '终端' })).toBeVisible();
    await expect(page.getByRole('button', { name: '将界面切换为英文' })).toBeVisible();
    expect(problems).toEqual([]);
  });
});
