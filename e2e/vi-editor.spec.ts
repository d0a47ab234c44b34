import { expect, test } from '@playwright/test';
import { app, watchConsole } from './app';

const WEB = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx
`;

test.describe('vi FILE at the prompt', () => {
  test('opens the YAML editor on the file; Save writes it and kubectl apply -f reads it', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    await ui.waitForBoot();

    await ui.run('vi web.yaml');
    // The dock switches to the editor, titled with the program and the file, with vim's status line.
    await expect(page.getByTestId('dock-tab-editor')).toHaveAttribute('aria-selected', 'true');
    await expect(ui.editor.getByTestId('editor-editing')).toContainText('vi: editing web.yaml');
    await expect(ui.editor.getByTestId('editor-file-status')).toHaveText('"web.yaml" [New]');
    // The terminal waits for the editor, as it waits for vi.
    await expect(ui.terminal).toHaveAttribute('data-state', 'running');
    await ui.setEditorText(WEB);
    await ui.editor.getByTestId('editor-save').click();

    // Back at the terminal: vim printed nothing, the prompt is back, the file is there.
    await expect(page.getByTestId('dock-tab-terminal')).toHaveAttribute('aria-selected', 'true');
    await ui.waitForPrompt();
    await expect(ui.editor.getByTestId('editor-apply')).toHaveCount(1);
    await ui.run('kubectl apply -f web.yaml');
    await expect(ui.terminalOutput).toContainText('$ vi web.yaml\n$ kubectl apply -f web.yaml\ndeployment.apps/web created');
    expect(problems).toEqual([]);
  });

  test('a file that is not a manifest is plain text, and quitting without saving writes nothing', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    await ui.waitForBoot();

    await ui.run('nano notes.txt');
    await expect(ui.editor.getByTestId('editor-file-status')).toHaveText('[ New File ]');
    await ui.setEditorText('not: [a manifest\n');
    // No manifest checks on a .txt file.
    await expect(ui.editorProblems.locator('li')).toHaveCount(0);
    await ui.editor.getByTestId('editor-cancel').click();
    await ui.waitForPrompt();
    await ui.run('ls notes.txt');
    await expect(ui.terminalOutput).toContainText("ls: cannot access 'notes.txt': No such file or directory");

    // Ctrl+C in the waiting terminal is the editor's Cancel too.
    await ui.run('vi notes.txt');
    await expect(ui.editor.getByTestId('editor-file-status')).toHaveText('"notes.txt" [New]');
    await ui.press('Control+c');
    await ui.waitForPrompt();
    await expect(ui.editor.getByTestId('editor-editing')).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
