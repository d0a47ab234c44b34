import { expect, test } from '@playwright/test';
import { app, playback, watchConsole } from './app';

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

test.describe('vi FILE in a container', () => {
  test('at an attached busybox shell, opens the editor on the container’s file; Save writes it there, a ConfigMap’s file refuses', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    const play = playback(page);
    await ui.waitForBoot();

    await ui.run('kubectl create configmap colors --from-literal=color=blue');
    await ui.run(`kubectl run bb --image=busybox:1.36 --overrides='{"spec":{"volumes":[{"name":"cfg","configMap":{"name":"colors"}}],"containers":[{"name":"bb","image":"busybox:1.36","command":["sleep","3600"],"volumeMounts":[{"name":"cfg","mountPath":"/etc/cfg"}]}]}}'`);
    await expect(ui.terminalOutput).toContainText('pod/bb created');
    await ui.run('sim advance 20s');
    await play.toLive();
    await ui.waitForPrompt();
    await ui.run('kubectl exec -it bb -- sh');
    await ui.waitForPrompt();
    await expect(ui.terminal).toHaveAttribute('data-prompt', '/ # ');

    await ui.run('vi /tmp/notes');
    await expect(page.getByTestId('dock-tab-editor')).toHaveAttribute('aria-selected', 'true');
    await expect(ui.editor.getByTestId('editor-editing')).toContainText('vi: editing /tmp/notes in Pod bb, container bb');
    // BusyBox vi's status line on its one empty line (editors/vi.c format_edit_status).
    await expect(ui.editor.getByTestId('editor-file-status')).toHaveText('- /tmp/notes 1/1 100%');
    await expect(ui.terminal).toHaveAttribute('data-state', 'running');
    await ui.setEditorText('hello from vi\n');
    await ui.editor.getByTestId('editor-save').click();

    // Back at the container's prompt: vi printed nothing, the file is in the container.
    await expect(page.getByTestId('dock-tab-terminal')).toHaveAttribute('aria-selected', 'true');
    await ui.waitForPrompt();
    await expect(ui.terminal).toHaveAttribute('data-prompt', '/ # ');
    await ui.run('cat /tmp/notes');
    await expect(ui.terminalOutput).toContainText('/ # vi /tmp/notes\n/ # cat /tmp/notes\nhello from vi');
    await ui.waitForPrompt();

    // A ConfigMap's file is on a read-only mount: vi opens it [Readonly] and refuses to write.
    await ui.run('vi /etc/cfg/color');
    await expect(ui.editor.getByTestId('editor-file-status')).toHaveText('- /etc/cfg/color [Readonly] 0/0 100%');
    await ui.setEditorText('red');
    await ui.editor.getByTestId('editor-save').click();
    await expect(ui.editor.getByTestId('editor-file-status')).toHaveText("'/etc/cfg/color' is read only");
    // Quit without saving; Ctrl+C in the waiting terminal would do the same.
    await ui.editor.getByTestId('editor-cancel').click();
    await ui.waitForPrompt();
    await ui.run('cat /etc/cfg/color; echo');
    await expect(ui.terminalOutput).toContainText('/ # cat /etc/cfg/color; echo\nblue');
    expect(problems).toEqual([]);
  });
});
