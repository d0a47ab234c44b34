/**
 * kubernetes_build_info, which every component of a release registers (component-base's
 * version metric): the binary's version.Get(), the same for kube-apiserver and the kubelet here.
 */
import { BUILD_INFO, GIT_VERSION, MAJOR, MINOR } from '../../k8s/version';
import type { MetricFamily } from './exposition';

/** kubernetes_build_info: version.Get() of the binary, shared by every component of the release. */
export function buildInfo(): MetricFamily {
  return {
    name: 'kubernetes_build_info',
    help: "A metric with a constant '1' value labeled by major, minor, git version, git commit, git tree state, build date, Go version, and compiler from which Kubernetes was built, and platform on which it is running.",
    stability: 'BETA',
    type: 'gauge',
    samples: [
      {
        labels: [
          ['build_date', BUILD_INFO.buildDate],
          ['compiler', BUILD_INFO.compiler],
          ['git_commit', BUILD_INFO.gitCommit],
          ['git_tree_state', BUILD_INFO.gitTreeState],
          ['git_version', GIT_VERSION],
          ['go_version', BUILD_INFO.goVersion],
          ['major', MAJOR],
          ['minor', MINOR],
          ['platform', BUILD_INFO.platform],
        ],
        value: 1,
      },
    ],
  };
}
