/**
 * A binary min-heap over a plain array (so it lives inside the World and survives
 * structuredClone). `less` must be a strict weak order; ties are the caller's to break.
 */
export function heapPush<T>(h: T[], item: T, less: (a: T, b: T) => boolean): void {
  h.push(item);
  let i = h.length - 1;
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (!less(h[i]!, h[p]!)) break;
    [h[i], h[p]] = [h[p]!, h[i]!];
    i = p;
  }
}

export function heapPop<T>(h: T[], less: (a: T, b: T) => boolean): T | undefined {
  const top = h[0];
  const last = h.pop();
  if (h.length > 0 && last !== undefined) {
    h[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && less(h[l]!, h[m]!)) m = l;
      if (r < h.length && less(h[r]!, h[m]!)) m = r;
      if (m === i) break;
      [h[i], h[m]] = [h[m]!, h[i]!];
      i = m;
    }
  }
  return top;
}
