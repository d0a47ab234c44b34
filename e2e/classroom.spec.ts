/**
 * The classroom: presenter mode (large type, answers hidden, remembered) and the audience window
 * that follows the presenter's run and moment live, in its own worker.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { app, watchConsole } from './app';

/** "Showing T+12.345s of T+20.000s": the moment shown (each window's tape may reach further). */
async function shownMoment(page: Page): Promise<string> {
  const text = (await page.getByTestId('position').textContent()) ?? '';
  const m = /^Showing (\S+)/.exec(text);
  if (!m) throw new Error(`unexpected position label: ${text}`);
  return m[1]!;
}

test.describe('classroom', () => {
  test('presenter mode: large type, answers hidden, remembered', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    await ui.waitForBoot();
    // Stands in for a symptoms card's diagnosis (any element marked data-answer).
    await page.evaluate(`document.querySelector('.app').insertAdjacentHTML('afterbegin', '<p data-answer data-testid="answer">The scheduler is down</p>')`);
    const answer = page.getByTestId('answer');
    await expect(answer).toBeVisible();
    const normalSize = await page.evaluate(`parseFloat(getComputedStyle(document.documentElement).fontSize)`);

    const toggle = page.getByTestId('presenter-toggle');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveClass(/\bpresenter\b/);
    await expect(answer).toBeHidden();
    expect(await page.evaluate(`parseFloat(getComputedStyle(document.documentElement).fontSize)`)).toBeGreaterThan(Number(normalSize) * 1.3);
    // The terminal is read from the back of a lecture hall too.
    await expect.poll(() => page.evaluate(`(() => { const r = document.querySelector('.xterm-rows'); return r ? parseFloat(getComputedStyle(r).fontSize) : 0; })()`)).toBeGreaterThanOrEqual(20);
    await page.screenshot({ path: 'test-results/screenshots/classroom-presenter.png', fullPage: true });

    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bpresenter\b/);
    await expect(page.getByTestId('presenter-toggle')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('presenter-toggle').click();
    await expect(page.locator('html')).not.toHaveClass(/\bpresenter\b/);
    expect(problems).toEqual([]);
  });

  test('the audience window follows the presenter: same Pods, same moment after a step back, the same topology', async ({ page, context }) => {
    test.setTimeout(90_000);
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    await ui.waitForBoot();

    const [audience] = await Promise.all([context.waitForEvent('page'), page.getByTestId('open-audience').click()]);
    const audienceProblems = watchConsole(audience);
    await audience.waitForLoadState();
    expect(audience.url()).toContain('view=audience');
    await expect(audience.getByTestId('audience-banner')).toHaveText('Following the presenter — view only');
    await expect(audience.locator('html')).toHaveClass(/\baudience\b/);
    await expect(audience.getByTestId('sim-clock')).toBeVisible();
    // View-only: no terminal, no presenter controls, no transport buttons.
    await expect(audience.getByTestId('terminal-output')).toBeHidden();
    await expect(audience.getByTestId('open-audience')).toHaveCount(0);
    await expect(audience.getByTestId('step-back')).toBeHidden();
    await expect(audience.getByTestId('position')).toBeVisible();

    await ui.run('kubectl apply -f go-api.yaml');
    await expect(ui.terminalOutput).toContainText('deployment.apps/go-api created');
    await page.getByTestId('play-pause').click();
    await ui.openTab('lists');
    // The audience's dock offers only views; the node and Pod lists are one.
    await expect(audience.getByTestId('dock-tab-terminal')).toHaveCount(0);
    await audience.getByTestId('dock-tab-lists').click();
    const audiencePods = audience.getByTestId('pod-list').locator('tbody tr', { hasText: 'go-api-' });
    await expect(audiencePods).toHaveCount(3, { timeout: 30_000 });
    await expect(page.getByTestId('pod-list').locator('tbody tr', { hasText: 'go-api-' })).toHaveCount(3);

    // Step back (pauses the presenter): the audience shows the same earlier moment.
    const before = await shownMoment(page);
    for (let i = 0; i < 3; i++) await page.getByTestId('step-back').click();
    const presenterMoment = await shownMoment(page);
    expect(presenterMoment).not.toBe(before);
    await expect.poll(() => shownMoment(audience)).toBe(presenterMoment);
    // And the same Pods as the presenter at that moment.
    const podsAt = (p: Page) => p.getByTestId('pod-list').locator('tbody tr').allInnerTexts();
    await expect.poll(() => podsAt(audience)).toEqual(await podsAt(page));
    await audience.screenshot({ path: 'test-results/screenshots/classroom-audience.png', fullPage: true });

    // The presenter switches to the HA topology (a new page): the audience reopens on that run.
    await page.getByTestId('topology').selectOption('ha');
    // The run has typed commands, so the switch asks first.
    await page.getByTestId('topology-confirm').click();
    await expect(page.getByTestId('node-list')).toContainText('control-plane-1');
    await expect(audience.getByTestId('node-list')).toContainText('control-plane-1', { timeout: 30_000 });
    expect(audience.url()).toMatch(/topology=ha.*view=audience|view=audience.*topology=ha/);
    await expect(audience.getByTestId('audience-banner')).toBeVisible();

    expect(problems).toEqual([]);
    expect(audienceProblems).toEqual([]);
  });

  test('the audience window follows the lesson: the question at once, the answer only once the presenter reveals it', async ({ page, context }) => {
    test.setTimeout(180_000);
    const problems = watchConsole(page);
    await page.goto('/?lesson=01-cluster-at-a-glance');
    const panel = page.getByTestId('lesson-panel');
    const at = async (el: Locator, step: string, phase: string) => {
      await expect(el).toHaveAttribute('data-step', step, { timeout: 60_000 });
      await expect(el).toHaveAttribute('data-phase', phase, { timeout: 60_000 });
    };
    const next = async () => {
      await expect(panel.getByTestId('lesson-next')).toBeEnabled({ timeout: 60_000 });
      await panel.getByTestId('lesson-next').click();
    };
    await at(panel, 'intro', 'ready');
    await page.getByTestId('presenter-toggle').click();
    await expect(page.locator('html')).toHaveClass(/\bpresenter\b/);

    const [audience] = await Promise.all([context.waitForEvent('page'), page.getByTestId('open-audience').click()]);
    const audienceProblems = watchConsole(audience);
    await audience.setViewportSize({ width: 1280, height: 720 });
    await expect(audience.getByTestId('audience-banner')).toBeVisible();
    const view = audience.getByTestId('audience-lesson');
    await at(view, 'intro', 'ready');
    await expect(view).toContainText('The cluster at a glance');
    await expect(view).toContainText('Step 1 of');
    // Read-only: the presenter's Back / Next are not there.
    await expect(view.getByRole('button')).toHaveCount(0);
    await expect(audience.getByTestId('lesson-panel')).toHaveCount(0);

    await next();
    await at(panel, 'nodes', 'ready');
    await next();
    await at(panel, 'where-scheduler', 'asking');

    // The question and its options, and nothing of the answer.
    await at(view, 'where-scheduler', 'asking');
    await expect(view).toContainText('Step 3 of');
    await expect(view).toContainText('On which node does kube-scheduler run?');
    await expect(view.getByTestId('audience-options').locator('li')).toHaveCount(4);
    await expect(view.locator('li[data-option="control-plane"]')).toBeVisible();
    await expect(view.getByTestId('audience-answer')).toHaveCount(0);
    await expect(view.locator('.lesson-result.key, .tag.key, .lesson-why')).toHaveCount(0);
    await audience.screenshot({ path: 'test-results/screenshots/classroom-audience-lesson.png' });

    // The presenter commits: still hidden from the room until revealed.
    await panel.locator('label.lesson-option', { hasText: 'control-plane' }).click();
    await panel.getByRole('button', { name: 'Commit my prediction' }).click();
    await at(panel, 'where-scheduler', 'answered');
    await at(view, 'where-scheduler', 'answered');
    await expect(view).toContainText('The answer is hidden until the presenter reveals it.');
    await expect(view.getByTestId('audience-answer')).toHaveCount(0);
    await expect(view.locator('.tag.key')).toHaveCount(0);

    // The reveal: the presenter's panel and the room both show the right answer.
    await panel.getByRole('button', { name: 'Reveal the answer' }).click();
    await expect(panel.getByTestId('predict-answer')).toBeVisible();
    await expect(view.getByTestId('audience-answer')).toBeVisible({ timeout: 10_000 });
    await expect(view.locator('li[data-option="control-plane"]')).toContainText('the right answer');
    await expect(view.locator('.tag.key')).toHaveCount(1);
    await audience.screenshot({ path: 'test-results/screenshots/classroom-audience-revealed.png' });

    // The presenter leaves the lesson: so does the room.
    await panel.getByRole('button', { name: 'Leave lesson' }).click();
    await expect(view).toHaveCount(0, { timeout: 10_000 });

    expect(problems).toEqual([]);
    expect(audienceProblems).toEqual([]);
  });
});
