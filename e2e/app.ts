/**
 * Page-object helpers for the smoke tests: how to reach each part of the app, in one place.
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

export function app(page: Page) {
  const nodeTable = page.getByTestId('node-list');
  const input = page.locator('input.terminal-input');
  return {
    nodeTable,
    nodeRows: nodeTable.locator('tbody tr'),
    terminalOutput: page.getByTestId('terminal-output'),
    input,
    async run(line: string) {
      await input.fill(line);
      await input.press('Enter');
    },
    async waitForBoot() {
      await expect(page.getByTestId('sim-clock')).toBeVisible();
    },
  };
}
