/** The priority queue of the edge router's A* search (route.ts). */
/** A min-heap of state indices keyed by f-cost (ties by insertion order, so results are deterministic). */
export class Heap {
  private keys: number[] = [];
  private vals: number[] = [];
  private seqs: number[] = [];
  private n = 0;
  get size(): number {
    return this.vals.length;
  }
  push(key: number, val: number): void {
    const seq = this.n++;
    let i = this.vals.length;
    this.keys.push(key);
    this.vals.push(val);
    this.seqs.push(seq);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.keys[p]! < key || (this.keys[p] === key && this.seqs[p]! < seq)) break;
      this.keys[i] = this.keys[p]!;
      this.vals[i] = this.vals[p]!;
      this.seqs[i] = this.seqs[p]!;
      i = p;
    }
    this.keys[i] = key;
    this.vals[i] = val;
    this.seqs[i] = seq;
  }
  pop(): number {
    const top = this.vals[0]!;
    const key = this.keys.pop()!;
    const val = this.vals.pop()!;
    const seq = this.seqs.pop()!;
    const n = this.vals.length;
    if (!n) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && (this.keys[r]! < this.keys[l]! || (this.keys[r] === this.keys[l] && this.seqs[r]! < this.seqs[l]!)) ? r : l;
      if (key < this.keys[c]! || (key === this.keys[c] && seq < this.seqs[c]!)) break;
      this.keys[i] = this.keys[c]!;
      this.vals[i] = this.vals[c]!;
      this.seqs[i] = this.seqs[c]!;
      i = c;
    }
    this.keys[i] = key;
    this.vals[i] = val;
    this.seqs[i] = seq;
    return top;
  }
}
