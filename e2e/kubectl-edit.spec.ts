import { expect, test } from '@playwright/test';
import { app, playback, watchConsole } from './app';

test.describe('kubectl edit', () => {
  test('opens the object in the YAML editor, and Save patches it', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    const play = playback(page);
    await ui.waitForBoot();

    await ui.run('kubectl create deployment web --image=nginx');
    await expect(ui.terminalOutput).toContainText('deployment.apps/web created');
    await play.toLive();
    await ui.waitForPrompt();

    await ui.run('kubectl edit deployment/web');
    // The dock switches to the editor, in its editing mode, on the object kubectl fetched.
    await expect(page.getByTestId('dock-tab-editor')).toHaveAttribute('aria-selected', 'true');
    await expect(ui.editor.getByTestId('editor-editing')).toContainText('deployment.apps/web');
    await expect(ui.editorCode).toContainText('# Please edit the object below.');
    const replicas = ui.editorCode.locator('.cm-line', { hasText: /^\s*replicas: 1$/ }).first();
    await expect(replicas).toBeVisible();
    await replicas.click();
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('3');
    await expect(ui.editorCode.locator('.cm-line', { hasText: /^\s*replicas: 3$/ })).toHaveCount(1);
    await ui.editor.getByTestId('editor-save').click();

    // The answer lands under the line that opened the editor, and the terminal comes back.
    await expect(page.getByTestId('dock-tab-terminal')).toHaveAttribute('aria-selected', 'true');
    await expect(ui.terminalOutput).toContainText('$ kubectl edit deployment/web\ndeployment.apps/web edited');
    // The editor is back to Apply (its panel hidden behind the terminal tab).
    await expect(ui.editor.getByTestId('editor-apply')).toHaveCount(1);
    await expect(ui.editor.getByTestId('editor-save')).toHaveCount(0);
    await ui.waitForPrompt();
    await ui.run('kubectl get deployment web');
    await expect(ui.terminalOutput).toContainText(/web\s+\d\/3\s+\d+\s+\d+/);
    expect(problems).toEqual([]);
  });
});
