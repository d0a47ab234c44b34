import { expect, test } from '@playwright/test';
import { app, playback, watchConsole } from './app';

test.describe('kubectl exec -it', () => {
  test('attaches the terminal to the container shell until exit, and a reload shows the same screen', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    const play = playback(page);
    await ui.waitForBoot();

    await ui.run('kubectl run bb --image=busybox:1.36 -- sleep 3600');
    await expect(ui.terminalOutput).toContainText('pod/bb created');
    await ui.run('sim advance 20s');
    await play.toLive();
    await ui.waitForPrompt();

    await ui.run('kubectl exec -it bb -- sh');
    await ui.waitForPrompt();
    await expect(ui.terminal).toHaveAttribute('data-prompt', '/ # ');
    await ui.run('cd /tmp');
    await ui.waitForPrompt();
    await expect(ui.terminal).toHaveAttribute('data-prompt', '/tmp # ');
    await expect(ui.terminalOutput).toContainText('/ # cd /tmp');
    await ui.run('kubectl get pods');
    await expect(ui.terminalOutput).toContainText('/tmp # kubectl get pods\nsh: kubectl: not found');
    await ui.waitForPrompt();
    // Tab completes nothing inside the container.
    await ui.type('kubectl get po');
    await ui.press('Tab');
    await ui.expectInput('kubectl get po');
    await ui.press('Control+u');

    await ui.run('exit');
    await ui.waitForPrompt();
    await expect(ui.terminal).toHaveAttribute('data-prompt', '$ ');
    // exit used the status of the last line ($? = 127), as the shell does.
    await expect(ui.terminalOutput).toContainText('/tmp # exit\ncommand terminated with exit code 127');

    // The address bar carries the run (updated at most every 500 ms): reload once it has the exit.
    await expect.poll(() => atob((new URL(page.url()).searchParams.get('run') ?? '').replace(/-/g, '+').replace(/_/g, '/'))).toContain('exit');
    await page.reload();
    await ui.waitForBoot();
    await ui.waitForPrompt();
    await expect(ui.terminalOutput).toContainText('$ kubectl exec -it bb -- sh\n/ # cd /tmp\n/tmp # kubectl get pods\nsh: kubectl: not found\n/tmp # exit');
    await expect(ui.terminal).toHaveAttribute('data-prompt', '$ ');
    expect(problems).toEqual([]);
  });
});
