/** Helpers shared by several plugins (pkg/scheduler/framework/plugins/helper; toleration matching is src/k8s/tolerations.ts). */
import { MAX_NODE_SCORE, type Scores } from '../framework';

/** helper.DefaultNormalizeScore: scale to 0..100 by the maximum; `reverse` makes fewer better. */
export function defaultNormalizeScore(scores: Scores, reverse: boolean): void {
  let maxCount = 0;
  for (const s of scores) if (s > maxCount) maxCount = s;
  if (maxCount === 0) {
    if (reverse) scores.fill(MAX_NODE_SCORE);
    return;
  }
  for (let i = 0; i < scores.length; i++) {
    let s = Math.trunc((MAX_NODE_SCORE * scores[i]!) / maxCount);
    if (reverse) s = MAX_NODE_SCORE - s;
    scores[i] = s;
  }
}
