/**
 * Page-object helpers for the end-to-end tests: how to reach each part of the app, in one place.
 */
import { expect, type ConsoleMessage, type Page } from '@playwright/test';

/** Collects console errors and uncaught page errors; a healthy page produces none. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

/** The dock's tabs under the stage (src/ui/layout/layout-store.ts). */
export type DockTab = 'terminal' | 'editor' | 'inspector' | 'events' | 'traffic' | 'lists';

/** Opens a dock tab (its content loads on first use). */
export async function openTab(page: Page, tab: DockTab): Promise<void> {
  const button = page.getByTestId(`dock-tab-${tab}`);
  if ((await button.getAttribute('aria-selected')) !== 'true') await button.click();
  await expect(button).toHaveAttribute('aria-selected', 'true');
}

export function app(page: Page) {
  const nodeTable = page.getByTestId('node-list');
  /**
   * The xterm terminal: `data-state` is ready (prompt shown), running or waiting; `data-input` is
   * the line at the prompt. Its text is read from `terminal-text`, a plain mirror of the
   * transcript, because xterm stops drawing rows while the page has it scrolled out of view.
   */
  const terminal = page.getByTestId('terminal-output');
  const terminalText = page.getByTestId('terminal-text');
  const editor = page.getByTestId('yaml-editor');
  const focusTerminal = async (): Promise<void> => {
    await openTab(page, 'terminal');
    await terminal.locator('.xterm-helper-textarea').focus();
  };
  /** Pastes text into the terminal the way the browser does (a paste event on xterm's input). */
  const paste = async (text: string): Promise<void> => {
    await focusTerminal();
    await terminal.locator('.xterm-helper-textarea').evaluate((el, t) => {
      // Runs in the page; e2e/ is typed without the DOM library, hence the structural types.
      const w = globalThis as unknown as {
        DataTransfer: new () => { setData(format: string, data: string): void };
        ClipboardEvent: new (type: string, init: object) => object;
      };
      const data = new w.DataTransfer();
      data.setData('text/plain', t);
      (el as unknown as { dispatchEvent(e: object): boolean }).dispatchEvent(new w.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
  };
  return {
    /** Opens a dock tab: the terminal, the editor, the inspector, events, instructor, traffic, or the node and Pod lists. */
    openTab: (tab: DockTab) => openTab(page, tab),
    nodeTable,
    nodeRows: nodeTable.locator('tbody tr'),
    terminal,
    /** Everything the terminal printed, as plain text. */
    terminalOutput: terminalText,
    /** The screen-reader announcement of the last finished command. */
    announcer: page.getByTestId('terminal-announcer'),
    focusTerminal,
    /** Expects the prompt to be up with exactly `line` typed. */
    async expectInput(line: string) {
      await expect(terminal).toHaveAttribute('data-input', line);
    },
    /** Types into the terminal (keys, not a fill: xterm reads key events). */
    async type(text: string) {
      await focusTerminal();
      await page.keyboard.type(text);
    },
    /** Types a line key by key, then Enter (bash's `> ` continuation lines are typed this way). */
    async typeLine(text: string) {
      await focusTerminal();
      await page.keyboard.type(text);
      await page.keyboard.press('Enter');
    },
    async press(key: string) {
      await focusTerminal();
      await page.keyboard.press(key);
    },
    /** Pastes text into the terminal the way the browser does (a paste event on xterm's input). */
    paste,
    /**
     * Waits for the prompt, then runs a line. The line is pasted, then Enter typed: typing itself
     * is tested through `type`, and forty keystrokes round-tripped to a page that is playing a
     * cluster cost seconds per command.
     */
    async run(line: string) {
      await openTab(page, 'terminal');
      await expect(terminal).toHaveAttribute('data-state', 'ready');
      await paste(line);
      await expect(terminal).toHaveAttribute('data-input', line);
      await page.keyboard.press('Enter');
    },
    async waitForPrompt() {
      await expect(terminal).toHaveAttribute('data-state', 'ready');
    },
    editor,
    editorStarter: editor.getByTestId('editor-starter'),
    editorCode: editor.locator('.cm-content'),
    editorApply: editor.getByTestId('editor-apply'),
    editorProblems: editor.getByTestId('editor-problems'),
    /** Replaces the editor's text (inserted as one edit, so the editor does not auto-indent it). */
    async setEditorText(text: string) {
      await editor.locator('.cm-content').click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.press('Delete');
      await page.keyboard.insertText(text);
    },
    async waitForBoot() {
      await expect(page.getByTestId('sim-clock')).toBeVisible();
      await expect(page.getByTestId('playback')).toBeVisible();
    },
  };
}

/** The object inspector (tree + object view) and the live events table. */
export function inspector(page: Page) {
  const panel = page.getByTestId('inspector');
  const tree = panel.getByRole('tree', { name: 'Cluster objects' });
  const view = panel.getByTestId('object-view');
  const events = page.getByTestId('events');
  return {
    panel,
    tree,
    /** A tree item by its accessible name (`Pod go-api-… Running`). */
    item: (name: RegExp) => tree.getByRole('treeitem', { name }),
    /** The shown children of the item for storage key `key` (the tree is flat, with aria-level). */
    children: (key: string) => tree.locator(`[role="treeitem"][data-parent="${key}"]`),
    view,
    yaml: view.getByTestId('object-yaml'),
    lastWrite: view.getByTestId('last-write'),
    history: view.getByTestId('write-history'),
    events,
    eventRows: events.getByTestId('events-table').locator('tbody tr'),
    eventsNamespace: events.getByTestId('events-namespace'),
  };
}

/** The instructor console (src/ui/instructor): fault toggles, presets, the symptoms card. */
export function instructor(page: Page) {
  const panel = page.getByTestId('instructor-console');
  return {
    panel,
    /** Opens the console beside the diagram (the header's Instructor switch). */
    async open() {
      const toggle = page.getByTestId('instructor-toggle');
      if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
      await expect(panel).toBeVisible();
    },
    /** Everything active at the moment shown, in words. */
    active: panel.getByTestId('ic-active'),
    /** One target's row: its name, its state in words and its toggle. */
    target: (name: string) => panel.getByTestId(`ic-target-${name}`),
    /** A toggle by its accessible name (`Stop kube-scheduler`, `Recover kubelet/node-2`). */
    toggle: (name: string) => panel.getByRole('button', { name, exact: true }),
    /** Unfolds a machine's group (`node:node-2`) or the message faults (`messages`). */
    async openGroup(key: string) {
      const group = panel.getByTestId(`ic-group-${key}`);
      if ((await group.getAttribute('open')) === null) await group.locator('summary').click();
    },
    preset: (id: string) => panel.getByTestId(`ic-preset-${id}`),
    symptoms: page.getByTestId('symptoms-card'),
    symptom: (id: string) => page.getByTestId(`symptom-${id}`),
  };
}

/** The transport bar: speed and the jump back to the live edge after a fast-forward. */
export function playback(page: Page) {
  return {
    async setSpeed(x: number) {
      await page.getByTestId('speed').selectOption(String(x));
    },
    /**
     * After `sim advance`, the worker is ahead of the playhead: show the newest moment. The
     * button appears once the worker's answer arrived, unless playback already caught up.
     */
    async toLive() {
      const live = page.getByTestId('to-live');
      const shown = await live.waitFor({ state: 'visible', timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      // The button goes away by itself when the playhead reaches the edge first: then nothing to do.
      if (shown) await live.click({ timeout: 5_000 }).catch(() => undefined);
      await expect(page.getByTestId('live')).toBeVisible({ timeout: 20_000 });
    },
    /** Starts playing (the page opens paused, and so does a reloaded link); nothing if it plays already. */
    async play() {
      const button = page.getByTestId('play-pause');
      if (!(await button.innerText()).includes('Pause')) await button.click();
      await expect(button).toContainText('Pause');
    },
    /**
     * A reloaded link shows the moment it was written at (every 2 s while playing), which may be
     * before the last line's end: go to the live edge and play, so that line ends.
     */
    async afterReload() {
      await this.toLive();
      await this.play();
    },
    faultMarkers: page.getByTestId('fault-markers'),
  };
}
