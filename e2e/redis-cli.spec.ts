import { expect, test } from '@playwright/test';
import { app, playback, watchConsole } from './app';

test.describe("redis-cli's own prompt", () => {
  test('kubectl exec -it … -- redis-cli: its prompt, lines typed as they are, Ctrl+C leaves it; a reload shows the same screen', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    const play = playback(page);
    await ui.waitForBoot();
    await ui.run('kubectl run r --image=redis:7.4');
    await ui.run('sim advance 20s');
    await play.toLive();
    await ui.waitForPrompt();
    // Playing: redis-cli's connection takes simulated time, which a paused stage would wait on.
    await play.play();

    await ui.run('kubectl exec -it r -- redis-cli');
    await ui.waitForPrompt();
    await expect(ui.terminal).toHaveAttribute('data-prompt', '127.0.0.1:6379> ');
    await ui.run('SET greeting "hello world"');
    await ui.waitForPrompt();
    await ui.run('get greeting');
    await expect(ui.terminalOutput).toContainText('127.0.0.1:6379> get greeting\n"hello world"');
    await ui.waitForPrompt();
    // An open quote is redis-cli's to refuse: no `> ` continuation as at a shell.
    await ui.run('set a "b');
    await expect(ui.terminalOutput).toContainText('Invalid argument(s)');
    await ui.waitForPrompt();
    await ui.run('select 2');
    await ui.waitForPrompt();
    await expect(ui.terminal).toHaveAttribute('data-prompt', '127.0.0.1:6379[2]> ');
    // Ctrl+C at the prompt: linenoise reads it as a byte and redis-cli exits 0.
    await ui.press('Control+c');
    await ui.waitForPrompt();
    await expect(ui.terminal).toHaveAttribute('data-prompt', '$ ');
    await ui.run('echo $?');
    await expect(ui.terminalOutput).toContainText('$ echo $?\n0');

    await expect.poll(() => atob((new URL(page.url()).searchParams.get('run') ?? '').replace(/-/g, '+').replace(/_/g, '/'))).toContain('echo $?');
    await page.reload();
    await ui.waitForBoot();
    await play.afterReload();
    await ui.waitForPrompt();
    await expect(ui.terminalOutput).toContainText('127.0.0.1:6379> get greeting\n"hello world"\n127.0.0.1:6379> set a "b\nInvalid argument(s)\n127.0.0.1:6379> select 2\nOK\n127.0.0.1:6379[2]> \n$ echo $?');
    expect(problems).toEqual([]);
  });

  test('redis-cli typed at an attached shell: quit gives the shell back', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    const play = playback(page);
    await ui.waitForBoot();
    await ui.run('kubectl run r --image=redis:7.4');
    await ui.run('sim advance 20s');
    await play.toLive();
    await ui.waitForPrompt();
    // Playing: redis-cli's connection takes simulated time, which a paused stage would wait on.
    await play.play();
    await ui.run('kubectl exec -it r -- sh');
    await ui.waitForPrompt();
    await expect(ui.terminal).toHaveAttribute('data-prompt', '# ');
    await ui.run('redis-cli -p 7000');
    await ui.waitForPrompt();
    await expect(ui.terminal).toHaveAttribute('data-prompt', 'not connected> ');
    await expect(ui.terminalOutput).toContainText('Could not connect to Redis at 127.0.0.1:7000: Connection refused');
    await ui.run('quit');
    await ui.waitForPrompt();
    await expect(ui.terminal).toHaveAttribute('data-prompt', '# ');
    expect(problems).toEqual([]);
  });
});
