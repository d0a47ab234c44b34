/**
 * The interview drills page on the built app: practising today's cards (write, reveal, tick,
 * grade; judge a misconception), a demonstration played to its decisive moment on the stage, a
 * timed mock interview and its review, the schedule and answers surviving a reload, export and
 * re-import of progress, the page in Chinese, and axe on the page.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { app, watchConsole } from './app';

const SHOTS = 'test-results/screenshots';

function drillsPage(page: Page) {
  const root = page.getByTestId('drills-page');
  const practice = root.getByTestId('drills-panel-practice');
  return {
    root,
    practice,
    queue: practice.getByTestId('drills-queue'),
    drill: practice.getByTestId('drill-card'),
    misconception: practice.getByTestId('misconception-card'),
    async open() {
      await page.getByTestId('open-drills').click();
      await expect(root).toBeVisible();
      await expect(practice.locator('[data-card]').first()).toBeVisible();
    },
    tab: (view: 'practice' | 'mock' | 'progress') => root.getByTestId(`drills-tab-${view}`),
    /** Opens any card from the full list (due or not). */
    async openCard(id: string) {
      const all = practice.locator('details.drills-all');
      if ((await all.getAttribute('open')) === null) await all.locator('summary').click();
      await practice.getByTestId('drills-all').locator(`button[data-card="${id}"]`).click();
      await expect(practice.locator(`article[data-card="${id}"]`)).toBeVisible();
    },
  };
}

/** Writes an answer, reveals the model answer, ticks points and grades; returns what the page said. */
async function answerDrill(card: Locator, id: string, text: string, ticks: number[], grade: 'again' | 'hard' | 'good' | 'easy', shots?: { before: string; after: string }, page?: Page): Promise<string> {
  await expect(card).toHaveAttribute('data-card', id);
  await card.getByTestId('drill-answer').fill(text);
  await expect(card.getByTestId('answer-saved')).toHaveText(/Saved/);
  if (shots && page) await page.screenshot({ path: `${SHOTS}/${shots.before}` });
  await card.getByTestId('reveal').click();
  const revealed = card.getByTestId('drill-revealed');
  // The button pressed is gone: focus moves to the answer it revealed.
  await expect(revealed.getByRole('heading', { name: 'The answer in 30 seconds' })).toBeFocused();
  for (const term of ['Conclusion', 'Mechanism', 'Scenario', 'Trade-off', 'How to verify it']) await expect(revealed.locator('dt', { hasText: term })).toBeVisible();
  if (shots && page) await page.screenshot({ path: `${SHOTS}/${shots.after}` });
  for (const i of ticks) await revealed.locator(`input[data-point="${i}"]`).check();
  await expect(revealed.getByTestId('drill-points')).toContainText(`${ticks.length} of`);
  // A follow-up's answer opens on demand.
  const followup = revealed.locator('.drills-followups details').first();
  await followup.locator('summary').click();
  await expect(followup).toHaveAttribute('open', '');
  await expect(revealed.locator('.drills-links button').first()).toBeVisible();
  // Each grade says when the card would come back.
  await expect(revealed.getByTestId('grade-again')).toContainText('Back tomorrow');
  await expect(revealed.getByTestId('grade-easy')).toContainText(/Back in \d+ days/);
  if (shots && page) {
    await revealed.getByTestId(`grade-${grade}`).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/drills-grade.png` });
  }
  await revealed.getByTestId(`grade-${grade}`).click();
  const graded = card.getByTestId('graded');
  await expect(graded).toContainText('Next review');
  await expect(card.getByTestId('next-card')).toBeFocused();
  return (await graded.textContent()) ?? '';
}

async function axe(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include('[data-testid="drills-page"]').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map((v) => `${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.target.map(String).join(' ')}`).join('\n')}`).join('\n');
  expect(serious.map((v) => v.id), `axe — ${label}:\n${report}`).toEqual([]);
}

