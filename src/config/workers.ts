import { availableParallelism } from 'node:os';

/** Workers per core at most: each is an EVM with its own heap, and more only contend for the core. */
const WORKERS_PER_CORE = 4;

/**
 * Worker threads per campaign, as `--workers` and the action's `workers` input give it: a whole
 * number from 1 to four per core of this machine (more would run out of memory before they ran faster).
 */
export function parseWorkers(text: string, cores: number = availableParallelism()): number {
  const value = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || value < 1 || !Number.isSafeInteger(value)) {
    throw new Error(`'${text}' is not a number of worker threads (a whole number, at least 1)`);
  }
  const most = cores * WORKERS_PER_CORE;
  if (value > most) {
    throw new Error(
      `${value} worker threads is more than ${most} (${WORKERS_PER_CORE} per core on this ${cores}-core machine): each runs an EVM with its own memory`,
    );
  }
  return value;
}
