/**
 * The example manifests a learner can `kubectl apply -f` in the browser, bundled as text and
 * handed to the worker as virtual files (keyed by file name).
 */
const modules = import.meta.glob<string>('../../examples/manifests/*.yaml', { query: '?raw', import: 'default', eager: true });

export const EXAMPLE_FILES: Record<string, string> = Object.fromEntries(
  Object.entries(modules).map(([path, text]) => [path.slice(path.lastIndexOf('/') + 1), text]),
);
