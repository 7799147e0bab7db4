/**
 * The rule the results used before the always-valid intervals (server/results/verdict.ts and stats.ts at a791dc2),
 * kept to compare: `npm run bench:experiments` reads it beside the rule shipped, and the simulation test shows it
 * fails the bound the shipped rule must meet.
 *
 * Once every variant has 1,000 visitors and 30 gifts, each variant's mean per visitor is taken as N(x̄, s²/n), and the
 * experiment stops when the variant most likely best (the leader, which may be the control) is best with chance
 * 95 % or more ("clear-best"), or when the leader's risk, the expected loss of choosing it should another be better,
 * is under 1 % of the control's mean ("too close to matter"); never with a broken split. Reading it every day and
 * stopping at the first crossing is what names false winners. With revenue's spread, a leader's risk falls under 1 %
 * only when it is nearly clear of the rest, so most of its stops are "too close to matter", the leader nearly clear.
 */
import chisquareCdf from '@stdlib/stats-base-dists-chisquare-cdf';
import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import type {Moments, Rule, SimulatedArm} from './experiments';

export const PREVIOUS_STOPPING = {visitors: 1000, conversions: 30, chanceBest: 0.95, risk: 0.01} as const;

type Posterior = {mean: number; sd: number};

const posterior = ({n, sum, sumSquares}: Moments): Posterior => ({
  mean: sum / n,
  sd: Math.sqrt(Math.max(0, (sumSquares - (sum * sum) / n) / (n - 1)) / n),
});

const density = (z: number) => Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI);

/** Where the standard normal's density is below 1e-16, and Simpson's intervals across it. */
const TAIL = 8.5;
const STEPS = 256;

/**
 * The chance each posterior is the highest, and the expected highest: for each, in its own standard units z,
 * ∫ φ(z) Π Φ_j dz and ∫ z φ(z) Π Φ_j dz by Simpson's rule, as stats.ts integrated them. Every posterior here has a
 * spread: each variant has 30 gifts before the rule reads it.
 */
function best(all: readonly Posterior[]): {chances: number[]; expectedMax: number} {
  let expectedMax = 0;
  const h = (2 * TAIL) / STEPS;
  const raw = all.map((own, i) => {
    let chance = 0;
    let past = 0;
    for (let step = 0; step <= STEPS; step += 1) {
      const z = -TAIL + step * h;
      const x = own.mean + own.sd * z;
      let product = density(z);
      for (let j = 0; j < all.length && product > 0; j += 1) if (j !== i) product *= normalCdf(x, all[j]!.mean, all[j]!.sd);
      const weight = step === 0 || step === STEPS ? 1 : step % 2 === 1 ? 4 : 2;
      chance += weight * product;
      past += weight * z * product;
    }
    expectedMax += own.mean * ((chance * h) / 3) + own.sd * ((past * h) / 3);
    return (chance * h) / 3;
  });
  const total = raw.reduce((sum, chance) => sum + chance, 0);
  return {chances: raw.map((chance) => chance / total), expectedMax: expectedMax / total};
}

/**
 * Bounds that settle most readings without the integrals: a variant is best no more often than it beats any one
 * other, and its risk is no less than against any one other, E[max(X, Y)] − E[X] = s·φ(d/s) − d·Φ(−d/s).
 */
function clearlyUndecided(all: readonly Posterior[], riskLimit: number): boolean {
  return all.every((own, i) => {
    let beatsAll = 1;
    let risk = 0;
    all.forEach((other, j) => {
      if (j === i) return;
      const s = Math.hypot(own.sd, other.sd);
      const d = own.mean - other.mean;
      beatsAll = Math.min(beatsAll, normalCdf(d / s, 0, 1));
      risk = Math.max(risk, s * density(d / s) - d * normalCdf(-d / s, 0, 1));
    });
    return beatsAll < PREVIOUS_STOPPING.chanceBest && risk >= riskLimit;
  });
}

/** The chi-squared check of an even split, as stats.ts's sampleRatio: broken below p 0.001. */
function brokenSplit(arms: readonly SimulatedArm[]): boolean {
  const total = arms.reduce((sum, arm) => sum + arm.moments.n, 0);
  const expected = total / arms.length;
  const statistic = arms.reduce((sum, arm) => sum + (arm.moments.n - expected) ** 2 / expected, 0);
  return 1 - chisquareCdf(statistic, arms.length - 1) < 0.001;
}

/**
 * Why the experiment may stop, or not: 'clear-best' names the leader best (the variants worse, when it is the
 * control), 'too-close-to-matter' stops naming none.
 */
export function previousStop(arms: readonly SimulatedArm[]): {
  reason: 'too-few' | 'undecided' | 'clear-best' | 'too-close-to-matter';
  leader: number;
} {
  if (arms.some((arm) => arm.moments.n < PREVIOUS_STOPPING.visitors || arm.conversions < PREVIOUS_STOPPING.conversions)) {
    return {reason: 'too-few', leader: -1};
  }
  const all = arms.map((arm) => posterior(arm.moments));
  const riskLimit = PREVIOUS_STOPPING.risk * all[0]!.mean;
  if (clearlyUndecided(all, riskLimit)) return {reason: 'undecided', leader: -1};
  const {chances, expectedMax} = best(all);
  const leader = chances.reduce((found, chance, i) => (chance > chances[found]! ? i : found), 0);
  if (chances[leader]! >= PREVIOUS_STOPPING.chanceBest) return {reason: 'clear-best', leader};
  return {reason: expectedMax - all[leader]!.mean < riskLimit ? 'too-close-to-matter' : 'undecided', leader};
}

/**
 * The rule as it named winners: the leader best at a clear best (the variants worse, when the control leads), and
 * none when too close to matter. With `leaderKept`, as staff would act on it: a stop too close to matter with a
 * variant ahead also names that variant, as the sentence then shows it ahead with its chance to be best, and says
 * that the experiment can stop.
 */
function previous(name: string, leaderKept: boolean): Rule {
  return {
    name,
    read({arms}) {
      const {reason, leader} = previousStop(arms);
      if (reason === 'too-few' || reason === 'undecided' || brokenSplit(arms)) return {better: [], worse: [], stops: false};
      if (reason === 'too-close-to-matter') return {better: leaderKept && leader > 0 ? [leader] : [], worse: [], stops: true};
      const rest = arms.map((_, i) => i).filter((i) => i > 0);
      return leader === 0 ? {better: [], worse: rest, stops: true} : {better: [leader], worse: [], stops: true};
    },
  };
}

export const previousRule = previous('previous', false);
export const previousRuleLeaderKept = previous('previous, leader kept', true);
