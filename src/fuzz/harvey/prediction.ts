import type { Cost, CostId, CostVector } from './costs.js';
import { domainRange, type NumericDomain, type NumericSite } from './numericSite.js';
import type { Rng } from '../../rng.js';

export { diffSingleNumeric, holds, readNumeric, withNumeric, type NumericSite } from './numericSite.js';

/** One (input, signed cost) observation of the metric being minimized. */
export interface SecantPoint {
  x: bigint;
  residual: bigint;
}

/** A predicted value for one numeric site, aimed at zeroing one cost metric. */
export interface Prediction {
  site: NumericSite;
  value: bigint;
  metric: CostId;
  /** Where the metric was in the vector it was predicted from: where a run of the predicted input most likely has it too. */
  metricAt: number;
  /** The caller's `prefer` accepted the metric (e.g. a branch on a no-target-ahead prefix). */
  preferred: boolean;
  /** The metric's goal was not met by any input yet (a branch direction never taken). */
  uncovered: boolean;
  /** Observations so far, oldest first; the last two defined `value`. */
  points: readonly SecantPoint[];
  /** 0 for Harvey's one-shot prediction, 1, 2, … for the iterated steps of Learning-inputs Sect. 3.2. */
  step: number;
  /** Consecutive steps that did not bring |residual| below the best seen so far. */
  stalls: number;
}

/** Marks the metrics whose branch the schedule wants flipped first. */
export type PreferMetric = (cost: Cost) => boolean;

/** Marks the metrics whose goal no input met yet: flipping their branch is new coverage. */
export type UncoveredMetric = (cost: Cost) => boolean;

/**
 * Secant steps on one metric, the first included. One is typically enough (Harvey Sect. 4.2); the
 * Quadratic fixture from x = 5, 1000 needs 12, because early steps overshoot a convex cost.
 */
export const DEFAULT_MAX_STEPS = 16;
/** Iteration stops after this many steps in a row without a smaller |residual| (hash-like costs never converge). */
const MAX_STALLS = 2;
/** Loops can yield thousands of metrics; the first ones in execution order are enough to choose from. */
const MAX_CANDIDATES = 64;

/**
 * Predictions from two executions that differ in the number at `site` (x and x2): one per metric
 * present in both whose cost is non-zero in both and whose value changed (Harvey Sect. 4.2), ranked
 * preferred metrics first, uncovered ones first within that (a direction no input took is new
 * coverage; one already taken only repeats a known path), then in execution order. Out-of-range
 * roots are offered wrapped (EVM arithmetic is modular: storage slots, unchecked math) and then
 * clamped to the type's range.
 */
export function predict(
  site: NumericSite,
  x: bigint,
  costsX: CostVector,
  x2: bigint,
  costsX2: CostVector,
  prefer?: PreferMetric,
  uncovered?: UncoveredMetric,
): Prediction[] {
  const candidates: Prediction[] = [];
  const seen = new Set<bigint>();
  let index = -1;
  for (const c2 of costsX2.values()) {
    index++;
    if (candidates.length >= MAX_CANDIDATES) break;
    const c1 = costsX.find(c2, index);
    if (c1 === undefined || c1.value === 0n || c2.value === 0n || c1.residual === c2.residual) continue;
    const points = [
      { x, residual: c1.residual },
      { x: x2, residual: c2.residual },
    ];
    const aim = { preferred: prefer?.(c2) ?? false, uncovered: uncovered?.(c2) ?? false };
    for (const value of secantCandidates(points[0], points[1], site.domain)) {
      if (seen.has(value)) continue;
      seen.add(value);
      candidates.push({ site, value, metric: c2.id, metricAt: index, ...aim, points, step: 0, stalls: 0 });
    }
  }
  // Stable: execution order within a tier.
  return candidates.sort((a, b) => tier(a) - tier(b));
}

const tier = (p: Prediction): number => (p.preferred ? 0 : 2) + (p.uncovered ? 0 : 1);

