/**
 * The architecture diagram as the readable centre of the stage (issue #9): at the default view no
 * text in the picture is drawn under 12 px (computed font size × the viewport's zoom), the basic
 * cluster fits whole at 1280×720, a bigger one keeps its size and gets an overview map, a token's
 * label never covers a box's words, and a lesson step's focus and a node prediction show on it.
 * Screenshots of each go to test-results/screenshots/.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { app, watchConsole } from './app';

interface TextSize {
  text: string;
  px: number;
}

/** Every text in the picture with the size it is drawn at; runs in the page (e2e is typed without the DOM library). */
const MEASURE = `(() => {
  const vp = document.querySelector('[data-testid="architecture"] .react-flow__viewport');
  const scale = new DOMMatrixReadOnly(getComputedStyle(vp).transform).a;
  const texts = [];
  const walk = document.createTreeWalker(vp, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const text = n.textContent.trim();
    if (!text) continue;
    texts.push({ text: text.slice(0, 60), px: parseFloat(getComputedStyle(n.parentElement).fontSize) * scale });
  }
  return { scale, texts };
})()`;

const MIN_PX = 12;

async function expectReadable(page: Page, label: string): Promise<number> {
  const { scale, texts } = (await page.evaluate(MEASURE)) as { scale: number; texts: TextSize[] };
  expect(texts.length, `${label}: the diagram has text`).toBeGreaterThan(20);
  const small = texts.filter((t) => t.px < MIN_PX - 0.01).map((t) => `${t.text} (${t.px.toFixed(2)} px)`);
  expect(small, `${label}: text under ${MIN_PX} px at zoom ${scale}`).toEqual([]);
  return scale;
}

/** Whether every box of the picture lies inside the canvas. */
async function wholeInView(page: Page): Promise<boolean> {
  const canvas = (await page.getByTestId('architecture').boundingBox())!;
  const boxes = await page.getByTestId('architecture').locator('.react-flow__node').evaluateAll((els) =>
    els.map((e) => {
      const r = (e as unknown as { getBoundingClientRect(): { x: number; y: number; width: number; height: number } }).getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height };
    }),
  );
  return boxes.every((b) => b.x >= canvas.x - 1 && b.y >= canvas.y - 1 && b.x + b.w <= canvas.x + canvas.width + 1 && b.y + b.h <= canvas.y + canvas.height + 1);
}

async function boot(page: Page, search = '', nodes = 4) {
  const problems = watchConsole(page);
  await page.goto(`/${search}`);
  const ui = app(page);
  await ui.waitForBoot();
  const diagram = page.getByTestId('architecture');
  await expect(diagram.locator('.react-flow__node-machine .cond-Ready')).toHaveCount(nodes, { timeout: 20_000 });
  return { ui, problems, diagram };
}

/** Pauses playback if it is playing (the page may open either way). */
async function pause(page: Page): Promise<void> {
  const button = page.getByTestId('play-pause');
  if (/Pause/.test((await button.textContent()) ?? '')) await button.click();
  await expect(button).toContainText('Play');
}

