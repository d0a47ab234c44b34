/** procps-ng's `watch` command line: shared with the node's watch (engine/node-shell/watch.ts), so it lives in src/k8s. */
export * from '../../k8s/procps-watch-options';
