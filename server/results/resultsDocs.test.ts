/**
 * "Results and experiments" says what the code does: its rules and figures are the code's own, so a change to one
 * without the other fails here. The example config on the page is published as it is and takes.
 */
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {EVENT_KINDS, experimentSchema, VARIANT_KEYS, VARIANTS_MAX} from '../../src/coral/contract';
import {UTM_PARAMS} from '../../src/coral/contract/library';
import {checkForm} from '../forms';
import {EVENTS_PER_ADDRESS, EVENTS_PER_VARIANT_PER_ADDRESS, EVENTS_PER_VARIANT_PER_MINUTE, EVENTS_PER_VISITOR} from '../guard';
import {EVENTS_KEPT_DAYS} from './events';
import {CAP_QUANTILE, REGULAR_VALUE} from './read';
import {SRM_P} from './stats';
import {ASSUMED, DECISION, HISTORY_DAYS, HISTORY_ENOUGH, makePlan} from './plan';
import {widthAtPlan} from './sequential';

const page = readFileSync('docs/results-and-experiments.mdx', 'utf8');
/** The page's text with its line breaks as spaces, as a reader reads it. */
const text = page.replace(/\s+/g, ' ');
/** The endpoint's README, read the same way. */
const readme = readFileSync('server/README.md', 'utf8').replace(/\s+/g, ' ');
const number = (value: number) => value.toLocaleString('en-AU');

describe('the "Results and experiments" page', () => {
  it('names every event a form sends, and every utm value an event carries', () => {
    for (const kind of EVENT_KINDS) expect(page).toContain(`| \`${kind}\` |`);
    for (const key of UTM_PARAMS) expect(text).toContain(`\`${key}\``);
  });

  it('gives the stopping rule, the cap, the split check and the limits as the code has them', () => {
    expect(text).toContain(`No decision is offered before a whole week (${DECISION.days} days from the version's first visitor)`);
    expect(text).toContain(`every variant has ${DECISION.conversions} gifts (or signatures)`);
    expect(text).toContain(`stays under ${DECISION.alpha * 100} % for the experiment as a whole`);
    expect(text).toContain(
      `| \`smallestLiftPercent\` | The smallest change, in percent of the control's figure, that would make you act: from 1 to 100. | ${DECISION.liftPercent} |`,
    );
    expect(text).toContain(`four times in five (${DECISION.power * 100} % power)`);
    expect(text).toContain(`about ${(widthAtPlan(DECISION.alpha) / 1.959964).toFixed(2)} times as wide`);
    expect(text).toContain(`in the ${HISTORY_DAYS} days before it was published`);
    expect(text).toContain(`fewer than ${HISTORY_ENOUGH.visitors} visitors, or fewer than ${HISTORY_ENOUGH.days} days with any`);
    expect(text).toContain(
      `${ASSUMED.visitorsPerDay} visitors a day, ${ASSUMED.giving * 100} % of whom give, an average gift of $${ASSUMED.meanGiftCents / 100}`,
    );
    expect(text).toContain(`for a petition ${ASSUMED.signing * 100} % who sign`);
    expect(text).toContain(
      `a monthly gift by its first ${REGULAR_VALUE.monthly} payments, a weekly one by its first ${REGULAR_VALUE.weekly}`,
    );
    expect(text).toContain(`at the ${CAP_QUANTILE * 100}th percentile of the version's gifts`);
    expect(text).toContain(`p below ${SRM_P}`);
    expect(text).toContain(`at most ${EVENTS_PER_VISITOR} events from one visitor id in the rate window`);
    expect(text).toContain(`at most ${number(EVENTS_PER_ADDRESS)} in the window to all forms`);
    expect(text).toContain(`at most ${EVENTS_PER_VARIANT_PER_ADDRESS} of each kind`);
    expect(text).toContain(`moves a variant's visitors by ${EVENTS_PER_VARIANT_PER_ADDRESS} at most`);
    expect(text).toContain(`at most ${number(EVENTS_PER_VARIANT_PER_MINUTE)} a minute for one variant`);
    expect(text).toContain(`for ${EVENTS_KEPT_DAYS} days`);
    expect(text).toContain(`Two to ${['', '', 'two', 'three', 'four', 'five', 'six'][VARIANTS_MAX]} variants`);
  });

  it('and the endpoint’s README give the events’ limits as the code has them', () => {
    expect(readme).toContain(`\`EVENTS_PER_VISITOR\` (${EVENTS_PER_VISITOR}) per visitor id`);
    expect(readme).toContain(`\`EVENTS_PER_ADDRESS\` (${number(EVENTS_PER_ADDRESS)}) per address`);
    expect(readme).toContain(`\`EVENTS_PER_VARIANT_PER_ADDRESS\` (${EVENTS_PER_VARIANT_PER_ADDRESS}) per address for each kind`);
    expect(readme).toContain(`\`EVENTS_PER_VARIANT_PER_MINUTE\` (${number(EVENTS_PER_VARIANT_PER_MINUTE)}) for each variant`);
    expect(readme).toContain(`move a variant by up to ${number(EVENTS_PER_VARIANT_PER_MINUTE)} a minute there`);
  });

  it('gives the plan a form with no history of its own gets, as the code makes it', () => {
    const two = [
      {id: 'control', weight: 1},
      {id: 'b', weight: 1},
    ];
    const rows = [
      ['revenue-per-visitor', 'Revenue per visitor', 10],
      ['revenue-per-visitor', 'Revenue per visitor', 20],
      ['gifts-per-visitor', 'Gifts per visitor', 20],
      ['gifts-per-visitor', 'Gifts per visitor', 30],
    ] as const;
    for (const [metric, name, lift] of rows) {
      const plan = makePlan(metric, two, lift, null);
      const row = `| ${name} | ${lift} % | ${number(plan.visitors[0]!.visitors)} | about ${number(plan.days / 7)} weeks |`;
      expect(text).toContain(row);
    }
  });

  it('lists what each component’s variant may change', () => {
    expect(text).toContain(
      `A donate form's variant may change \`amounts\` (the handles, the default amount, the limits), \`defaultFrequency\`, \`rgUpgrade\` (the monthly upgrade ask) and \`messages\``,
    );
    expect(VARIANT_KEYS['donate-form']).toEqual(['amounts', 'defaultFrequency', 'rgUpgrade', 'messages']);
    expect(text).toContain("a powerform's may change `messages`");
    expect(VARIANT_KEYS.powerform).toEqual(['messages']);
    expect(VARIANT_KEYS['thank-you']).toBeUndefined();
  });

  it('shows an example config that publishes as it is', () => {
    const example = /```json title="save-the-reef-2026\.json"\n([\s\S]*?)```/.exec(page)?.[1];
    const config = JSON.parse(example!) as {experiment: unknown};
    expect(experimentSchema.safeParse(config.experiment).success).toBe(true);
    expect(checkForm(config)).toMatchObject({ok: true});
  });
});
