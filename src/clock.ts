/** Wall-clock time in ms, injected so the search itself never reads the clock directly. */
export type Clock = () => number;

export const systemClock: Clock = () => performance.now();
