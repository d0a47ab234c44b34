import { expect, test } from '@playwright/test';
import { app, instructor, playback, watchConsole } from './app';

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

test.describe('a command that never ends in the container shell', () => {
  test('keeps the terminal waiting until Ctrl+C, which the shell survives', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    const play = playback(page);
    await ui.waitForBoot();
    await ui.run('kubectl run bb --image=busybox:1.36 -- sleep 3600');
    await ui.run('sim advance 20s');
    await play.toLive();
    await ui.waitForPrompt();
    await ui.run('kubectl exec -it bb -- sh');
    await ui.waitForPrompt();
    await expect(ui.terminal).toHaveAttribute('data-prompt', '/ # ');
    // Playing: the container's sleep is not the laptop's skip, so the playhead does not jump to
    // its end. (Paused, a line typed into a container shell is shown at its end, as before.)
    await page.getByTestId('play-pause').click();
    await expect(page.getByTestId('play-pause')).toContainText('Pause');
    await ui.run('sleep infinity');
    await expect(ui.terminal).toHaveAttribute('data-state', 'waiting');
    await ui.press('Control+c');
    await ui.waitForPrompt();
    await ui.run('echo status $?');
    await expect(ui.terminalOutput).toContainText('status 130');
    await expect(ui.terminal).toHaveAttribute('data-prompt', '/ # ');
    expect(problems).toEqual([]);
  });

  test('shows what it writes as it writes it: ping a reply a second; Ctrl+C shows its statistics after ^C and leaves its status', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    const play = playback(page);
    await ui.waitForBoot();
    await ui.run('kubectl run bb --image=busybox:1.36 -- sleep 3600');
    await ui.run('sim advance 20s');
    await play.toLive();
    await ui.waitForPrompt();
    await ui.run('kubectl exec -it bb -- sh');
    await ui.waitForPrompt();
    await page.getByTestId('play-pause').click();
    await expect(page.getByTestId('play-pause')).toContainText('Pause');
    await ui.run('ping bb');
    // The first reply is out while the later ones are still to come (one a simulated second).
    await expect(ui.terminalOutput).toContainText('seq=0 ttl=64');
    await expect(ui.terminalOutput).not.toContainText('seq=5 ttl=64');
    await expect(ui.terminal).toHaveAttribute('data-state', 'waiting');
    await expect(ui.terminalOutput).toContainText('seq=2 ttl=64');
    await ui.press('Control+c');
    await ui.waitForPrompt();
    // ping caught the SIGINT and printed its statistics after the terminal's ^C, live.
    await expect(ui.terminalOutput).toContainText(/\^C\s*--- bb ping statistics ---/);
    // It exited by itself: the shell's $? is its status, not 130.
    await ui.run('echo status $?');
    await expect(ui.terminalOutput).toContainText('status 0');
    // The run replayed from the address bar shows them in the same place.
    await expect.poll(() => atob((new URL(page.url()).searchParams.get('run') ?? '').replace(/-/g, '+').replace(/_/g, '/'))).toContain('status');
    await page.reload();
    await ui.waitForBoot();
    await play.afterReload();
    await ui.waitForPrompt();
    await expect(ui.terminalOutput).toContainText(/\^C\s*--- bb ping statistics ---/);
    expect(problems).toEqual([]);
  });
});

