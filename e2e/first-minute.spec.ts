/**
 * A first-time visitor's first minute at 1280×720: one screen with no page scroll, the welcome
 * over the stage with the two ways in, the terminal focused, a typed command that works, and
 * stepping through the chain it caused; and the phone's one-view-at-a-time layout.
 */
import { expect, test } from '@playwright/test';
import { app, watchConsole } from './app';

/** A first visit: no welcome seen yet. */
test.use({ storageState: { cookies: [], origins: [] } });

test.describe('the first minute', () => {
  test('at 1280×720: one screen, the welcome, the focused terminal, a command, and stepping its chain', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 720 });
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    await ui.waitForBoot();

    // One screen: nothing scrolls the page.
    const [scrollH, clientH, scrollW, clientW] = (await page.evaluate(`[document.documentElement.scrollHeight, document.documentElement.clientHeight, document.documentElement.scrollWidth, document.documentElement.clientWidth]`)) as number[];
    expect(scrollH).toBeLessThanOrEqual(clientH!);
    expect(scrollW).toBeLessThanOrEqual(clientW!);

    // The welcome, with both ways in; the page is paused; the terminal has the focus and greets.
    const welcome = page.getByTestId('welcome');
    await expect(welcome).toBeVisible();
    await expect(welcome.getByTestId('start-01-cluster-at-a-glance')).toBeVisible();
    await expect(welcome).toContainText('kubectl apply -f go-api.yaml');
    await expect(page.getByTestId('play-pause')).toContainText('Play');
    await expect(page.locator('.xterm-helper-textarea')).toBeFocused();
    await expect(ui.terminalOutput).toContainText('This cluster is paused and waiting for you');
    await page.screenshot({ path: 'test-results/screenshots/first-minute.png' });

    // Typed straight away (no click first): the whole word reaches the terminal.
    await page.keyboard.type('kubectl apply -f go-api.yaml');
    await ui.expectInput('kubectl apply -f go-api.yaml');
    await page.keyboard.press('Enter');
    await expect(ui.terminalOutput).toContainText('deployment.apps/go-api created');
    // The welcome makes way for the cluster.
    await expect(welcome).toBeHidden();

    // Still paused at the moment its first request left (apply first asks whether go-api exists):
    // step through what it caused.
    const current = page.locator('.sequence-table tbody tr[aria-current="step"]');
    await expect(current.first()).toContainText('GET /apis/apps/v1/namespaces/default/deployments/go-api');
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      await page.getByTestId('step-forward').click();
      seen.add((await current.first().innerText()).trim());
    }
    expect(seen.size).toBeGreaterThan(20);
    await expect(page.getByTestId('milestone-replicaset-created')).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('letters typed with nothing focused go to the terminal, not to shortcuts', async ({ page }) => {
    await page.goto('/');
    const ui = app(page);
    await ui.waitForBoot();
    await page.getByTestId('welcome-close').click();
    await page.evaluate(`document.activeElement && document.activeElement.blur && document.activeElement.blur()`);
    await page.keyboard.type('kubectl get nodes');
    await ui.expectInput('kubectl get nodes');
    // After a command has run in the terminal, the first letter typed from outside it still lands
    // (xterm dropped it: `sim why` arrived as `im why`).
    await page.keyboard.press('Enter');
    await expect(ui.terminalOutput).toContainText('control-plane');
    await page.evaluate(`document.activeElement && document.activeElement.blur && document.activeElement.blur()`);
    await page.keyboard.type('sim why pod/x');
    await ui.expectInput('sim why pod/x');
  });

  test('a learner who clicks Play or a component and then types is typing a command', async ({ page }) => {
    await page.goto('/');
    const ui = app(page);
    await ui.waitForBoot();
    await page.getByTestId('welcome-close').click();
    // Clicking Play leaves the focus where it was, so the whole command reaches the terminal
    // (it used to land on the button, where `k` was dropped and `t` jumped to the terminal).
    await page.getByTestId('play-pause').click();
    await expect(page.getByTestId('play-pause')).toContainText('Pause');
    await page.keyboard.type('kubectl get nodes');
    await ui.expectInput('kubectl get nodes');
    await page.keyboard.press('Enter');
    await expect(ui.terminalOutput).toContainText('control-plane');
    // A component clicked on the stage holds the focus there; a letter that is no shortcut
    // still starts a command.
    await page.getByTestId('diagram-kube-scheduler').click();
    await page.keyboard.type('kubectl version');
    await ui.expectInput('kubectl version');
  });

  test('keys typed before the terminal has loaded reach it in order, Space and Enter included', async ({ page }) => {
    // A slow machine: the terminal's code arrives only after the learner has typed a command.
    let release!: () => void;
    const typed = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/Terminal-[^/]*\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto('/');
    const ui = app(page);
    await ui.waitForBoot();
    await page.getByTestId('welcome-close').click();
    await expect(page.getByTestId('terminal-output')).toHaveCount(0);
    await page.keyboard.type('kubectl get nodes');
    await page.keyboard.press('Enter');
    // Space typed into the command, not into the play button.
    await expect(page.getByTestId('play-pause')).toContainText('Play');
    release();
    await expect(ui.terminalOutput).toContainText('control-plane');
    await expect(ui.terminalOutput).toContainText('$ kubectl get nodes');
  });

  test('on a phone: one view at a time, switched with tabs', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const ui = app(page);
    await ui.waitForBoot();
    const [scrollH, clientH] = (await page.evaluate(`[document.documentElement.scrollHeight, document.documentElement.clientHeight]`)) as number[];
    expect(scrollH).toBeLessThanOrEqual(clientH!);
    // The header's first screen holds both ways in and the clock; the playback row its controls.
    for (const id of ['open-lessons', 'open-drills', 'sim-clock', 'play-pause', 'next-milestone']) {
      const box = (await page.getByTestId(id).boundingBox())!;
      expect(box.x + box.width, id).toBeLessThanOrEqual(390);
    }
    await expect(page.getByTestId('open-lessons')).toHaveAccessibleName('Lessons');
    await page.getByTestId('welcome-close').click();
    await expect(page.getByTestId('architecture')).toBeVisible();
    await page.getByTestId('phone-tab-terminal').click();
    await expect(page.getByTestId('architecture')).toBeHidden();
    await ui.run('kubectl get nodes');
    await expect(ui.terminalOutput).toContainText('control-plane');
    // Paused behind an apply: "Back to live (+N)" fits the row as "Live (+N)", its name whole.
    await ui.run('kubectl apply -f go-api.yaml');
    const toLive = page.getByTestId('to-live');
    await expect(toLive).toHaveAccessibleName(/^Back to live \(\+\d+\)$/);
    await expect(toLive.getByText('Live', { exact: true })).toBeVisible();
    const edge = (await toLive.boundingBox())!;
    expect(edge.x + edge.width).toBeLessThanOrEqual(390);
    // Not cut: the button's text fits its box (e2e/ is typed without the DOM library).
    expect(await toLive.evaluate((b) => (b as unknown as { scrollWidth: number; clientWidth: number }).scrollWidth <= (b as unknown as { clientWidth: number }).clientWidth)).toBe(true);
    await expect(page.getByTestId('play-pause')).toHaveAccessibleName('Play');
    await page.getByTestId('phone-tab-story').click();
    await expect(page.locator('section.sequence')).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/phone-story.png' });
  });
});
