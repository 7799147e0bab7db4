/**
 * Donate-form experiments simulated as the endpoint sees them, day by day, against a known truth: for the
 * simulation test of the results' rule (server/results/simulation.test.ts) and `npm run bench:experiments`.
 *
 * A form has some visitors a day (a weekday cycle, and noise), split evenly between its variants. Each visitor
 * gives with the form's chance, 2 to 5 %, drawn per experiment; one variant may give more often (`lift`), so that
 * its revenue per visitor is that much higher. A gift is one-off (lognormal, median $50, about one in 200 of $1,000
 * or more) or monthly (median $20, valued at `valuing.monthly` payments, as server/results/read.ts values it). The
 * figures are the moments the endpoint sums, each gift capped at the `valuing.capQuantile` quantile of the version's
 * gifts so far (Postgres's percentile_cont), and a history of 28 days before the experiment, capped the same way, for
 * its plan. The rule itself is the caller's: these helpers import nothing of the results' room.
 */
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';
import type {ExperimentPlan} from '../../src/coral/contract';

/** A uniform number in [0, 1). */
export type Random = () => number;

/** sfc32 (Chris Doty-Humphrey's small fast counter), its state made from the seeds by splitmix32: repeatable, and fast. */
export function seededRandom(...seeds: readonly number[]): Random {
  let mix = 0x9e3779b9;
  for (const seed of seeds) mix = Math.imul(mix ^ (seed >>> 0), 0x85ebca6b) + 0x165667b1;
  const split = () => {
    mix = (mix + 0x9e3779b9) | 0;
    let z = mix;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return (z ^ (z >>> 15)) >>> 0;
  };
  let [a, b, c, d] = [split(), split(), split(), split()];
  return () => {
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Marsaglia's polar method, its second draw kept for the next call). */
function normals(random: Random): () => number {
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const kept = spare;
      spare = null;
      return kept;
    }
    for (;;) {
      const u = 2 * random() - 1;
      const v = 2 * random() - 1;
      const s = u * u + v * v;
      if (s > 0 && s < 1) {
        const scale = Math.sqrt((-2 * Math.log(s)) / s);
        spare = v * scale;
        return u * scale;
      }
    }
  };
}

/**
 * Successes of `n` tries at chance `p`: counted exactly by inversion when few are expected, and by the normal
 * approximation, rounded, when 30 or more are either way, where the two differ by less than the simulation can see.
 */
function binomial(n: number, p: number, random: Random, normal: () => number): number {
  if (n <= 0 || p <= 0) return 0;
  if (p >= 1) return n;
  if (p > 0.5) return n - binomial(n, 1 - p, random, normal);
  const mean = n * p;
  if (mean >= 30) return Math.min(n, Math.max(0, Math.round(mean + Math.sqrt(mean * (1 - p)) * normal())));
  let u = random();
  let k = 0;
  let chance = (1 - p) ** n;
  while (u > chance && k < n) {
    u -= chance;
    chance *= ((n - k) / (k + 1)) * (p / (1 - p));
    k += 1;
  }
  return k;
}

/** The donate form's world: its visitors' chance of giving, its gifts, and its week. */
export const DONATIONS = {
  /** Each experiment's chance of giving, drawn evenly between these. */
  giving: {low: 0.02, high: 0.05},
  /** One-off gifts, whole dollars: lognormal, so a gift of $1,000 or more is about one in 200 of them. */
  oneOff: {medianCents: 5000, sigma: 1.15},
  /** Monthly gifts, whole dollars a month: this share of the gifts. */
  monthly: {share: 0.2, medianCents: 2000, sigma: 0.6},
  /** Visitors by day of the week against the week's mean: weekdays busier, weekends 30 % quieter. */
  week: [1.12, 1.12, 1.12, 1.12, 1.12, 0.7, 0.7],
  /** How much a day's visitors vary at random past the week's cycle (a lognormal's sigma). */
  dayNoise: 0.15,
  /** The days of history a plan is made from, as server/results/plan.ts's HISTORY_DAYS. */
  historyDays: 28,
} as const;

/** What is simulated: the variants (the control first, equal weights), their mean visitors a day each, and the lift. */
export type Setting = {variants: number; visitorsPerVariant: number; lift: number};