/** Uniform among the best tier (preferred, then uncovered metrics, when there are any): each metric gets its chance. */
export function pickPrediction(candidates: readonly Prediction[], rng: Rng): Prediction | undefined {
  if (candidates.length === 0) return undefined;
  const best = tier(candidates[0]);
  return rng.pick(candidates.filter((c) => tier(c) === best));
}

/** What running a predicted input showed about its metric. */
export type PredictionOutcome =
  /** The metric is zero: the branch flipped (or the probe slot was written). */
  | { kind: 'hit' }
  /** The metric was not evaluated: an earlier branch went another way. */
  | { kind: 'unreached' }
  /** Still non-zero; `next` is the following secant step through the latest two points, if any is left. */
  | { kind: 'miss'; next?: Prediction };

/** Judges a prediction from the costs of running it, and proposes the next secant step on a miss. */
export function evaluatePrediction(prediction: Prediction, costs: CostVector, maxSteps = DEFAULT_MAX_STEPS): PredictionOutcome {
  const cost = costs.get(prediction.metric, prediction.metricAt);
  if (cost === undefined) return { kind: 'unreached' };
  if (cost.value === 0n) return { kind: 'hit' };
  if (prediction.step + 1 >= maxSteps) return { kind: 'miss' };
  const last = prediction.points[prediction.points.length - 1];
  const point = { x: prediction.value, residual: cost.residual };
  const improved = abs(point.residual) < prediction.points.reduce((best, p) => min(best, abs(p.residual)), abs(last.residual));
  const stalls = improved ? 0 : prediction.stalls + 1;
  if (stalls >= MAX_STALLS || point.residual === last.residual) return { kind: 'miss' };
  const [value] = secantCandidates(last, point, prediction.site.domain);
  if (value === undefined) return { kind: 'miss' };
  return { kind: 'miss', next: { ...prediction, value, points: [...prediction.points, point], step: prediction.step + 1, stalls } };
}

/**
 * The secant step x'' = x1 − r1·(x1 − x0)/(r1 − r0), bigint-exact. A fractional step is rounded away
 * from x1, past the root, so that an inequality's residual ends ≤ 0 (the branch flips) rather than
 * stopping one short. Empty when the step lands back on a known point.
 */
export function secantCandidates(p0: SecantPoint, p1: SecantPoint, domain: NumericDomain): bigint[] {
  const num = p1.residual * (p1.x - p0.x);
  const den = p1.residual - p0.residual;
  const step = divideAwayFromZero(num, den);
  const root = p1.x - step;
  const { min, max } = domainRange(domain);
  const values = root >= min && root <= max ? [root] : [wrap(root, domain), root < min ? min : max];
  return values.filter((v, i) => v !== p0.x && v !== p1.x && values.indexOf(v) === i);
}

const abs = (v: bigint): bigint => (v < 0n ? -v : v);
const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);

function divideAwayFromZero(num: bigint, den: bigint): bigint {
  const q = num / den;
  if (q * den === num) return q;
  return num < 0n !== den < 0n ? q - 1n : q + 1n;
}

/** `value` reduced into the domain as a word of `domain.bits` bits (two's complement when signed). */
function wrap(value: bigint, domain: NumericDomain): bigint {
  const modulus = 1n << BigInt(domain.bits);
  const word = ((value % modulus) + modulus) % modulus;
  return domain.signed && word >= modulus >> 1n ? word - modulus : word;
}

/** Counts for the report: Harvey's RQ2 one-shot success rate, and what iteration adds. */
export class PredictionStats {
  oneShot = 0;
  oneShotHits = 0;
  iterated = 0;
  iteratedHits = 0;
  unreached = 0;

  record(prediction: Prediction, outcome: PredictionOutcome): void {
    const hit = outcome.kind === 'hit';
    if (prediction.step === 0) {
      this.oneShot++;
      if (hit) this.oneShotHits++;
    } else {
      this.iterated++;
      if (hit) this.iteratedHits++;
    }
    if (outcome.kind === 'unreached') this.unreached++;
  }

  /** Share of one-shot predictions that zeroed their metric (0 when none was made). */
  get oneShotSuccessRate(): number {
    return this.oneShot === 0 ? 0 : this.oneShotHits / this.oneShot;
  }
}
