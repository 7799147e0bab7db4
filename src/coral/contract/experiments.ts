/**
 * Results and experiments on the wire: the experiment a published form may carry, the events its pages send
 * (`POST /events`: no name, email, address or anything else about the person, only a random visitor id), and what
 * `GET /results/<form>` answers. Applying an experiment is ./variants.ts, which the pages carry.
 */
import * as zod from 'zod/mini';
import {EVENT_KINDS} from './eventsPath';
import type {FormComponent} from './forms';
import {publishedForm, sourceCode, utm, VARIANT_ID, VARIANT_ID_RULE} from './parts';

export {EVENTS_PATH, EVENT_KINDS, type EventKind} from './eventsPath';
export {assignVariant, componentConfig, variantConfig, withChanges, type Experiment, type VisitorStore} from './variants';
import {withChanges} from './variants';

/** The most variants an experiment splits its visitors between, the control included. */
export const VARIANTS_MAX = 6;

/**
 * What a variant may change, by component: the ask (amounts and their handles, the default amount and frequency,
 * the monthly upgrade ask) and the words (the headline), never what the endpoint checks a supporter's details with.
 */
export const VARIANT_KEYS: Partial<Record<FormComponent, readonly string[]>> = {
  'donate-form': ['amounts', 'defaultFrequency', 'rgUpgrade', 'messages'],
  powerform: ['messages'],
};

const variantId = zod.string().check(zod.regex(VARIANT_ID, {message: VARIANT_ID_RULE}));

/** What an experiment's variants are compared by: revenue or gifts per visitor for a donate form, signatures per visitor for a powerform. */
export const RESULT_METRICS = ['revenue-per-visitor', 'gifts-per-visitor', 'signatures-per-visitor'] as const;

/** The metrics each component's experiment may be decided on, its default first. */
export const COMPONENT_METRICS: Partial<Record<FormComponent, readonly (typeof RESULT_METRICS)[number][]>> = {
  'donate-form': ['revenue-per-visitor', 'gifts-per-visitor'],
  powerform: ['signatures-per-visitor'],
};

/** `experiment` in a published form's config. Each variant's changes are checked again as a whole config (server/forms/check.ts). */
export const experimentSchema = zod.strictObject({
  id: variantId,
  /** What it is decided on; the component's first metric when left out. */
  metric: zod.optional(zod.enum(RESULT_METRICS)),
  /** The smallest lift worth finding, in percent of the control's figure: the plan sizes the experiment for it. */
  smallestLiftPercent: zod.optional(zod.number().check(zod.minimum(1), zod.maximum(100))),
  variants: zod
    .array(
      zod.strictObject({
        id: variantId,
        /** Its share of visitors, against the others' weights. */
        weight: zod.number().check(zod.positive(), zod.maximum(1000)),
        /** A partial config of the form's component; `{}` for the control. */
        changes: zod.record(zod.string(), zod.unknown()),
      }),
    )
    .check(
      zod.minLength(2),
      zod.maxLength(VARIANTS_MAX),
      zod.refine((variants) => new Set(variants.map((each) => each.id)).size === variants.length, {
        message: 'expected each variant’s id once',
      }),
    ),
});

/** `visitor` in a published form's config: where its pages keep the random visitor id. */
export const visitorStoreSchema = zod.enum(['tab', 'browser']);

/**
 * The problems with a published form's own keys beside its component's config (`config`, without them): `visitor`,
 * and `experiment`, whose every variant must make, with its changes laid over the config, one the component takes
 * (`check`: its problems with a config, one line each), changing only what a variant may change. In the words of a
 * config's error box; none when all is well. The endpoint checks a publish by it, and the Customise tab a paste.
 */
