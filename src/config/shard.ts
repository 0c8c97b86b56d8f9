/** One slice of a run spread over a job matrix: `index` of `count`, 1-based as `--shard 2/4` writes it. */
export interface Shard {
  index: number;
  count: number;
}

/**
 * `--shard K/N` and the action's `shard` input: whole numbers with 1 ≤ K ≤ N. `1/1` is a whole run,
 * and is the same as no shard at all.
 */
export function parseShard(text: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!match) throw new Error(`'${text}' is not K/N (this job's slice K of N, e.g. 2/4 or \${{ matrix.shard }}/4)`);
  const [index, count] = [Number(match[1]), Number(match[2])];
  if (count < 1 || index < 1 || index > count || !Number.isSafeInteger(count)) {
    throw new Error(`'${text}' is not K/N with 1 ≤ K ≤ N: shards are numbered from 1 to their count`);
  }
  return { index, count };
}