test.describe('the stage’s diagram', () => {
  test('at 1280×720 the basic cluster is in view whole and nothing in it is under 12 px, with its Pods', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const { ui, problems, diagram } = await boot(page);
    const canvas = (await diagram.boundingBox())!;
    test.info().annotations.push({ type: 'canvas', description: `${Math.round(canvas.width)}×${Math.round(canvas.height)}` });
    await expectReadable(page, 'booted');
    expect(await wholeInView(page)).toBe(true);
    await expect(diagram.locator('.react-flow__minimap')).toHaveCount(0);
    // kube-apiserver is the hub: the control plane's centre, its edges from every component.
    const api = (await diagram.getByTestId('diagram-kube-apiserver').boundingBox())!;
    const cp = (await diagram.getByTestId('diagram-node:control-plane').boundingBox())!;
    expect(api.x + api.width / 2).toBeGreaterThan(cp.x + cp.width / 3);
    expect(api.x + api.width / 2).toBeLessThan(cp.x + (2 * cp.width) / 3);
    await page.screenshot({ path: 'test-results/screenshots/stage-basic-1280x720.png' });

    await ui.run('kubectl apply -f go-api.yaml');
    await expect(ui.terminalOutput).toContainText('deployment.apps/go-api created');
    const play = page.getByTestId('play-pause');
    if (/Play/.test((await play.textContent()) ?? '')) await play.click();
    const pods = diagram.locator('.diagram-pod', { hasText: 'go-api-' });
    await expect(pods.filter({ hasText: 'Running' })).toHaveCount(3, { timeout: 30_000 });
    await expectReadable(page, 'with go-api');
    expect(await wholeInView(page)).toBe(true);
    await page.screenshot({ path: 'test-results/screenshots/stage-basic-go-api-1280x720.png' });
    expect(problems).toEqual([]);
  });

  test('a message token travels on its edge, and its label covers no box’s words', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const { ui, problems, diagram } = await boot(page);
    await pause(page);
    await ui.run('kubectl apply -f go-api.yaml');
    await expect(ui.terminalOutput).toContainText('deployment.apps/go-api created');
    // Collect every label the page draws with the boxes of words it must not cover, as it is drawn.
    await page.evaluate(`(() => {
      window.labelHits = [];
      const words = '.react-flow__node-component, .react-flow__node-agent, .react-flow__node-pod, .react-flow__node-system, .react-flow__node-caption, .diagram-machine-title, .diagram-machine-menu, .diagram-taint span, .diagram-machine-faults';
      new MutationObserver(() => {
        for (const l of document.querySelectorAll('.diagram-token-label')) {
          const r = l.getBoundingClientRect();
          for (const w of document.querySelectorAll(words)) {
            const b = w.getBoundingClientRect();
            const x = Math.min(r.right, b.right) - Math.max(r.left, b.left);
            const y = Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top);
            if (x > 1 && y > 1) window.labelHits.push(l.textContent + ' over ' + (w.textContent || '').slice(0, 30));
          }
        }
      }).observe(document.querySelector('[data-testid="architecture"]'), { childList: true, subtree: true });
    })()`);
    const lit = diagram.locator('.react-flow__edge.diagram-edge-lit');
    let flights = 0;
    let litSeen = 0;
    for (let i = 0; i < 40 && flights < 8; i++) {
      await page.getByTestId('step-forward').click();
      if (await lit.count()) litSeen++;
      if (await diagram.getByTestId('diagram-token').count()) {
        flights++;
        await expectReadable(page, `token ${i}`);
      }
    }
    expect(flights).toBeGreaterThan(0);
    expect(litSeen).toBeGreaterThan(0);
    expect(await page.evaluate('window.labelHits')).toEqual([]);
    await page.screenshot({ path: 'test-results/screenshots/stage-token-1280x720.png' });
    expect(problems).toEqual([]);
  });

  test('ha: readable at 1280×720 with an overview map, whole at 1440×900', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const { problems, diagram } = await boot(page, '?topology=ha', 6);
    await expectReadable(page, 'ha at 1280×720');
    await expect(diagram.locator('.react-flow__minimap')).toBeVisible();
    // The control plane is in view at its readable size.
    const canvas = (await diagram.boundingBox())!;
    const cp = (await diagram.getByTestId('diagram-kube-apiserver-1').boundingBox())!;
    expect(cp.y + cp.height).toBeLessThanOrEqual(canvas.y + canvas.height);
    await page.screenshot({ path: 'test-results/screenshots/stage-ha-1280x720.png' });

    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(diagram.locator('.react-flow__minimap')).toHaveCount(0);
    await expectReadable(page, 'ha at 1440×900');
    expect(await wholeInView(page)).toBe(true);
    await page.screenshot({ path: 'test-results/screenshots/stage-ha-1440x900.png' });
    expect(problems).toEqual([]);
  });

  test('on a phone the diagram tab is readable and pans from the control plane down', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { problems, diagram } = await boot(page);
    await expect(diagram).toBeVisible();
    await expectReadable(page, 'phone');
    await expect(diagram.getByTestId('diagram-kube-apiserver')).toBeInViewport();
    // No overview map over the machines: a finger pans the diagram itself.
    await expect(diagram.locator('.react-flow__minimap')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screenshots/stage-basic-390x844.png' });
    await page.goto('/?topology=ha');
    await expect(diagram.locator('.react-flow__node-machine .cond-Ready')).toHaveCount(6, { timeout: 20_000 });
    await expectReadable(page, 'phone ha');
    await expect(diagram.locator('.react-flow__minimap')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screenshots/stage-ha-390x844.png' });
    expect(problems).toEqual([]);
  });

  test('a lesson step’s focus is ringed, and a node prediction is answered by clicking the machine', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 720 });
    const { problems, diagram } = await boot(page);
    await page.getByTestId('open-lessons').click();
    await page.getByTestId('lesson-catalog').getByTestId('start-01-cluster-at-a-glance').click();
    const panel = page.getByTestId('lesson-panel');
    await expect(panel).toHaveAttribute('data-step', 'intro', { timeout: 60_000 });

    // The intro points at kube-apiserver and kubelet/node-1: ringed; the rest dimmed.
    await expect(diagram).toHaveClass(/has-focus/);
    await expect(diagram.getByTestId('diagram-kube-apiserver')).toHaveClass(/is-focus/);
    await expect(diagram.getByTestId('diagram-kubelet/node-1')).toHaveClass(/is-focus/);
    await expect(diagram.getByTestId('diagram-etcd')).not.toHaveClass(/is-focus/);
    await expectReadable(page, 'lesson focus');
    await page.screenshot({ path: 'test-results/screenshots/stage-lesson-focus-1280x720.png' });

    for (const step of ['intro', 'nodes']) {
      await expect(panel).toHaveAttribute('data-step', step, { timeout: 60_000 });
      await expect(panel.getByTestId('lesson-next')).toBeEnabled({ timeout: 60_000 });
      await panel.getByTestId('lesson-next').click();
    }
    await expect(panel).toHaveAttribute('data-step', 'where-scheduler', { timeout: 60_000 });
    await expect(panel).toHaveAttribute('data-phase', 'asking', { timeout: 60_000 });
    // Every machine is a choice; the keyboard reaches it; choosing one selects it in the panel too.
    const choose = (host: string) => diagram.getByTestId(`diagram-node:${host}`).locator('.diagram-machine-choose');
    await expect(diagram.locator('.diagram-machine.is-choice')).toHaveCount(4);
    await choose('node-1').focus();
    await page.keyboard.press('Enter');
    await expect(panel.locator('input[value="node-1"]')).toBeChecked();
    await choose('control-plane').click();
    await expect(choose('control-plane')).toHaveAttribute('aria-pressed', 'true');
    await expect(choose('node-1')).toHaveAttribute('aria-pressed', 'false');
    await expect(panel.locator('input[value="control-plane"]')).toBeChecked();
    await expect(diagram.locator('.diagram-machine.is-chosen')).toHaveCount(1);
    const axe = await new AxeBuilder({ page }).include('[data-testid="architecture"]').disableRules(['target-size']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.screenshot({ path: 'test-results/screenshots/stage-lesson-choice-1280x720.png' });
    expect(problems).toEqual([]);
  });
});
