/**
 * The header's controls against the rest of the page:
 * - the scale dial and a lesson: dialling in the second after the welcome's Start (the lesson still
 *   loading) asks first, and leaving cancels the start; a lesson started after dialling runs on
 *   the cluster it declares (lesson 1: four machines, as its first step says); dialling under a
 *   running lesson asks first, a `sim topology` typed in the terminal asks the same and leaving
 *   runs it (one it would refuse, `--nodes abc`, asks nothing: it prints its error and the lesson
 *   stays), and resuming the lesson brings its own cluster back;
 * - a page opened with a lesson link, dialled in its first moments (before the saved progress is
 *   read, then while the lesson's code loads): the dial asks from the first paint, staying keeps
 *   the lesson starting, and leaving ends with the cluster as dialled and no lesson;
 * - the language switch and the terminal's welcome: the greeting follows the language, what
 *   commands printed (and the line being typed) stays as it was;
 * - a phone (390×844): every header control can be reached — the run's controls on a second row,
 *   the rest behind "more" — while at 1280×720 the header is the one line it always was.
 *
 * The dial goes to 10 workers, not 1,000: the question is the same at any size, and a small
 * cluster boots in a moment on a slow runner.
 */
import { expect, test, type Page } from '@playwright/test';
import { app, watchConsole } from './app';

const FOUR_MACHINES = 'This cluster has four machines.';

/** The machines the diagram draws (one card each up to 12 workers). */
const machines = (page: Page) => page.getByTestId('architecture').locator('.react-flow__node-machine .cond-Ready');

async function dial(page: Page, workers: number): Promise<void> {
  await page.getByTestId('scale-dial').selectOption(String(workers));
}