test.describe('sim ssh NODE', () => {
  test('logs in to the node until exit; the instructor console still acts on the cluster meanwhile', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    await ui.waitForBoot();

    await ui.run('sim ssh control-plane');
    await ui.waitForPrompt();
    await expect(ui.terminal).toHaveAttribute('data-prompt', 'root@control-plane:~# ');
    await ui.run('cd /etc/kubernetes/manifests');
    await ui.waitForPrompt();
    await expect(ui.terminal).toHaveAttribute('data-prompt', 'root@control-plane:/etc/kubernetes/manifests# ');
    await ui.run('ls');
    await expect(ui.terminalOutput).toContainText('root@control-plane:/etc/kubernetes/manifests# ls\netcd.yaml\nkube-apiserver.yaml\nkube-controller-manager.yaml\nkube-scheduler.yaml');
    await ui.waitForPrompt();

    // A click on the console runs at the laptop ($ sim fail …), not in the node's bash.
    const ic = instructor(page);
    await ic.open();
    await ic.toggle('Stop kube-scheduler').click();
    await expect(ui.terminalOutput).toContainText('$ sim fail kube-scheduler');
    await expect(ic.target('kube-scheduler')).toContainText('Failed since T+');
    await ui.openTab('terminal');
    await ui.waitForPrompt();
    await expect(ui.terminal).toHaveAttribute('data-prompt', 'root@control-plane:/etc/kubernetes/manifests# ');
    await ui.run('hostname');
    await expect(ui.terminalOutput).toContainText('root@control-plane:/etc/kubernetes/manifests# hostname\ncontrol-plane');
    await ui.waitForPrompt();
    await ui.run('exit');
    await ui.waitForPrompt();
    await expect(ui.terminal).toHaveAttribute('data-prompt', '$ ');
    await expect(ui.terminalOutput).toContainText('exit\nlogout\nConnection to control-plane closed.');
    expect(problems).toEqual([]);
  });
});

test.describe('the container shell on the page’s terminal', () => {
  test('ls lays names out in columns; Ctrl+D at the empty prompt ends the shell as end of input', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    const play = playback(page);
    await ui.waitForBoot();
    await ui.run('kubectl run bb --image=busybox:1.36 -- sleep 3600');
    await ui.run('sim advance 20s');
    await play.toLive();
    await ui.waitForPrompt();
    await ui.run('kubectl exec -it bb -- sh');
    await ui.waitForPrompt();
    await expect(ui.terminal).toHaveAttribute('data-prompt', '/ # ');
    await ui.run('cd /tmp && touch alpha beta gamma');
    await ui.waitForPrompt();
    // BusyBox ls on a terminal: one row of columns (the page's terminal is taken as 80 wide).
    await ui.run('ls');
    await expect(ui.terminalOutput).toContainText('/tmp # ls\nalpha  beta   gamma');
    await ui.waitForPrompt();
    // Ctrl+D with text on the line deletes under the cursor; on the empty line it ends the shell.
    await ui.type('ab');
    await ui.press('ArrowLeft');
    await ui.press('Control+d');
    await ui.expectInput('a');
    await ui.press('Backspace');
    await ui.press('Control+d');
    await ui.waitForPrompt();
    await expect(ui.terminal).toHaveAttribute('data-prompt', '$ ');
    // BusyBox's sh ends the prompt's line and says nothing; no `exit` was typed.
    await expect(ui.terminalOutput).not.toContainText('/tmp # exit');
    // ↑ recalls the last line typed, not the Ctrl+D.
    await ui.press('ArrowUp');
    await ui.expectInput('ls');
    expect(problems).toEqual([]);
  });
});

test.describe('kubectl run -it on the page’s terminal', () => {
  test('Ctrl+P Ctrl+Q detaches as kubectl v1.36 does; kubectl attach -it comes back to the same shell', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    const play = playback(page);
    await ui.waitForBoot();
    // Playing: the Pod must start before the shell's prompt comes (a paused stage waits for Play).
    await play.play();
    await ui.run('kubectl run -it sh1 --image=busybox:1.36 -- sh');
    await ui.waitForPrompt();
    await expect(ui.terminal).toHaveAttribute('data-prompt', '/ # ');
    await ui.run('x=kept');
    await ui.waitForPrompt();
    await ui.press('Control+p');
    await ui.press('Control+q');
    await ui.waitForPrompt();
    await expect(ui.terminal).toHaveAttribute('data-prompt', '$ ');
    await expect(ui.terminalOutput).toContainText("Session ended, resume using 'kubectl attach sh1 -c sh1 -n default -i -t' command");
    await ui.run('kubectl attach sh1 -c sh1 -i -t');
    await ui.waitForPrompt();
    await expect(ui.terminal).toHaveAttribute('data-prompt', '/ # ');
    await ui.run('echo $x');
    await expect(ui.terminalOutput).toContainText('/ # echo $x\nkept');
    expect(problems).toEqual([]);
  });
});
