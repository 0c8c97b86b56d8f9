import { Heap } from 'heap-js';

/** Three numbers compared lexicographically: the smallest is the minimum. */
export type Rank = readonly [number, number, number];

interface Item<K> {
  key: K;
  rank: Rank;
  version: number;
}

/**
 * The key of least rank among keys whose ranks rise on their own (hits and picks only grow): a heap
 * of ranks as they were when pushed, corrected when one reaches the top, so a pick costs a logarithm
 * of the keys, not a scan of them. A rank may rise without telling; a key whose rank falls, or that
 * is new, must be `refresh`ed, and one that is gone `remove`d.
 */
export class LazyMin<K> {
  private readonly heap = new Heap<Item<K>>((a, b) => compareRanks(a.rank, b.rank));
  /** A key's current item is its last pushed: the others are dropped when they reach the top. */
  private readonly versions = new Map<K, number>();

  constructor(private readonly rankOf: (key: K) => Rank) {}

  refresh(key: K): void {
    const version = (this.versions.get(key) ?? 0) + 1;
    this.versions.set(key, version);
    this.heap.push({ key, rank: this.rankOf(key), version });
  }

  remove(key: K): void {
    this.versions.set(key, (this.versions.get(key) ?? 0) + 1);
  }

  /** The key of least rank now, and that rank; it stays in. */
  min(): { key: K; rank: Rank } | undefined {
    for (let top = this.heap.peek(); top !== undefined; top = this.heap.peek()) {
      if (top.version !== this.versions.get(top.key)) {
        this.heap.pop();
        continue;
      }
      const rank = this.rankOf(top.key);
      if (compareRanks(rank, top.rank) === 0) return top;
      // It rose since it was pushed: back in at its rank now.
      this.heap.pop();
      this.refresh(top.key);
    }
    return undefined;
  }
}

function compareRanks(a: Rank, b: Rank): number {
  // Called most of any function here: no loop over a rank's few numbers.
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}