export function publishedKeyProblems(
  component: FormComponent,
  config: Record<string, unknown>,
  kept: {experiment?: unknown; visitor?: unknown},
  check: (config: Record<string, unknown>) => readonly string[],
): string[] {
  const problems: string[] = [];
  if (kept.visitor !== undefined && !visitorStoreSchema.safeParse(kept.visitor).success) {
    problems.push(`visitor: got ${JSON.stringify(kept.visitor)}; expected "tab" (the default) or "browser"`);
  }
  if (kept.experiment === undefined) return problems;
  const allowed = VARIANT_KEYS[component];
  if (allowed === undefined) return [...problems, `experiment: a ${component} takes no experiment`];
  const experiment = experimentSchema.safeParse(kept.experiment);
  if (!experiment.success) {
    const issues = experiment.error.issues.map((issue) => `experiment.${issue.path.join('.')}: ${issue.message}`.replace('.:', ':'));
    return [...problems, ...issues];
  }
  experiment.data.variants.forEach(({id, changes}, i) => {
    const at = `experiment.variants.${i} ("${id}")`;
    const other = Object.keys(changes).filter((key) => !allowed.includes(key));
    if (other.length > 0) {
      problems.push(`${at}.changes: a variant may change ${allowed.join(', ')}; not ${other.join(', ')}`);
      return;
    }
    problems.push(...check(withChanges(config, changes)).map((line) => `${at}.changes → ${line}`));
  });
  return problems;
}

/** The form, version and variant an event came from, as a gift or signature names them. */
export const eventForm = publishedForm.def.innerType;

/** A random id a page makes for its visitor (`crypto.randomUUID()` or 16 random bytes in base64url), nothing else. */
export const VISITOR_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * `POST /events`: one thing a visitor did on a published form. Sent as a beacon, so as text/plain JSON. A source
 * code or utm value that is not a machine's (./machineValue.ts: an email, a phone, a card's or a street's number) is
 * dropped by the endpoint and the event kept without it, so nothing about the person is kept, however the page's
 * address came by it. The rule is applied there, not here: this schema loads with every form, and the rule would
 * weigh on the first script.
 */
export const eventRequestSchema = zod.strictObject({
  form: eventForm,
  kind: zod.enum(EVENT_KINDS),
  visitor: zod.string().check(zod.regex(VISITOR_ID, {message: 'expected a random visitor id'})),
  /** Milliseconds since the page loaded, as the page's clock says: a page with no script running sends none. */
  sinceLoad: zod.number().check(zod.minimum(0), zod.maximum(7 * 24 * 3_600_000)),
  source: sourceCode,
  utm,
});

const count = zod.int().check(zod.minimum(0));
const cents = zod.number();

/** One variant's figures in one version (`variant` "" where the version has no experiment). */
export const variantResultSchema = zod.object({
  variant: zod.string(),
  weight: zod.nullable(zod.number()),
  visitors: count,
  starts: count,
  submits: count,
  gifts: count,
  signatures: count,
  raisedCents: cents,
  regularGifts: count,
  /** What the regular gifts started here give a month between them (a weekly gift as 52 ÷ 12 of its amount). */
  regularMonthlyCents: cents,
  meanGiftCents: zod.nullable(cents),
  revenuePerVisitorCents: zod.nullable(cents),
  /** Signatures (or gifts, for a donate form) per visitor. */
  conversion: zod.nullable(zod.number()),
  /** The metric per visitor as the comparison takes it: for revenue, each gift capped at the version's `capCents`. */
  metricValue: zod.nullable(zod.number()),
  /**
   * The difference from the control in the metric, with its always-valid 95 % interval (across the comparisons
   * with the control and every reading: ./server/results/sequential.ts), the lift as a share of the control's
   * figure, and what it says; null for the control, or with too few visitors to compare.
   */
  vsControl: zod.nullable(
    zod.object({
      difference: zod.number(),
      low: zod.number(),
      high: zod.number(),
      lift: zod.nullable(zod.number()),
      outcome: zod.enum(['better', 'worse', 'alike', 'undecided']),
    }),
  ),
});

