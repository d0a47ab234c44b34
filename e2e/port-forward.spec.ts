/**
 * kubectl proxy and kubectl port-forward at the page's terminal: started with `&` (bash's
 * `[1] 4066`), then curl on the laptop reaches kube-apiserver's REST API through the proxy and
 * nginx through the forwarded port; `jobs` lists them and `kill %1` brings bash's notice at the
 * next prompt (unit tests: src/kubectl/commands/port-forward.test.ts, src/kubectl/prompt-jobs.test.ts).
 */
import { expect, test } from '@playwright/test';
import { app, watchConsole } from './app';

test.describe('kubectl proxy and port-forward', () => {
  test('proxy & then curl a list; port-forward & then curl the Pod; jobs and kill', async ({ page }) => {
    test.setTimeout(180_000);
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    await ui.waitForBoot();
    await page.getByTestId('play-pause').click();

    await ui.run('kubectl create deployment web --image=nginx');
    await ui.waitForPrompt();
    await ui.run('kubectl rollout status deployment/web --timeout=2m');
    await expect(ui.terminalOutput).toContainText('successfully rolled out', { timeout: 60_000 });
    await ui.waitForPrompt();

    await ui.run('kubectl proxy &');
    await expect(ui.terminalOutput).toContainText(/\[1\] 4066\s+Starting to serve on 127\.0\.0\.1:8001/);
    await ui.waitForPrompt();
    await ui.run("curl -s localhost:8001/api/v1/namespaces/default/pods | jq -r '.kind'");
    await expect(ui.terminalOutput).toContainText(/jq -r '\.kind'\s+PodList/);
    await ui.waitForPrompt();

    await ui.run('kubectl port-forward deploy/web 8080:80 &');
    await expect(ui.terminalOutput).toContainText(/\[2\] 4067\s+Forwarding from 127\.0\.0\.1:8080 -> 80\s+Forwarding from \[::1\]:8080 -> 80/);
    await ui.waitForPrompt();
    await ui.run('curl -s localhost:8080 | grep title');
    await expect(ui.terminalOutput).toContainText(/Handling connection for 8080\s+<title>Welcome to nginx!<\/title>/);
    await ui.waitForPrompt();

    await ui.run('jobs');
    await expect(ui.terminalOutput).toContainText(/\[1\]-\s+Running\s+kubectl proxy &\s+\[2\]\+\s+Running\s+kubectl port-forward deploy\/web 8080:80 &/);
    await ui.waitForPrompt();
    await ui.run('kill %1');
    await ui.waitForPrompt();
    await ui.run('echo next');
    await expect(ui.terminalOutput).toContainText(/next\s+\[1\]-\s+Terminated\s+kubectl proxy/);
    expect(problems).toEqual([]);
  });
});
