/**
 * The terminal as the learner's laptop: a manifest written with a redirection and edited with
 * `sed -i`, a Secret read back through `base64 -d`, a loop typed over three lines under bash's
 * `> ` prompt, and `kubectl config set-context --current -n` moving both kubectl and Tab
 * completion to another namespace.
 */
import { expect, test } from '@playwright/test';
import { app, watchConsole } from './app';

test.describe('the terminal as a laptop shell', () => {
  test('sed, base64, a typed loop and a namespace switch that completion follows', async ({ page }) => {
    test.setTimeout(180_000);
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    await ui.waitForBoot();

    await ui.run('kubectl create deploy web --image=nginx --replicas=2 --dry-run=client -o yaml > web.yaml');
    await ui.waitForPrompt();
    await ui.run("sed -i 's/replicas: 2/replicas: 3/' web.yaml && grep -n replicas web.yaml");
    await expect(ui.terminalOutput).toContainText('8:  replicas: 3');
    await ui.waitForPrompt();

    await ui.run('kubectl create secret generic db --from-literal=password=s3cret');
    await ui.waitForPrompt();
    await ui.run("kubectl get secret db -o jsonpath='{.data.password}' | base64 -d; echo");
    await expect(ui.terminalOutput).toContainText(/base64 -d; echo\s+s3cret/);
    await ui.waitForPrompt();

    // Typed key by key: the first line waits under `> ` until `done` closes the loop.
    await ui.typeLine('for i in 1 2 3; do');
    // Held lines are drawn with the prompt, not yet in the transcript.
    await expect(ui.terminal.locator('.xterm-rows')).toContainText(/for i in 1 2 3; do\s*>/);
    await expect(ui.terminalOutput).not.toContainText('for i in 1 2 3');
    await ui.typeLine('echo "n$i"');
    await ui.typeLine('done');
    await expect(ui.terminalOutput).toContainText(/> done\s+n1\s+n2\s+n3/);
    await ui.waitForPrompt();

    await ui.run('kubectl config set-context --current --namespace=kube-system');
    await expect(ui.terminalOutput).toContainText('Context "kubernetes-admin@kubernetes" modified.');
    await ui.waitForPrompt();
    // etcd's mirror Pod is there from boot, at whatever moment is shown.
    await ui.type('kubectl logs etcd');
    await ui.press('Tab');
    await ui.expectInput('kubectl logs etcd-control-plane ');
    await ui.press('Control+u');
    await ui.run('kubectl get pods --no-headers | wc -l');
    await expect(ui.terminalOutput).toContainText(/wc -l\s+\d+/);
    expect(problems).toEqual([]);
  });
});
