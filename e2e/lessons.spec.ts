import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { app, watchConsole } from './app';

/** The running lesson's panel, its step and phase (data attributes the panel keeps current). */
function lesson(page: Page) {
  const panel = page.getByTestId('lesson-panel');
  return {
    panel,
    async at(step: string, phase?: string | RegExp) {
      await expect(panel).toHaveAttribute('data-step', step, { timeout: 60_000 });
      if (phase) await expect(panel).toHaveAttribute('data-phase', phase, { timeout: 60_000 });
    },
    async next() {
      await expect(panel.getByTestId('lesson-next')).toBeEnabled({ timeout: 60_000 });
      await panel.getByTestId('lesson-next').click();
    },
    option: (text: string | RegExp) => panel.locator('label.lesson-option', { hasText: text }),
    commit: () => panel.getByRole('button', { name: /Commit my prediction|提交我的预测/ }).click(),
    result: (id: string) => panel.locator(`li.lesson-result[data-option="${id}"]`),
  };
}

test.describe('lessons', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a first-time visitor takes lesson 1: a wrong and a right prediction, a task typed in the terminal, a reload that resumes', async ({ browser }) => {
    // A first visit: the welcome has not been seen.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto('/');
    const ui = app(page);
    const l = lesson(page);

    // The front door: a welcome over the stage with the lessons, beside the sandbox.
    await expect(page.getByTestId('welcome')).toBeVisible();
    await page.getByTestId('open-lessons').click();
    const catalog = page.getByTestId('lesson-catalog');
    await expect(catalog).toBeVisible();
    await expect(catalog.locator('[data-lesson]')).toHaveCount(16);
    await page.screenshot({ path: 'test-results/screenshots/lesson-catalog.png' });
    await catalog.getByTestId('start-01-cluster-at-a-glance').click();
    await expect(catalog).toBeHidden();

    await l.at('intro', 'ready');
    await l.next();
    await l.at('nodes', 'ready');
    const storyHeight = (await l.panel.boundingBox())!.height;
    await l.next();

    // A wrong prediction: the explanation, and what the cluster actually did.
    await l.at('where-scheduler', 'asking');
    // A question takes most of the side column, so its choices are on screen without scrolling.
    await expect.poll(async () => (await l.panel.boundingBox())!.height).toBeGreaterThan(storyHeight + 40);
    await expect(l.panel.locator('label.lesson-option').first()).toBeInViewport();
    await l.option('node-1').click();
    await page.screenshot({ path: 'test-results/screenshots/lesson-predict.png' });
    await l.commit();
    await l.at('where-scheduler', 'answered');
    await expect(l.panel.locator('.lesson-verdict.wrong')).toBeVisible();
    await expect(l.result('node-1')).toContainText('your prediction');
    await expect(l.result('node-1')).toContainText('not observed');
    await expect(l.result('control-plane')).toContainText('what happened');
    await expect(l.result('control-plane')).toContainText('observed');
    await page.screenshot({ path: 'test-results/screenshots/lesson-answered.png' });
    await l.next();
    await l.at('static-pods', 'ready');
    // …and gives the column back on a step that asks nothing.
    await expect.poll(async () => Math.round((await l.panel.boundingBox())!.height)).toBe(Math.round(storyHeight));
    await l.next();

    // A right one.
    await l.at('how-many-kubelets', 'asking');
    await l.panel.locator('label.lesson-option').first().click();
    const four = l.panel.locator('label.lesson-option input[value="four"]');
    await four.check();
    await l.commit();
    await l.at('how-many-kubelets', 'answered');
    await expect(l.panel.locator('.lesson-verdict.right')).toBeVisible();

    // Reload in the middle, once the answer is saved: the same step comes back, answered.
    await expect(l.panel).toHaveAttribute('data-saved', 'true');
    await page.reload();
    await l.at('how-many-kubelets', /review|answered/);
    await expect(l.panel.locator('.lesson-verdict.right')).toBeVisible();

    // On to the task, answering what comes on the way.
    for (let guard = 0; guard < 12; guard++) {
      const step = await l.panel.getAttribute('data-step');
      if (step === 'your-pod') break;
      const phase = await l.panel.getAttribute('data-phase');
      if (phase === 'asking') {
        await l.panel.locator('label.lesson-option').first().click();
        await l.commit();
        await expect(l.panel).toHaveAttribute('data-phase', 'answered', { timeout: 60_000 });
      }
      await l.next();
      await expect(l.panel).not.toHaveAttribute('data-step', step ?? '', { timeout: 60_000 });
    }
    await l.at('your-pod', 'working');
    await ui.run('kubectl run hello-2 --image=nginx:1.27');
    await ui.waitForPrompt();
    await ui.run('kubectl wait --for=condition=Ready pod/hello-2 --timeout=60s');
    await l.at('your-pod', 'solved');
    await expect(l.panel.getByRole('status').filter({ hasText: 'Done' })).toBeVisible();

    // The accessibility of a running lesson.
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a link from one learner opens another learner’s lesson at the same step, on a cluster played to it', async ({ browser }) => {
    // Learner A walks lesson 9 to its third step and copies the address bar.
    const a = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const pageA = await a.newPage();
    await pageA.goto('/?lesson=09-services-and-kube-proxy');
    const la = lesson(pageA);
    await la.at('setup', 'ready');
    await la.next();
    await la.at('who-fills-endpoints', 'asking');
    await la.panel.locator('label.lesson-option').first().click();
    await la.commit();
    await la.at('who-fills-endpoints', 'answered');
    await la.next();
    await la.at('where-the-address-comes-from', 'ready');
    await expect.poll(() => pageA.url(), { timeout: 10_000 }).toContain('step=where-the-address-comes-from');
    const link = pageA.url();
    await a.close();

    // Learner B, with no progress of their own, opens it: the lesson's first steps are played for
    // them and the lesson opens at A's step (it used to open at step 1 on A's cluster, applying
    // everything a second time).
    const b = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await b.newPage();
    const problems = watchConsole(page);
    await page.goto(link);
    const l = lesson(page);
    await l.at('where-the-address-comes-from', 'ready');
    const ui = app(page);
    await expect(ui.terminalOutput).toContainText('service/go-api created');
    await expect(ui.terminalOutput).not.toContainText('unchanged');
    await page.screenshot({ path: 'test-results/screenshots/lesson-linked-step.png' });
    // The prediction played for B: shown in review with what happened, no verdict of theirs.
    await l.panel.getByRole('button', { name: /Back/ }).click();
    await l.at('who-fills-endpoints', 'review');
    await expect(l.panel.getByTestId('predict-skipped')).toBeVisible();
    await expect(l.panel.locator('.lesson-verdict')).toHaveCount(0);
    await expect(l.panel.locator('li.lesson-result.key')).toHaveCount(1);
    await l.next();
    await l.at('where-the-address-comes-from', 'review');
    expect(problems).toEqual([]);
    await b.close();
  });

  test('a browser that will not write progress: the learner is told, and a reload still resumes with the answer', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/?lesson=01-cluster-at-a-glance');
    const l = lesson(page);
    await l.at('intro', 'ready');
    // Every IndexedDB write of a lesson's progress fails from now on in this page (as when the
    // disk is full or the database was closed under the page); the next page writes normally.
    await page.evaluate(() => {
      // The e2e project compiles without the DOM's types: the store is described as far as it is used.
      type Store = { name: string; transaction: { abort(): void }; put(...args: unknown[]): unknown };
      const proto = (globalThis as unknown as { IDBObjectStore: { prototype: Store } }).IDBObjectStore.prototype;
      const put = proto.put;
      proto.put = function (this: Store, ...args: unknown[]) {
        const request = put.apply(this, args);
        if (this.name === 'lessons') this.transaction.abort();
        return request;
      };
    });
    await l.next();
    await l.at('nodes', 'ready');
    await expect(page.getByTestId('lesson-save-failed')).toContainText('could not be saved');
    await l.next();
    await l.at('where-scheduler', 'asking');
    await l.option('node-1').click();
    await l.commit();
    await l.at('where-scheduler', 'answered');
    await expect(l.panel).toHaveAttribute('data-saved', 'true');
    await page.reload();
    // The write-ahead journal kept what IndexedDB refused: the same step, the same wrong answer.
    await l.at('where-scheduler', /review|answered/);
    await expect(l.panel.locator('.lesson-verdict.wrong')).toBeVisible();
    await expect(l.result('node-1')).toContainText('your prediction');
    await expect(page.getByTestId('lesson-save-failed')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('a link deep into the 1,000-node lesson says which step it is playing, and can be left there', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/?lesson=15-thousands-of-nodes&step=recap');
    const banner = page.getByTestId('lesson-skipping');
    await expect(banner).toContainText(/at step \d+: playing step \d+ on the cluster for you/, { timeout: 60_000 });
    await page.screenshot({ path: 'test-results/screenshots/lesson-skipping.png' });
    await banner.getByRole('button', { name: 'Leave lesson' }).click();
    await expect(banner).toBeHidden();
    await expect(page.getByTestId('lesson-panel')).toHaveCount(0);
    // The step being played finishes in the background (here the 1,000-node cluster boots) and no
    // later one is typed (the controller's unit test proves that on the real bridge's contract).
    expect(problems).toEqual([]);
  });

  test('on a phone, a long option stays beside its radio button', async ({ page }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/?lesson=03-desired-state-and-control-loops&step=apply-again');
    const l = lesson(page);
    await l.at('apply-again', 'asking');
    const options = l.panel.locator('label.lesson-option');
    await expect(options.first()).toBeVisible();
    // Every option's text starts on its radio's line, however many lines it takes (one used to
    // drop below the radio as soon as it wrapped).
    for (const option of await options.all()) {
      const radio = (await option.locator('input').boundingBox())!;
      const label = (await option.locator('input + span').boundingBox())!;
      expect(label.x).toBeGreaterThan(radio.x + radio.width - 1);
      expect(label.y).toBeLessThan(radio.y + radio.height);
    }
    await page.screenshot({ path: 'test-results/screenshots/lesson-phone-options.png' });
    expect(problems).toEqual([]);
  });

  test('a lesson in Chinese, and a lesson file of your own with a mistake in it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /Switch the interface to Chinese/ }).click();
    const l = lesson(page);
    await page.getByTestId('open-lessons').click();
    const catalog = page.getByTestId('lesson-catalog');
    await expect(catalog.getByRole('heading', { name: '课程' })).toBeVisible();
    await catalog.getByTestId('start-02-apply-to-running').click();
    await l.at('intro', 'ready');
    await expect(l.panel).toContainText('清单 go-api.yaml');
    await l.next();
    await l.at('when-apply-returns', 'asking');
    await l.panel.locator('label.lesson-option input[value="none"]').check();
    await l.commit();
    await l.at('when-apply-returns', 'answered');
    await expect(l.panel.locator('.lesson-verdict.right')).toContainText('答对了');
    await page.screenshot({ path: 'test-results/screenshots/lesson-zh.png' });

    // Back goes to the moment the previous step ended, without running it again.
    await l.panel.getByRole('button', { name: /上一步/ }).click();
    await l.at('intro', 'review');

    // A learner's own file: validated, with line numbers.
    await page.getByTestId('open-lessons').click();
    await catalog.getByTestId('lesson-file-input').setInputFiles({ name: 'mine.yaml', mimeType: 'text/yaml', buffer: Buffer.from('id: 99-mine\nversion: 1\ntitle: { en: Mine }\n') });
    const errors = catalog.getByTestId('lesson-file-errors');
    await expect(errors).toContainText('mine.yaml:3');
    await expect(errors).toContainText('title.zh');
  });
});