/** How the endpoint values gifts for a comparison (server/results/read.ts): a monthly gift's payments, and the cap's quantile. */
export type Valuing = {monthly: number; capQuantile: number};

export type Moments = {n: number; sum: number; sumSquares: number};

/** A variant as the rule reads it (server/results/verdict.ts's Arm). */
export type SimulatedArm = {id: string; weight: number; moments: Moments; conversions: number};

/** What a reading gives the rule: whole days since the first visitor, the arms (the control first) and the cap. */
export type Reading = {days: number; arms: SimulatedArm[]; capCents: number};

/** The form's 28 days before the experiment, as server/results/plan.ts's History. */
export type History = {visitors: number; days: number; moments: Moments};

/** The variant whose giving is lifted: the last. */
export const liftedArm = (setting: Setting): number => (setting.lift > 0 ? setting.variants - 1 : -1);

const ids = (variants: number) => Array.from({length: variants}, (_, i) => (i === 0 ? 'control' : `variant-${i}`));

/** The variants as an experiment lists them, with their weights, for a plan. */
export const variantsOf = (setting: Setting): {id: string; weight: number}[] => ids(setting.variants).map((id) => ({id, weight: 1}));

/** Postgres's percentile_cont of values sorted highest first: the `quantile` between the two values around it. */
function percentileFromTop(descending: ArrayLike<number>, count: number, quantile: number): number {
  const at = quantile * (count - 1);
  const low = Math.floor(at);
  const below = descending[count - 1 - low]!;
  return low + 1 < count ? below + (at - low) * (descending[count - 2 - low]! - below) : below;
}

/** The gifts of a version: every value, and those at or above a threshold kept in order, highest first, for the cap. */
class Gifts {
  private values = new Float64Array(1024);
  private arms = new Uint8Array(1024);
  private high: number[] = [];
  private highArms: number[] = [];
  count = 0;
  readonly sums: number[];
  readonly squares: number[];

  constructor(
    variants: number,
    private readonly threshold: number,
  ) {
    this.sums = new Array<number>(variants).fill(0);
    this.squares = new Array<number>(variants).fill(0);
  }

  add(value: number, arm: number): void {
    if (this.count === this.values.length) {
      const values = new Float64Array(this.count * 2);
      values.set(this.values);
      this.values = values;
      const arms = new Uint8Array(this.count * 2);
      arms.set(this.arms);
      this.arms = arms;
    }
    this.values[this.count] = value;
    this.arms[this.count] = arm;
    this.count += 1;
    this.sums[arm]! += value;
    this.squares[arm]! += value * value;
    if (value < this.threshold) return;
    let low = 0;
    let high = this.high.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.high[middle]! >= value) low = middle + 1;
      else high = middle;
    }
    this.high.splice(low, 0, value);
    this.highArms.splice(low, 0, arm);
  }

  /**
   * Each arm's sum and sum of squares with every gift capped at the quantile of all of them, and the cap. Only the
   * gifts above the cap change: when the `needed` highest are all kept in order, so are they; else all are sorted.
   */
  capped(quantile: number): {cap: number; sums: number[]; squares: number[]} {
    const sums = [...this.sums];
    const squares = [...this.squares];
    if (this.count === 0) return {cap: 0, sums, squares};
    const needed = this.count - Math.floor(quantile * (this.count - 1));
    let values: ArrayLike<number> = this.high;
    let arms: ArrayLike<number> = this.highArms;
    if (this.high.length < needed) {
      const order = Array.from({length: this.count}, (_, i) => i).sort((a, b) => this.values[b]! - this.values[a]!);
      values = order.map((i) => this.values[i]!);
      arms = order.map((i) => this.arms[i]!);
    }
    const cap = percentileFromTop(values, this.count, quantile);
    for (let i = 0; i < values.length && values[i]! > cap; i += 1) {
      sums[arms[i]!]! -= values[i]! - cap;
      squares[arms[i]!]! -= values[i]! ** 2 - cap * cap;
    }
    return {cap, sums, squares};
  }
}

