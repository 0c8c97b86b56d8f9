/** Numbers and durations as people read them: thousands separators, seconds and minutes. */

/** `23,587` */
export function count(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** `0.4 s`, `11.2 s`, `3 min 5 s`, `1 h 2 min`. */
export function duration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
  const totalSeconds = Math.round(seconds);
  const minutes = Math.floor(totalSeconds / 60);
  if (minutes < 60) return totalSeconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${totalSeconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/** `2 min`, `50,000 transactions`, `unlimited`. */
export function budgetText(budget: { seconds: number | null; executions: number | null }): string {
  if (budget.executions !== null) return `${count(budget.executions)} transactions`;
  return budget.seconds !== null ? duration(budget.seconds * 1000) : 'unlimited';
}

export function plural(n: number, noun: string): string {
  return `${count(n)} ${noun}${n === 1 ? '' : 's'}`;
}
