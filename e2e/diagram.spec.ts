import { readFileSync, statSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { app, watchConsole } from './app';

async function boot(page: Page) {
  const problems = watchConsole(page);
  await page.goto('/');
  const ui = app(page);
  await ui.waitForBoot();
  const diagram = page.getByTestId('architecture');
  // Every machine box says Ready (kubectl's STATUS, from the Node objects).
  await expect(diagram.locator('.react-flow__node-machine .cond-Ready')).toHaveCount(4, { timeout: 20_000 });
  return { ui, problems, diagram };
}

/** Pauses playback if it is playing (the page may open either way). */
async function pause(page: Page): Promise<void> {
  const button = page.getByTestId('play-pause');
  if (/Pause/.test((await button.textContent()) ?? '')) await button.click();
  await expect(button).toContainText('Play');
}

/** Plays if paused. */
async function play(page: Page): Promise<void> {
  const button = page.getByTestId('play-pause');
  if (/Play/.test((await button.textContent()) ?? '')) await button.click();
  await expect(button).toContainText('Pause');
}

test.describe('live architecture diagram', () => {
  test('draws the syllabus picture and opens a card with who leads and the queue depth', async ({ page }) => {
    const { problems, diagram } = await boot(page);
    await expect(diagram.getByTestId('diagram-etcd')).toContainText('raft leader');
    // cloud-controller-manager: a short state on the box, why in its tooltip.
    await expect(diagram.getByTestId('diagram-cloud-controller-manager')).toContainText('optional · not running');
    await expect(diagram.getByTestId('diagram-cloud-controller-manager')).toHaveAttribute('title', 'optional (not running: no cloud provider)');
    // Per-node agents are chips with short words; their full names are their accessible names.
    await expect(diagram.getByTestId('diagram-csi-node/node-1')).toContainText('CSI');
    await expect(diagram.getByTestId('diagram-csi-node/node-1').getByRole('button')).toHaveAccessibleName(/CSI node plugin on node-1 · Running/);
    // Node boxes show kubectl's STATUS and the control plane's taint.
    await expect(diagram.getByTestId('diagram-node:control-plane')).toContainText('Ready');
    await expect(diagram.getByTestId('diagram-node:control-plane')).toContainText('node-role.kubernetes.io/control-plane:NoSchedule');

    // kube-controller-manager's controllers are listed in its card, not on the diagram.
    await expect(diagram.getByTestId('diagram-kube-controller-manager')).not.toContainText('deployment-controller');
    await diagram.getByTestId('diagram-kube-controller-manager').getByRole('button').click();
    await expect(page.getByTestId('card-controllers')).toContainText('deployment-controller');
    await page.getByTestId('component-card').getByRole('button', { name: 'Close' }).click();

    await diagram.getByTestId('diagram-kube-scheduler').getByRole('button').click();
    const card = page.getByTestId('component-card');
    await expect(card.getByTestId('card-lease')).toContainText('Lease kube-system/kube-scheduler');
    await expect(card.getByTestId('card-lease')).toContainText('holderIdentity: control-plane_');
    await expect(card).toContainText('This instance holds the Lease');
    await expect(card.getByTestId('card-queue')).toContainText('Pods waiting in the scheduling queue: 0');
    await expect(card.getByTestId('card-health')).toContainText('No faults injected.');
    expect(problems).toEqual([]);
  });

  test('a message token travels after kubectl apply, and the latest hop’s edge is lit', async ({ page }) => {
    const { ui, problems, diagram } = await boot(page);
    // Paused and stepped, so each message is current long enough to see (while playing, the
    // rollout's first messages pass within a frame or two, and a loaded machine can miss them).
    await pause(page);
    const token = diagram.getByTestId('diagram-token').first().waitFor({ state: 'attached', timeout: 20_000 });
    await ui.run('kubectl apply -f go-api.yaml');
    await expect(ui.terminalOutput).toContainText('deployment.apps/go-api created');
    // kubectl's request to kube-apiserver is the current message: its edge is lit and a token flies.
    const lit = diagram.locator('.react-flow__edge.diagram-edge-lit');
    // Each message gets a moment to render (the diagram follows the moment at transition
    // priority) before the next step: a step past the lit one would land on a self-hop.
    for (let i = 0; i < 20; i++) {
      const shown = await expect
        .poll(() => lit.count(), { timeout: 2_000 })
        .toBeGreaterThan(0)
        .then(
          () => true,
          () => false,
        );
      if (shown) break;
      await page.getByTestId('step-forward').click();
    }
    await expect(lit.first()).toBeAttached();
    await token;
    await play(page);
    // At most one edge is lit; when the current message is a self-hop (an apiserver stage, a reconcile) its box is.
    expect(await diagram.locator('.react-flow__edge.diagram-edge-lit').count()).toBeLessThanOrEqual(1);
    await expect(diagram.locator('.react-flow__edge.diagram-edge-lit, .diagram-component.is-active, .diagram-agent.is-active').first()).toBeAttached();
    const pods = diagram.locator('.diagram-pod', { hasText: 'go-api-' });
    await expect(pods).toHaveCount(3, { timeout: 20_000 });
    await expect(pods.first()).toContainText('api: Running', { timeout: 20_000 });
    await page.screenshot({ path: 'test-results/screenshots/diagram.png', fullPage: true });
    expect(problems).toEqual([]);
  });

  test('with reduced motion nothing travels, the latest hop stays lit, and fit-to-view works from the keyboard', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const { problems, diagram } = await boot(page);
    // Count every token the page ever draws, even one that lives for a frame: a later count of
    // zero alone could miss it. (e2e/ is typed without the DOM library, hence the structural types.)
    await page.evaluate(() => {
      type Added = { matches?(selector: string): boolean; querySelectorAll?(selector: string): { length: number } };
      const g = globalThis as unknown as {
        tokensDrawn: number;
        document: { body: unknown };
        MutationObserver: new (cb: (records: { addedNodes: ArrayLike<Added> }[]) => void) => { observe(target: unknown, options: object): void };
      };
      const TOKEN = '[data-testid="diagram-token"]';
      g.tokensDrawn = 0;
      new g.MutationObserver((records) => {
        for (const r of records) for (const n of Array.from(r.addedNodes)) g.tokensDrawn += (n.matches?.(TOKEN) ? 1 : 0) + (n.querySelectorAll?.(TOKEN).length ?? 0);
      }).observe(g.document.body, { childList: true, subtree: true });
    });
    // Stopping a component makes the cluster talk (the fault, then the kubelet's and leases' traffic).
    await diagram.getByTestId('diagram-kube-proxy/node-1').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Stop kube-proxy/node-1' }).click();
    await play(page);
    await expect(diagram.locator('.react-flow__edge.diagram-edge-lit, .diagram-component.is-active, .diagram-agent.is-active, .diagram-machine.is-active').first()).toBeAttached({ timeout: 20_000 });
    // Play 5 more simulated seconds (Lease renewals every 2 s, node heartbeats: with motion on,
    // each request sends a token), then check none travelled. The scrubber's value is the time shown.
    const scrubber = page.getByTestId('scrubber');
    const from = Number(await scrubber.inputValue());
    await expect.poll(async () => Number(await scrubber.inputValue()), { timeout: 15_000 }).toBeGreaterThanOrEqual(from + 5_000);
    expect(await page.evaluate(() => (globalThis as unknown as { tokensDrawn: number }).tokensDrawn)).toBe(0);
    await expect(diagram.getByTestId('diagram-token')).toHaveCount(0);

    const fit = page.getByRole('button', { name: 'Fit the whole diagram in view' });
    await fit.focus();
    await expect(fit).toBeFocused();
    await page.keyboard.press('Enter');
    expect(problems).toEqual([]);
  });

  test('exports the diagram as PNG and SVG', async ({ page }) => {
    const { problems } = await boot(page);
    for (const format of ['PNG', 'SVG']) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Download the diagram as ${format}` }).click()]);
      expect(download.suggestedFilename()).toBe(`reconcile-architecture.${format.toLowerCase()}`);
      const file = await download.path();
      expect(statSync(file).size).toBeGreaterThan(1000);
      if (format === 'SVG') {
        const svg = readFileSync(file, 'utf8');
        expect(svg).toContain('kube-apiserver');
        // Edges keep their stroke in the picture.
        expect(svg).toMatch(/class="react-flow__edge-path"[^>]*style="[^"]*stroke:|style="[^"]*stroke:[^"]*"[^>]*class="react-flow__edge-path"/);
      }
    }
    expect(problems).toEqual([]);
  });

  test('stops and restarts kube-scheduler from its context menu, by mouse and by keyboard', async ({ page }) => {
    const { problems, diagram } = await boot(page);
    await play(page);
    const scheduler = diagram.getByTestId('diagram-kube-scheduler');
    await expect(scheduler).toContainText('Running');

    await scheduler.click({ button: 'right' });
    const menu = page.getByRole('menu', { name: 'Faults for kube-scheduler' });
    await expect(menu.getByRole('menuitem', { name: 'Stop kube-scheduler' })).toBeFocused();
    await menu.getByRole('menuitem', { name: 'Stop kube-scheduler' }).click();
    await expect(menu).toHaveCount(0);
    await expect(scheduler).toContainText('Stopped', { timeout: 20_000 });

    // The card says so in words too.
    await scheduler.getByRole('button').click();
    await expect(page.getByTestId('card-health')).toContainText('Active faults: kube-scheduler');

    // Keyboard: focus the component, Shift+F10 opens the menu, Enter restarts it.
    await scheduler.getByRole('button').focus();
    await page.keyboard.press('Shift+F10');
    await expect(page.getByRole('menuitem', { name: 'Restart kube-scheduler' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(scheduler).toContainText('Running', { timeout: 20_000 });
    await expect(page.getByTestId('card-health')).toContainText('No faults injected.', { timeout: 20_000 });
    await page.getByTestId('component-card').getByRole('button', { name: 'Close' }).click();

    // Node boxes offer machine-level faults from their "⋯" button; Escape returns focus to it.
    await page.getByRole('button', { name: 'Faults for node-2' }).click();
    await expect(page.getByRole('menuitem', { name: 'Partition node-2 from the network' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Faults for node-2' })).toBeFocused();
    expect(problems).toEqual([]);
  });
});