/** One experiment under way: its form's chance of giving, its history, and a day of visitors at a time. */
export type SimulatedExperiment = {
  rate: number;
  history: History;
  /** Simulates the next day's visitors and gifts. */
  advance(): void;
  /** The figures so far, as the endpoint reads them the morning after the last day simulated. */
  read(): Reading;
};

/** Starts an experiment of `setting`, with its history of DONATIONS.historyDays days simulated before it. */
export function simulateExperiment(setting: Setting, valuing: Valuing, random: Random): SimulatedExperiment {
  const normal = normals(random);
  const rate = DONATIONS.giving.low + (DONATIONS.giving.high - DONATIONS.giving.low) * random();
  const rates = Array.from({length: setting.variants}, (_, i) => (i === liftedArm(setting) ? rate * (1 + setting.lift) : rate));
  const names = ids(setting.variants);
  const firstWeekday = Math.floor(random() * 7);
  const gift = (): number => {
    const monthly = random() < DONATIONS.monthly.share;
    const {medianCents, sigma} = monthly ? DONATIONS.monthly : DONATIONS.oneOff;
    const dollars = Math.max(1, Math.round((medianCents / 100) * Math.exp(sigma * normal())));
    return dollars * 100 * (monthly ? valuing.monthly : 1);
  };
  /** A day's visitors on each variant, split evenly at random; `day` counts from the experiment's first. */
  const visitors = (day: number): number[] => {
    const weekday = (((firstWeekday + day) % 7) + 7) % 7;
    const mean = setting.visitorsPerVariant * setting.variants * DONATIONS.week[weekday]! * Math.exp(DONATIONS.dayNoise * normal());
    let left = Math.max(0, Math.round(mean + Math.sqrt(mean) * normal()));
    return names.map((_, i) => {
      const share = binomial(left, 1 / (setting.variants - i), random, normal);
      left -= share;
      return share;
    });
  };

  const before = new Gifts(1, 0);
  let historyVisitors = 0;
  for (let day = -DONATIONS.historyDays; day < 0; day += 1) {
    for (const n of visitors(day)) {
      historyVisitors += n;
      for (let k = binomial(n, rate, random, normal); k > 0; k -= 1) before.add(gift(), 0);
    }
  }
  const history = before.capped(valuing.capQuantile);
  // Gifts above the history's 95th percentile are kept in order; enough of them to find the cap, or all are sorted.
  const threshold = before.count > 20 ? before.capped(0.95).cap : 0;

  const gifts = new Gifts(setting.variants, threshold);
  const seen = new Array<number>(setting.variants).fill(0);
  const given = new Array<number>(setting.variants).fill(0);
  let days = 0;
  return {
    rate,
    history: {
      visitors: historyVisitors,
      days: DONATIONS.historyDays,
      moments: {n: historyVisitors, sum: history.sums[0]!, sumSquares: history.squares[0]!},
    },
    advance() {
      visitors(days).forEach((n, arm) => {
        seen[arm]! += n;
        const count = binomial(n, rates[arm]!, random, normal);
        given[arm]! += count;
        for (let k = 0; k < count; k += 1) gifts.add(gift(), arm);
      });
      days += 1;
    },
    read() {
      const {cap, sums, squares} = gifts.capped(valuing.capQuantile);
      return {
        days,
        capCents: cap,
        arms: names.map((id, arm) => ({
          id,
          weight: 1,
          moments: {n: seen[arm]!, sum: sums[arm]!, sumSquares: squares[arm]!},
          conversions: given[arm]!,
        })),
      };
    },
  };
}

/** What a rule says at a reading: the variants (by index, 1 up) it names better and worse than the control, and whether it stops. */
export type Look = {better: readonly number[]; worse: readonly number[]; stops: boolean};

/** A decision rule, read on a day's figures with the experiment's plan: every day, or `once`, on the last day it runs. */
export type Rule = {name: string; read(reading: Reading, plan: ExperimentPlan): Look; once?: boolean};

/** What a rule came to in one experiment. */
export type RuleOutcome = {
  /** Whether any reading named a variant of no true lift better or worse than the control, or the lifted one worse. */
  falseWinner: boolean;
  /** Whether the lifted variant was named better at the reading the rule stopped on, or at the last. */
  found: boolean;
  /** The day (whole days) it stopped on, or null where it never did. */
  stoppedOn: number | null;
};