test.describe('the header', () => {
  test('a lesson runs on its own cluster: started after dialling it has four machines; dialling under it asks to leave it', async ({ page }) => {
    test.setTimeout(180_000);
    const problems = watchConsole(page);
    const ui = app(page);
    // A first visit (the welcome offers lesson 1), on a slow machine: lesson 1's code arrives only
    // once the learner has answered, so the lesson is certainly still starting when they dial.
    await page.addInitScript(`localStorage.removeItem('reconcile.welcomed')`);
    let held = 0;
    let release!: () => void;
    const answered = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/01-cluster-at-a-glance-[^/]*\.js$/, async (route) => {
      held++;
      await answered;
      await route.continue();
    });
    await page.goto('/');
    await ui.waitForBoot();
    const panel = page.getByTestId('lesson-panel');
    const question = page.getByTestId('leave-lesson-dialog');

    // Dialled right after Start: the lesson is asked about already; leaving cancels its start.
    await page.getByTestId('welcome').getByTestId('start-01-cluster-at-a-glance').click();
    await expect(page.getByTestId('welcome')).toBeHidden();
    await dial(page, 10);
    await expect(question).toContainText('“The cluster at a glance”');
    await expect(question).toContainText('Rebuilding it with 10 worker nodes ends the lesson here.');
    await page.screenshot({ path: 'test-results/screenshots/leave-lesson-while-starting.png' });
    await page.getByTestId('leave-lesson-confirm').click();
    const loaded = page.waitForResponse(/\/assets\/01-cluster-at-a-glance-[^/]*\.js$/);
    release();
    await loaded;
    expect(held).toBe(1);
    await expect(page.getByTestId('scale-dial')).toHaveValue('10', { timeout: 60_000 });
    await expect(machines(page)).toHaveCount(11, { timeout: 60_000 });
    // The start, resumed once its code arrived, saw it was left: no panel, no lesson cluster.
    await page.waitForTimeout(300);
    await expect(panel).toHaveCount(0);
    await expect(machines(page)).toHaveCount(11);

    // Lesson 1 rebuilds its own cluster: what its first step says is what the diagram shows.
    await page.getByTestId('open-lessons').click();
    await page.getByTestId('lesson-catalog').getByTestId('start-01-cluster-at-a-glance').click();
    await expect(panel).toHaveAttribute('data-step', 'intro', { timeout: 60_000 });
    await expect(panel).toContainText(FOUR_MACHINES);
    await expect(page.getByTestId('scale-dial')).toHaveValue('3');
    await expect(machines(page)).toHaveCount(4, { timeout: 60_000 });

    // Dialling under the running lesson asks first; staying keeps the lesson and its cluster.
    await dial(page, 10);
    await expect(question).toBeVisible();
    await expect(question).toContainText('“The cluster at a glance”');
    await expect(question).toContainText('Rebuilding it with 10 worker nodes ends the lesson here.');
    await expect(page.getByTestId('leave-lesson-cancel')).toBeFocused();
    await page.getByTestId('leave-lesson-cancel').click();
    await expect(question).toHaveCount(0);
    await expect(page.getByTestId('scale-dial')).toHaveValue('3');
    await expect(panel).toContainText(FOUR_MACHINES);
    await expect(machines(page)).toHaveCount(4);

    // A line sim topology refuses rebuilds nothing: it asks nothing, prints its error, and the lesson stays.
    await ui.run('sim topology basic --nodes abc');
    await ui.waitForPrompt();
    await expect(ui.terminalOutput).toContainText('error: invalid --nodes "abc": a whole number of worker nodes from 1 to 5000');
    await expect(question).toHaveCount(0);
    await expect(panel).toContainText(FOUR_MACHINES);
    await expect(machines(page)).toHaveCount(4);

    // The same rebuild typed in the terminal asks the same question, quoting the line; leaving
    // ends the lesson, then runs the line: no lesson text is left to contradict the cluster.
    await ui.run('sim topology basic --nodes 10');
    await expect(question).toContainText('Running “sim topology basic --nodes 10” rebuilds it, which ends the lesson here.');
    await page.getByTestId('leave-lesson-confirm').click();
    await expect(panel).toHaveCount(0);
    await expect(page.getByTestId('scale-dial')).toHaveValue('10', { timeout: 60_000 });
    await expect(machines(page)).toHaveCount(11, { timeout: 60_000 });
    await expect(ui.terminalOutput).toContainText('$ sim topology basic --nodes 10');

    // Resuming brings the lesson's own cluster back, as the question promised.
    await page.getByTestId('open-lessons').click();
    await page.locator('[data-lesson="01-cluster-at-a-glance"]').getByRole('button', { name: 'Resume at step 1' }).click();
    await expect(panel).toHaveAttribute('data-step', 'intro', { timeout: 60_000 });
    await expect(panel).toContainText(FOUR_MACHINES);
    await expect(page.getByTestId('scale-dial')).toHaveValue('3', { timeout: 60_000 });
    await expect(machines(page)).toHaveCount(4, { timeout: 60_000 });
    expect(problems).toEqual([]);
  });

  test('a lesson link’s page dialled in its first moments asks; staying keeps the lesson starting, leaving rebuilds as dialled', async ({ page }) => {
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    const ui = app(page);
    // Two moments of the lesson's start, held until answered: reading the saved progress (the
    // first paint's), then lesson 1's code (its start has not asked for its cluster yet).
    const gate = (): { open: Promise<void>; release: () => void } => {
      let release!: () => void;
      return { open: new Promise<void>((r) => (release = r)), release };
    };
    const progress = gate();
    const code = gate();
    const codeAsked = gate();
    await page.route(/\/assets\/progress-[^/]*\.js$/, async (route) => {
      await progress.open;
      await route.continue();
    });
    await page.route(/\/assets\/01-cluster-at-a-glance-[^/]*\.js$/, async (route) => {
      codeAsked.release();
      await code.open;
      await route.continue();
    });
    await page.goto('/?lesson=01-cluster-at-a-glance');
    const question = page.getByTestId('leave-lesson-dialog');

    // Before the saved progress is read the lesson is starting already: the dial asks; staying keeps it.
    await dial(page, 10);
    await expect(question).toContainText('“The cluster at a glance”');
    await page.getByTestId('leave-lesson-cancel').click();
    await expect(question).toHaveCount(0);
    await expect(page.getByTestId('scale-dial')).toHaveValue('3');

    // Its code still loading, the learner dials again and leaves: the page's own cluster is
    // rebuilt as dialled, and the start, once its code arrives, sees it was left.
    progress.release();
    await codeAsked.open;
    await dial(page, 10);
    await expect(question).toContainText('Rebuilding it with 10 worker nodes ends the lesson here.');
    await page.getByTestId('leave-lesson-confirm').click();
    code.release();
    await expect(page.getByTestId('scale-dial')).toHaveValue('10', { timeout: 60_000 });
    await expect(machines(page)).toHaveCount(11, { timeout: 60_000 });
    await expect(ui.terminalOutput).toContainText('cluster rebuilt with topology basic: 11 nodes, all Ready');
    await page.waitForTimeout(300);
    await expect(page.getByTestId('lesson-panel')).toHaveCount(0);
    await expect(machines(page)).toHaveCount(11);
    expect(problems).toEqual([]);
  });

  test('the terminal’s welcome follows the language; commands’ output and the typed line stay', async ({ page }) => {
    const problems = watchConsole(page);
    const ui = app(page);
    await page.goto('/');
    await ui.waitForBoot();
    const text = ui.terminalOutput;
    await expect(text).toContainText('This cluster is paused and waiting for you');

    // Nothing typed yet: the greeting is simply said again in Chinese.
    await page.locator('.lang-toggle').click();
    await expect(text).toContainText('这个集群已暂停，正等着你');
    await expect(text).not.toContainText('waiting for you');
    await ui.waitForPrompt();

    // After a command (and with a line half typed), switching back rewrites only the greeting.
    await ui.run('kubectl get nodes');
    await ui.waitForPrompt();
    await expect(text).toContainText('control-plane');
    await ui.type('kubectl get po');
    const transcript = (await text.textContent()) ?? '';
    // The greeting is a few lines; everything from the first prompt on must stay as it was.
    const afterGreeting = (s: string): string => s.slice(s.indexOf('$ '));
    expect(afterGreeting(transcript)).toContain('$ kubectl get nodes\nNAME');
    await page.locator('.lang-toggle').click();
    await expect(text).toContainText('This cluster is paused and waiting for you');
    await expect(text).not.toContainText('这个集群已暂停');
    expect(afterGreeting((await text.textContent()) ?? '')).toBe(afterGreeting(transcript));
    await ui.expectInput('kubectl get po');
    expect(problems).toEqual([]);
  });

  test('on a phone every control can be reached, the rarer ones behind “more”; at 1280×720 one line as before', async ({ page }) => {
    const problems = watchConsole(page);
    const ui = app(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await ui.waitForBoot();
    const header = page.locator('header.app-header');
    const inView = async (id: string): Promise<void> => {
      const el = page.getByTestId(id);
      await expect(el, id).toBeVisible();
      const box = (await el.boundingBox())!;
      expect(box.x, id).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, id).toBeLessThanOrEqual(390);
    };

    // Nothing sideways: the header wraps instead of hiding controls past the right edge.
    const [scrollW, clientW] = (await page.evaluate(`[document.querySelector('header.app-header').scrollWidth, document.querySelector('header.app-header').clientWidth]`)) as number[];
    expect(scrollW).toBeLessThanOrEqual(clientW!);
    for (const id of ['open-lessons', 'open-drills', 'sim-clock', 'topology', 'scale-dial', 'share', 'header-more']) await inView(id);
    expect((await header.boundingBox())!.height).toBeLessThan(80);

    // The rest behind "more": each one on screen and named in words.
    const more = page.getByTestId('header-more');
    const rest = ['instructor-toggle', 'attach-open', 'presenter-toggle', 'open-audience', 'theme', 'shortcut-help-button'];
    await expect(page.getByTestId('theme')).toBeHidden();
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    for (const id of rest) await inView(id);
    await expect(page.locator('.lang-toggle')).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('open-audience')).toContainText('Open audience window');
    await expect(page.getByTestId('theme')).toContainText('Theme: Match the system');
    await page.screenshot({ path: 'test-results/screenshots/header-more-390x844.png' });
    // Escape closes it and gives the focus back to the button.
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('theme')).toBeHidden();
    await expect(more).toBeFocused();
    // A control used inside keeps it open (the language shows its effect), a press elsewhere closes it.
    await more.click();
    await page.locator('.lang-toggle').click();
    await expect(page.getByTestId('phone-tab-stage')).toHaveText('架构图');
    await expect(page.locator('.lang-toggle')).toBeVisible();
    await page.getByTestId('phone-tab-stage').click();
    await expect(page.locator('.lang-toggle')).toBeHidden();

    // The dial is usable there: it rebuilds the cluster.
    await dial(page, 10);
    await expect(page.getByTestId('scale-dial')).toHaveValue('10', { timeout: 60_000 });
    await inView('scale-dial');

    // 1280×720: the one-line header, every control in it, no "more" button.
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect(more).toBeHidden();
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(48);
    for (const id of ['open-lessons', 'open-drills', 'sim-clock', 'topology', 'scale-dial', 'share', ...rest]) {
      const box = (await page.getByTestId(id).boundingBox())!;
      expect(box.y + box.height, id).toBeLessThanOrEqual(48);
      expect(box.x + box.width, id).toBeLessThanOrEqual(1280);
    }
    // The words written out in the phone's panel are not on the desktop's icon buttons.
    await expect(page.getByTestId('theme').locator('.more-label')).toBeHidden();
    expect(problems).toEqual([]);
  });
});