test.describe('interview drills', () => {
  test.describe.configure({ timeout: 300_000 });

  test('practise today’s cards, watch a demonstration, take a mock interview, reload, export and import', async ({ page }, info) => {
    const problems = watchConsole(page);
    // The page's clock runs as usual until the mock interview's last question, which it skips
    // forward instead of waiting 30 real seconds.
    await page.clock.install();
    await page.goto('/');
    await app(page).waitForBoot();
    const d = drillsPage(page);
    await d.open();

    // Today's queue: five new cards, drills and misconceptions alternating.
    await expect(d.queue.locator('button[data-card]')).toHaveCount(5);
    await expect(d.tab('practice')).toContainText('5 today');

    // Three questions: write, reveal, tick, grade.
    const first = await answerDrill(d.drill, 'q01-why-kubernetes', 'It keeps declared state true by reconciling: you say what you want, controllers make it so.', [0, 2], 'good', { before: 'drills-practice.png', after: 'drills-revealed.png' }, page);
    expect(first).toMatch(/Graded Good\. Next review: .+ \(in 3 days\)\./);
    await page.keyboard.press('Enter');

    // A misconception card: judged wrong first, so Again is suggested; the learner may pick another.
    await expect(d.misconception).toHaveAttribute('data-card', 'm1-kubernetes-starts-containers');
    await d.misconception.getByTestId('judge-true').click();
    const verdict = d.misconception.getByTestId('misconception-verdict');
    await expect(verdict.locator('.lesson-verdict')).toBeFocused();
    await expect(verdict.locator('.lesson-verdict.wrong')).toContainText('the statement is false');
    await expect(verdict).toContainText('What is true instead');
    await expect(verdict.getByTestId('grade-again')).toHaveAttribute('data-suggested', 'true');
    await expect(verdict.getByTestId('grade-again')).toContainText('suggested');
    await page.screenshot({ path: `${SHOTS}/drills-misconception.png` });
    await verdict.getByTestId('grade-hard').click();
    await expect(d.misconception.getByTestId('graded')).toContainText('Graded Hard');
    await d.misconception.getByTestId('next-card').click();

    await answerDrill(d.drill, 'q02-cluster-components', 'Control plane: kube-apiserver, etcd, kube-scheduler, kube-controller-manager. Nodes: kubelet, container runtime, kube-proxy.', [0, 1, 2, 3], 'easy');
    await d.drill.getByTestId('next-card').click();
    // Skip the second misconception for now: open the third question from the queue.
    await expect(d.misconception).toHaveAttribute('data-card', 'm2-scheduler-keeps-replicas');
    await d.queue.locator('button[data-card="q03-apiserver-hub"]').click();
    await answerDrill(d.drill, 'q03-apiserver-hub', 'Every read and write goes through it: authn, authz, admission, validation, then etcd. Only it talks to etcd.', [1, 2], 'again');
    await expect(d.queue.locator('button[data-card]')).toHaveCount(1);

    // axe on the page with an answer revealed.
    await axe(page, 'practice');

    // The graded card's demonstration, played on the stage to its decisive moment.
    await d.drill.getByTestId('run-demo').click();
    await expect(d.root).toBeHidden();
    const panel = page.getByTestId('lesson-panel');
    await expect(panel).toBeVisible();
    for (let guard = 0; guard < 6; guard++) {
      if ((await panel.getAttribute('data-step')) === 'observe') break;
      const next = panel.getByTestId('lesson-next');
      await expect(next).toBeEnabled({ timeout: 60_000 });
      const step = await panel.getAttribute('data-step');
      await next.click();
      await expect(panel).not.toHaveAttribute('data-step', step ?? '', { timeout: 60_000 });
    }
    await expect(panel).toHaveAttribute('data-step', 'observe');
    await expect(panel).toHaveAttribute('data-phase', 'ready', { timeout: 60_000 });
    await expect(panel).toContainText('every single etcd write was made by kube-apiserver');
    await expect(panel).toContainText('Paused at the moment it happened.');
    await page.screenshot({ path: `${SHOTS}/drills-demo-observe.png` });
    // Finished: the way back to the card.
    await panel.getByTestId('lesson-next').click();
    await expect(panel).toHaveAttribute('data-step', 'finished');
    await panel.getByTestId('back-to-card').click();
    await expect(d.root).toBeVisible();
    await expect(d.drill).toHaveAttribute('data-card', 'q03-apiserver-hub');
    // Back as it was left, its question focused (on a phone that scrolls the card into view): the
    // answer still revealed, its ticks and its grade still there.
    await expect(d.drill.locator('h3')).toBeFocused();
    await expect(d.drill.getByTestId('drill-revealed')).toBeVisible();
    await expect(d.drill.getByTestId('drill-points')).toContainText('2 of');
    await expect(d.drill.getByTestId('graded')).toBeVisible();

    // A mock interview: three questions, 30 seconds each; two answered early, the last runs out.
    await d.tab('mock').click();
    const mock = d.root.getByTestId('drills-panel-mock');
    await mock.getByTestId('mock-count').selectOption('3');
    await mock.getByTestId('mock-duration').selectOption('30');
    await mock.getByTestId('mock-start').click();
    const q = mock.getByTestId('mock-question');
    const said: Record<string, string> = {};
    for (const n of [1, 2, 3]) {
      await expect(q).toHaveAttribute('data-n', String(n));
      await expect(q).toContainText(`Question ${n} of 3`);
      await expect(q.getByTestId('mock-timer')).toHaveText(/^0:[0-3]\d$/);
      const id = (await q.getAttribute('data-card'))!;
      said[id] = `My answer number ${n} about ${id}.`;
      await q.getByTestId('mock-answer').fill(said[id]);
      if (n < 3) await q.getByTestId('mock-next').click();
    }
    // The clock ends the last question.
    await page.clock.fastForward('00:31');
    const review = mock.getByTestId('mock-review');
    await expect(review).toBeVisible();
    const results = review.getByTestId('mock-result');
    await expect(results).toHaveCount(3);
    for (const [id, text] of Object.entries(said)) {
      const r = review.locator(`[data-testid="mock-result"][data-card="${id}"]`);
      await expect(r.getByTestId('mock-said')).toHaveText(text);
      await expect(r).toContainText('A model answer');
      await expect(r.getByTestId('point-covered')).toHaveCount(0);
      await expect(r.locator('.drills-links button').first()).toBeVisible();
    }
    // Ticking a point the answer made moves it from missed to covered.
    const firstResult = results.first();
    const missedBefore = await firstResult.getByTestId('point-missed').count();
    await firstResult.locator('input[data-point="0"]').check();
    await expect(firstResult.getByTestId('point-covered')).toHaveCount(1);
    await expect(firstResult.getByTestId('point-missed')).toHaveCount(missedBefore - 1);
    await page.screenshot({ path: `${SHOTS}/drills-mock-review.png` });
    await axe(page, 'mock review');

    // Progress per topic.
    await d.tab('progress').click();
    const table = d.root.getByTestId('drills-progress');
    await expect(table.locator('tr[data-topic="all"] td[data-col="learned"]')).toHaveText('4');
    await expect(table.locator('tr[data-topic="all"] td[data-col="new"]')).toHaveText('16');
    await page.screenshot({ path: `${SHOTS}/drills-progress.png` });

    // A reload keeps the schedule and the answers — even one typed a moment before, not yet
    // written (the page writes it as it goes, through the store's synchronous journal).
    await d.tab('practice').click();
    await d.openCard('q01-why-kubernetes');
    await d.drill.getByTestId('drill-answer').fill('It keeps declared state true by reconciling; typed just before the reload.');
    await page.reload();
    await app(page).waitForBoot();
    await d.open();
    await expect(d.queue.locator('button[data-card]')).toHaveCount(1);
    await d.openCard('q01-why-kubernetes');
    await expect(d.drill.getByTestId('drill-answer')).toHaveValue(/typed just before the reload/);
    await expect(d.drill.locator('.drills-state')).toHaveText('Next: in 3 days');
    await d.tab('progress').click();
    await expect(table.locator('tr[data-topic="all"] td[data-col="learned"]')).toHaveText('4');
    await d.tab('practice').click();

    // Export, change an answer, import: the exported answer is back.
    const download = page.waitForEvent('download');
    await d.root.getByTestId('drills-export').click();
    const file = info.outputPath('reconcile-progress.json');
    await (await download).saveAs(file);
    await d.drill.getByTestId('drill-answer').fill('Something else entirely.');
    await expect(d.drill.getByTestId('answer-saved')).toHaveText(/Saved/);
    await d.root.getByTestId('drills-import-input').setInputFiles(file);
    await expect(d.root.getByTestId('drills-imported')).toContainText('Progress imported');
    await d.openCard('q01-why-kubernetes');
    await expect(d.drill.getByTestId('drill-answer')).toHaveValue(/keeps declared state true/);
    await expect(d.queue.locator('button[data-card]')).toHaveCount(1);

    await d.root.getByTestId('drills-close').click();
    await expect(d.root).toBeHidden();
    expect(problems).toEqual([]);
  });

  test('a finished lesson links to the drills it prepares for', async ({ page }) => {
    await page.goto('/');
    await app(page).waitForBoot();
    // A lesson of one's own, one step long, preparing for a question and a misconception.
    const lesson = ['id: 99-mine', 'version: 1', 'title: { en: Mine, zh: 我的 }', 'summary: { en: Mine, zh: 我的 }', 'minutes: 1', 'drills: [q03, m1]', 'steps:', '  - id: intro', '    say: { en: Hello, zh: 你好 }', ''].join('\n');
    await page.getByTestId('open-lessons').click();
    await page.getByTestId('lesson-catalog').getByTestId('lesson-file-input').setInputFiles({ name: 'mine.yaml', mimeType: 'text/yaml', buffer: Buffer.from(lesson) });
    const panel = page.getByTestId('lesson-panel');
    await expect(panel).toHaveAttribute('data-step', 'intro');
    await panel.getByTestId('lesson-next').click();
    await expect(panel).toHaveAttribute('data-step', 'finished');
    await expect(panel.locator('button[data-drill="q03"]')).toHaveText('Q03 Why is kube-apiserver the hub of Kubernetes?');
    await panel.locator('button[data-drill="m1"]').click();
    const d = drillsPage(page);
    await expect(d.root).toBeVisible();
    await expect(d.misconception).toHaveAttribute('data-card', 'm1-kubernetes-starts-containers');
  });

  test('the drills page in Chinese', async ({ page }) => {
    await page.goto('/');
    await app(page).waitForBoot();
    await page.getByRole('button', { name: /Switch the interface to Chinese/ }).click();
    await expect(page.getByTestId('open-drills')).toHaveText(/面试练习/);
    const d = drillsPage(page);
    await d.open();
    await expect(d.root.getByRole('heading', { name: '面试练习', level: 2 })).toBeVisible();
    await expect(d.tab('practice')).toContainText('练习');
    // The views are tabs: arrow keys move between them.
    await d.tab('practice').focus();
    await page.keyboard.press('ArrowRight');
    await expect(d.tab('mock')).toBeFocused();
    await expect(d.tab('mock')).toHaveAttribute('aria-selected', 'true');
    await expect(d.root.getByTestId('mock-setup')).toContainText('随机抽几道题');
    await page.keyboard.press('Home');
    await expect(d.tab('practice')).toHaveAttribute('aria-selected', 'true');
    await expect(d.drill).toContainText('面试官想考察的是');
    await d.drill.getByTestId('drill-answer').fill('声明式：描述期望状态，由控制器持续调谐。');
    await d.drill.getByTestId('reveal').click();
    await expect(d.drill.getByRole('heading', { name: '30 秒回答' })).toBeVisible();
    await expect(d.drill.getByTestId('grade-good')).toContainText('良好');
    await expect(d.drill.getByTestId('grade-again')).toContainText('明天再见');
    await page.screenshot({ path: `${SHOTS}/drills-zh.png` });
    await axe(page, 'Chinese');
  });
});