export type ExperimentOutcome = {plan: ExperimentPlan; days: number; reachedPlan: boolean; rules: RuleOutcome[]};

/** What the runs share: how gifts are valued, the plan made from the history, the rules, and the most days any runs. */
export type Simulation = {valuing: Valuing; plan: (history: History) => ExperimentPlan; rules: readonly Rule[]; maxDays: number};

/**
 * One experiment, read every morning by each rule until it stops, for its plan's days or `maxDays`, whichever is
 * fewer. A rule read `once` is read on the last day alone.
 */
export function runExperiment(setting: Setting, simulation: Simulation, random: Random): ExperimentOutcome {
  const experiment = simulateExperiment(setting, simulation.valuing, random);
  const plan = simulation.plan(experiment.history);
  const lastDay = Math.min(plan.days, simulation.maxDays);
  const lifted = liftedArm(setting);
  const outcomes: RuleOutcome[] = simulation.rules.map(() => ({falseWinner: false, found: false, stoppedOn: null}));
  for (let day = 1; day <= lastDay; day += 1) {
    experiment.advance();
    const last = day === lastDay;
    const reading = simulation.rules.some((rule, i) => outcomes[i]!.stoppedOn === null && (last || !rule.once)) ? experiment.read() : null;
    if (reading === null) continue;
    simulation.rules.forEach((rule, i) => {
      const outcome = outcomes[i]!;
      if (outcome.stoppedOn !== null || (rule.once === true && !last)) return;
      const look = rule.read(reading, plan);
      if (look.better.some((arm) => arm !== lifted) || look.worse.length > 0) outcome.falseWinner = true;
      if (look.stops) outcome.stoppedOn = day;
      if (look.stops || last) outcome.found = look.better.includes(lifted);
    });
  }
  return {plan, days: lastDay, reachedPlan: plan.days <= simulation.maxDays, rules: outcomes};
}

/** The variance of one visitor's value, as server/results/stats.ts's (n − 1 below), never negative. */
const varianceOf = ({n, sum, sumSquares}: Moments): number => Math.max(0, (sumSquares - (sum * sum) / n) / (n - 1));

/**
 * A test read once, at the last day: each variant against the control by a two-sided z-test of the difference of
 * their means at the plan's α shared by Bonferroni among the k − 1 comparisons, as a fixed-horizon experiment is read.
 */
export const fixedHorizon: Rule = {
  name: 'fixed horizon',
  once: true,
  read({arms}, plan) {
    const z = normalQuantile(1 - plan.alpha / (2 * Math.max(1, arms.length - 1)), 0, 1);
    const control = arms[0]!.moments;
    const better: number[] = [];
    const worse: number[] = [];
    arms.forEach(({moments}, arm) => {
      if (arm === 0 || moments.n < 2 || control.n < 2) return;
      const difference = moments.sum / moments.n - control.sum / control.n;
      const se = Math.sqrt(varianceOf(control) / control.n + varianceOf(moments) / moments.n);
      if (se > 0 && difference / se > z) better.push(arm);
      if (se > 0 && difference / se < -z) worse.push(arm);
    });
    return {better, worse, stops: true};
  },
};

/** What server/results/verdict.ts's analyse answers, as far as a rule reads it. */
type Judged = {arms: readonly {vsControl: {outcome: string} | null}[]; enoughToStop: boolean};

/** The results' rule (server/results/verdict.ts's `analyse`, passed in) as a Rule: what it names, and whether it may stop. */
export function shippedRule(
  name: string,
  analyse: (reading: {metric: 'revenue-per-visitor'; arms: SimulatedArm[]; plan: ExperimentPlan; days: number}, capCents: number) => Judged,
): Rule {
  return {
    name,
    read({arms, days, capCents}, plan) {
      const judged = analyse({metric: 'revenue-per-visitor', arms, plan, days}, capCents);
      const named = (outcome: string) => judged.arms.flatMap((arm, i) => (arm.vsControl?.outcome === outcome ? [i] : []));
      return {better: named('better'), worse: named('worse'), stops: judged.enoughToStop};
    },
  };
}
