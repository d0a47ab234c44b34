import { expect, test, type Page } from '@playwright/test';
import { app, watchConsole } from './app';

/**
 * Offline use: once the service worker controls the page (it claims the first visit after
 * precaching every file of the build), a reload with no network boots the app, and the lazily
 * loaded parts — a lesson, the terminal, the YAML editor, the mermaid diagram, the simulation
 * worker — come from the cache.
 */

/**
 * Waits until a service worker controls the page. A function, not a string: the page's CSP
 * (a header here) forbids the eval a string predicate needs. e2e/ is typed without the DOM library.
 */
async function waitForServiceWorker(page: Page): Promise<void> {
  type Nav = { navigator: { serviceWorker: { controller: object | null } } };
  await page.waitForFunction(() => (globalThis as unknown as Nav).navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
}

test.describe('offline', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a page opened once reloads with no network and runs a lesson, the terminal, the editor and the diagram', async ({ page, context }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    await ui.waitForBoot();
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await waitForServiceWorker(page);

    await context.setOffline(true);
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(`${r.url()}: ${r.failure()?.errorText ?? ''}`));
    await page.reload();
    await ui.waitForBoot();
    await expect(page.getByRole('heading', { level: 1, name: 'Reconcile' })).toBeVisible();

    // A lesson (its chunk and xstate load on the first lesson): its step runs a command.
    await page.getByTestId('open-lessons').click();
    const catalog = page.getByTestId('lesson-catalog');
    await catalog.getByTestId('start-01-cluster-at-a-glance').click();
    const panel = page.getByTestId('lesson-panel');
    await expect(panel).toHaveAttribute('data-step', 'intro', { timeout: 60_000 });
    await expect(panel.getByTestId('lesson-next')).toBeEnabled({ timeout: 60_000 });
    await panel.getByTestId('lesson-next').click();
    await expect(panel).toHaveAttribute('data-step', 'nodes', { timeout: 60_000 });
    await ui.openTab('terminal');
    await expect(ui.terminalOutput).toContainText(/NAME\s+STATUS\s+ROLES\s+AGE\s+VERSION/, { timeout: 60_000 });

    // A command typed in the terminal.
    await ui.run('kubectl get pods -n kube-system -l component=kube-scheduler');
    await expect(ui.terminalOutput).toContainText(/kube-scheduler-control-plane\s+1\/1\s+Running/);

    // The YAML editor and the rendered sequence diagram load on demand, from the cache too.
    await ui.openTab('editor');
    await expect(ui.editorCode).toBeVisible();
    await page.getByRole('button', { name: 'Show diagram' }).click();
    await expect(page.locator('.sequence-diagram svg')).toBeVisible({ timeout: 30_000 });

    expect(failed).toEqual([]);
    expect(problems).toEqual([]);
    await context.setOffline(false);
  });

  test('the server sends the policy as headers, with what only a header can say', async ({ request }) => {
    const res = await request.get('/');
    const csp = res.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.ok()).toBe(true);
    expect(await manifest.json()).toMatchObject({ name: 'Reconcile', display: 'standalone', icons: expect.arrayContaining([expect.objectContaining({ purpose: 'maskable' })]) });
  });
});
