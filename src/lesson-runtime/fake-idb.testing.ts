/**
 * IndexedDB for one test file, and only for it. Test files share their worker's globals
 * (vitest.config.ts: isolate: false), and `fake-indexeddb/auto` alone would leave a database
 * installed for every file after it: a later file's ProgressStore would then find progress saved
 * by another file's lessons instead of the empty in-memory store a page without IndexedDB gets.
 * So each test gets a factory of its own, and the file removes `indexedDB` when it ends (the
 * IDB* classes the import defines stay: without `indexedDB` nothing opens a database).
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeEach } from 'vitest';

export function useFakeIndexedDB(): void {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
  });
  afterAll(() => {
    Reflect.deleteProperty(globalThis, 'indexedDB');
  });
}