/** An experiment's plan, made from the form's history before the version was published (server/results/plan.ts). */
export const planSchema = zod.object({
  metric: zod.enum(RESULT_METRICS),
  liftPercent: zod.number(),
  alpha: zod.number(),
  power: zod.number(),
  /** Whether the baseline is the form's own history or the stated assumption. */
  from: zod.enum(['history', 'assumed']),
  /** One visitor's mean and standard deviation of the metric, and the visitors a day. */
  baseline: zod.object({mean: zod.number(), sd: zod.number(), visitorsPerDay: zod.number()}),
  /** The visitors each variant needs. */
  visitors: zod.array(zod.object({variant: zod.string(), visitors: count})),
  /** The visitors of the control and each variant together that each comparison's interval is tuned for. */
  tuning: zod.array(zod.object({variant: zod.string(), visitors: count})),
  /** The days the visitors take, in whole weeks. */
  days: count,
  /** Over eight weeks. */
  long: zod.boolean(),
});

/** What an experiment says as a whole: each outcome in server/results/verdict.ts. */
export const DECISIONS = ['broken', 'too-early', 'undecided', 'decided', 'alike', 'no-difference-found'] as const;

/** One version of the form and its figures, with its experiment's checks. */
export const versionResultSchema = zod.object({
  version: zod.int(),
  experiment: zod.nullable(zod.string()),
  metric: zod.enum(RESULT_METRICS),
  variants: zod.array(variantResultSchema),
  /** The sample-ratio check: the visitors' split against the weights (chi-squared); `broken` below p 0.001. */
  srm: zod.nullable(zod.object({pValue: zod.number(), broken: zod.boolean()})),
  /** What the evidence says, in a sentence; null where there is no experiment. */
  verdict: zod.nullable(zod.string()),
  enoughToStop: zod.nullable(zod.boolean()),
  decision: zod.nullable(zod.enum(DECISIONS)),
  plan: zod.nullable(planSchema),
  /** Whole days since the version's first visitor (0 on its first day); null before any. */
  days: zod.nullable(count),
  /** The cap on each gift in the comparison (the 99th percentile of the version's gifts); null with no gift or for signatures. */
  capCents: zod.nullable(cents),
  /** Whether the version takes gifts on the sandbox gateway, so no real payment is made. */
  sandbox: zod.boolean(),
});

/** `GET /results/<form>` (the admin token, or the results page's session). */
export const resultsAnswerSchema = zod.object({
  form: zod.string(),
  component: zod.string(),
  campaign: zod.string(),
  /** The currency of the form's gifts; null for a powerform's. */
  currency: zod.nullable(zod.string()),
  versions: zod.array(versionResultSchema),
  /** Each day with anything in it, oldest first (dates in UTC). */
  days: zod.array(zod.object({day: zod.string(), visitors: count, gifts: count, raisedCents: cents, signatures: count})),
  /** The amounts chosen, most chosen first. */
  amounts: zod.array(zod.object({frequency: zod.string(), amountCents: cents, gifts: count})),
  /** Where visitors came from: the source code and utm values their page carried. */
  sources: zod.array(
    zod.object({
      source: zod.string(),
      utmSource: zod.string(),
      utmMedium: zod.string(),
      utmCampaign: zod.string(),
      visitors: count,
      gifts: count,
      signatures: count,
      raisedCents: cents,
    }),
  ),
  /**
   * A powerform's campaign's signatures kept by the endpoint, by the signer's country (AU, FJ), most first; those with
   * none (kept before Coral asked it, or de-identified) last, as `null`. Null for any other form.
   */
  countries: zod.nullable(zod.array(zod.object({country: zod.nullable(zod.string()), signatures: count}))),
});

export type EventRequest = zod.output<typeof eventRequestSchema>;
export type EventForm = zod.output<typeof eventForm>;
export type VariantResult = zod.output<typeof variantResultSchema>;
export type VersionResult = zod.output<typeof versionResultSchema>;
export type ResultsAnswer = zod.output<typeof resultsAnswerSchema>;
export type ResultMetric = (typeof RESULT_METRICS)[number];
export type ExperimentPlan = zod.output<typeof planSchema>;
export type Decision = (typeof DECISIONS)[number];
