import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { app, watchConsole } from './app';

/**
 * App.tsx loads the YAML editor lazily; its Suspense fallback has no `yaml-editor` test id, so
 * this waits for the real editor (and fails the test if it never mounts).
 */
async function waitForEditor(ui: ReturnType<typeof app>): Promise<void> {
  await ui.openTab('editor');
  await expect(ui.editorStarter).toBeVisible();
  await expect(ui.editorCode).toBeVisible();
}

test.describe('terminal and YAML editor', () => {
  test('runs kubectl, recalls history with ↑, and completes with Tab', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    await ui.waitForBoot();
    await ui.openTab('lists');
    await expect(ui.nodeTable.locator('tbody tr[data-status="Ready"]')).toHaveCount(4);

    await ui.run('kubectl get nodes');
    await ui.waitForPrompt();
    await expect(ui.terminalOutput).toContainText(/NAME\s+STATUS\s+ROLES\s+AGE\s+VERSION/);
    for (const n of ['control-plane', 'node-1', 'node-2', 'node-3']) await expect(ui.terminalOutput).toContainText(new RegExp(`${n}\\s+Ready`));
    await expect(ui.announcer).toContainText('kubectl get nodes');
    // xterm draws the same text (while it is on screen).
    await ui.terminal.scrollIntoViewIfNeeded();
    await expect(ui.terminal.locator('.xterm-rows')).toContainText(/node-3\s+Ready/);

    await ui.press('ArrowUp');
    await ui.expectInput('kubectl get nodes');
    await ui.press('Control+u');
    await ui.expectInput('');

    await ui.run('kubectl apply -f go-api.yaml');
    await expect(ui.terminalOutput).toContainText('deployment.apps/go-api created');
    await ui.waitForPrompt();
    // Paused, the page shows the moment the apply's request left; completion reads the objects of
    // the moment shown, so go to the newest one, where go-api is stored.
    await page.getByTestId('to-live').click();

    await ui.type('kubectl get dep');
    await ui.press('Tab');
    await ui.expectInput('kubectl get deploy');
    await ui.press('Tab');
    await expect(ui.terminalOutput).toContainText(/deploy\s+deployments/);
    await ui.type('ments g');
    await ui.press('Tab');
    await ui.expectInput('kubectl get deployments go-api ');
    await ui.press('Enter');
    await expect(ui.terminalOutput).toContainText(/go-api\s+\d\/3/);

    // Ctrl+C on a half-typed line: ^C and a fresh prompt, nothing runs.
    await ui.waitForPrompt();
    await ui.type('kubectl get po');
    await ui.press('Control+c');
    await expect(ui.terminalOutput).toContainText('$ kubectl get po^C');
    await ui.expectInput('');
    expect(problems).toEqual([]);
  });

  test('runs each line of a multi-line paste and refuses a huge one', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    await ui.waitForBoot();
    await ui.paste('kubectl get ns\nkubectl get nodes\nsim sta');
    await expect(ui.terminalOutput).toContainText(/\$ kubectl get ns\nNAME\s+STATUS\s+AGE\n(.*\n)*kube-system\s+Active/);
    await expect(ui.terminalOutput).toContainText(/\$ kubectl get nodes\nNAME\s+STATUS\s+ROLES/);
    await ui.waitForPrompt();
    await ui.expectInput('sim sta');
    await ui.press('Control+u');
    await ui.paste('x'.repeat(300 * 1024));
    await expect(ui.terminalOutput).toContainText('Paste refused: 300 KB is more than the 256 KB a paste may hold.');
    await ui.expectInput('');
    expect(problems).toEqual([]);
  });

  test('has no accessibility violations in the terminal and the editor', async ({ page }) => {
    await page.goto('/');
    const ui = app(page);
    await ui.waitForBoot();
    await ui.run('kubectl get nodes');
    await ui.waitForPrompt();
    const terminal = await new AxeBuilder({ page }).include('.xterm-panel').analyze();
    expect(terminal.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await waitForEditor(ui);
    await ui.editorStarter.selectOption('crashloop.yaml');
    await ui.setEditorText('apiVersion: v1\nkind: Pod\nmetadata:\n name: [\n');
    await expect(ui.editorProblems).toContainText('YAML syntax error');
    const editor = await new AxeBuilder({ page }).include('[data-testid="yaml-editor"]').analyze();
    expect(editor.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('the editor applies an example and blocks broken YAML', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    await ui.waitForBoot();
    await waitForEditor(ui);

    await ui.editorStarter.selectOption('go-api.yaml');
    await expect(ui.editorCode).toContainText('kind: Deployment');
    await expect(ui.editorProblems).toContainText('No problems found.');
    await expect(ui.editorApply).toBeEnabled();
    await ui.editorApply.click();
    await expect(ui.terminalOutput).toContainText('$ kubectl apply -f -');
    await expect(ui.terminalOutput).toContainText('deployment.apps/go-api created');

    await ui.setEditorText('apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n spec: [\n');
    await expect(ui.editorProblems).toContainText(/Line \d+: YAML syntax error/);
    await expect(ui.editor.locator('.cm-lintRange-error').first()).toBeVisible();
    await expect(ui.editorApply).toBeDisabled();
    await expect(ui.editor).toContainText('Fix the YAML syntax errors to apply.');

    // A JSON manifest is read as kubectl reads one: encoding/json's words, and the note says JSON.
    await ui.setEditorText('{"apiVersion": "v1", "kind": "Pod" "metadata": {"name": "x"}}\n');
    await expect(ui.editorProblems).toContainText(`JSON syntax error: json: offset 36: invalid character '"' after object key:value pair`);
    await expect(ui.editorApply).toBeDisabled();
    await expect(ui.editor).toContainText('Fix the JSON syntax errors to apply.');

    // A missing field is shown but left to kubectl, whose answer is part of the lesson.
    await ui.setEditorText('apiVersion: v1\nkind: Pod\nmetadata:\n  labels: {}\n');
    await expect(ui.editorProblems).toContainText('Document 1 has no metadata.name.');
    await expect(ui.editorApply).toBeEnabled();

    // Ctrl+Enter in the editor applies too.
    await ui.editorStarter.selectOption('go-api-service.yaml');
    await expect(ui.editorCode).toContainText('kind: Service');
    await ui.waitForPrompt();
    await ui.editorCode.click();
    await page.keyboard.press('Control+Enter');
    await expect(ui.terminalOutput).toContainText('service/go-api created');

    // A file written in the terminal joins the starter list; Save writes the edit back to it.
    await ui.run('kubectl create deployment web --image=nginx --dry-run=client -o yaml > web.yaml');
    await ui.waitForPrompt();
    await expect(page.locator('.terminal-files')).toContainText(/^Files you can apply: .*, web\.yaml$/);
    await ui.openTab('editor');
    await ui.editorStarter.selectOption('written:web.yaml');
    await expect(ui.editorCode).toContainText('name: web');
    await ui.setEditorText('apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: nginx\n        image: nginx\n');
    await page.getByTestId('editor-save-file').click();
    await expect(ui.terminalOutput).toContainText('$ cat > web.yaml');
    await ui.waitForPrompt();
    await ui.run('kubectl apply -f web.yaml && grep replicas web.yaml');
    await expect(ui.terminalOutput).toContainText('deployment.apps/web created');
    await expect(ui.terminalOutput).toContainText('  replicas: 2');
    expect(problems).toEqual([]);
  });

  test('a line typed on a lesson link’s page before any cluster exists is kept and runs once, on the lesson’s cluster', async ({ page }) => {
    const problems = watchConsole(page);
    const ui = app(page);
    // A slow start: lesson 1's code arrives only once the line has been typed, so the page has
    // no cluster at all when the learner presses Enter (a lesson link's page starts none of its own).
    let release!: () => void;
    const code = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/01-cluster-at-a-glance-[^/]*\.js$/, async (route) => {
      await code;
      await route.continue();
    });
    await page.goto('/?lesson=01-cluster-at-a-glance');
    await ui.run('kubectl get namespaces');
    // Kept, waiting for a cluster: no prompt yet, and the line is on screen.
    await expect(ui.terminal).toHaveAttribute('data-state', 'running');
    await expect(ui.terminalOutput).toContainText('$ kubectl get namespaces');
    release();
    await expect(page.getByTestId('lesson-panel')).toContainText('This cluster has four machines.', { timeout: 60_000 });
    await expect(ui.terminalOutput).toContainText(/\$ kubectl get namespaces\nNAME\s+STATUS\s+AGE\n(.*\n)*kube-system\s+Active/, { timeout: 30_000 });
    await ui.waitForPrompt();
    // Once: the line is in the transcript a single time (the bridge's tests check the run's log).
    expect(((await ui.terminalOutput.textContent()) ?? '').split('$ kubectl get namespaces').length - 1).toBe(1);
    expect(problems).toEqual([]);
  });

  test('kubectl get pods -w keeps printing until Ctrl+C', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    await ui.waitForBoot();
    // A watch prints as the playhead reaches its lines: play (the page opens paused).
    await page.getByTestId('play-pause').click();
    await ui.run('kubectl apply -f go-api.yaml');
    await ui.run('kubectl get pods -w');
    await expect(ui.terminal).toHaveAttribute('data-state', 'waiting');
    await expect(page.getByTestId('terminal-waiting')).toBeVisible();
    await expect(ui.terminalOutput).toContainText(/go-api-\S+\s+\d\/1/);
    await ui.press('Control+c');
    await expect(ui.terminalOutput).toContainText(/\n\^C\n/);
    await ui.waitForPrompt();
    await ui.expectInput('');
    // The interrupted watch is gone from the run: the next command answers at once.
    await ui.run('kubectl get deploy go-api');
    await expect(ui.terminalOutput).toContainText(/go-api\s+\d\/3/);
    expect(problems).toEqual([]);
  });
});
