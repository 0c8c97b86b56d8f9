/** Worker threads per campaign, as `--workers` and the action's `workers` input give it: a whole number, at least 1. */
export function parseWorkers(text: string): number {
  const value = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || value < 1 || !Number.isSafeInteger(value)) {
    throw new Error(`'${text}' is not a number of worker threads (a whole number, at least 1)`);
  }
  return value;
}
