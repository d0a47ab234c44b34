/**
 * Data kubectl reads synchronously but the page should not wait for: a JSON file on a chunk of
 * its own, fetched by a dynamic import that whoever can afford to wait starts (the worker once the
 * cluster is ready, the headless runner and the tests before they run). Commands stay synchronous:
 * `get()` is undefined until the chunk is in, and each reader says what it prints meanwhile.
 * explain's descriptions (explain/load.ts) and the per-command help (help/load.ts) are two such
 * chunks; each module passes its own literal `import()`, which is what makes the bundler split it.
 */
export interface LazyChunk<T> {
  /** The data, once loaded. */
  get: () => T | undefined;
  /** Starts the load (once) and resolves with the data. */
  load: () => Promise<T>;
}

export function lazyChunk<T>(importer: () => Promise<T>): LazyChunk<T> {
  let data: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    get: () => data,
    load: () => (loading ??= importer().then((d) => (data = d))),
  };
}
