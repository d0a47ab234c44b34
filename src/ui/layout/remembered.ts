/** Small per-user layout choices (the open dock tab, the welcome seen), kept in localStorage when allowed. */
export function readChoice(key: string): string | undefined {
  try {
    return window.localStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

export function writeChoice(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not remembered, but still applied.
  }
}
