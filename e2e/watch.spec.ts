import { expect, test } from '@playwright/test';
import { app, watchConsole } from './app';

/**
 * procps' `watch` at the page's terminal: the alternate screen with watch 4.0.2's header, the
 * Pods going Running as simulated time plays, and Ctrl+C back to the prompt (unit tests:
 * src/kubectl/procps-watch/watch.test.ts, src/ui/terminal/shell.test.ts).
 */
test.describe('watch', () => {
  test('watch kubectl get pods redraws as the cluster runs, and Ctrl+C gives the prompt back', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    await ui.waitForBoot();
    // The frames appear as the playhead reaches them: play (the page opens paused).
    await page.getByTestId('play-pause').click();
    await ui.run('kubectl apply -f go-api.yaml');
    await ui.waitForPrompt();
    await ui.typeLine('watch kubectl get pods');
    await expect(ui.terminal).toHaveAttribute('data-screen', 'alternate', { timeout: 30_000 });
    await expect(ui.terminal).toHaveAttribute('data-state', 'waiting');
    // The header: `Every 2.0s: CMD` at the left, `HOST: DATE` at the right; then the table.
    await expect(ui.terminalOutput).toContainText(/^Every 2\.0s: kubectl get pods +localhost: \w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4}\n\nNAME +READY +STATUS/);
    await expect(ui.terminalOutput).toContainText(/go-api-\S+ +1\/1 +Running/, { timeout: 60_000 });
    // xterm itself is on its alternate screen, showing the same rows.
    await expect(ui.terminal.locator('.xterm-rows')).toContainText('Every 2.0s: kubectl get pods');
    await ui.press('Control+c');
    await ui.waitForPrompt();
    await expect(ui.terminal).not.toHaveAttribute('data-screen', 'alternate');
    // The main screen keeps the line that started it, without a ^C (watch echoed it on its own screen).
    await expect(ui.terminalOutput).toContainText('$ watch kubectl get pods');
    expect((await ui.terminalOutput.textContent()) ?? '').not.toContain('^C');
    await ui.expectInput('');
    await ui.run('kubectl get deploy go-api');
    await expect(ui.terminalOutput).toContainText(/go-api\s+\d\/3/);
    expect(problems).toEqual([]);
  });
});
