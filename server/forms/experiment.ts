/**
 * A published form's own keys beside its component's config, checked when it is published: `visitor` (where its
 * pages keep the visitor id) and `experiment`, whose every variant must make, with its changes laid over the rest, a
 * config the component takes, changing only what a variant may change. A page and the endpoint then apply it alike.
 */
import {experimentSchema, VARIANT_KEYS, visitorStoreSchema, withChanges, type FormComponent} from '../../src/coral/contract';
import {describeError, type ParseResult} from '../../src/coral/contract/library';

/** The problems with `visitor` and `experiment` in a published config, in the words a config's error box uses. */
export function experimentProblems(
  component: FormComponent,
  config: Record<string, unknown>,
  parse: (input: unknown) => ParseResult<unknown>,
): string[] {
  const problems: string[] = [];
  if (config.visitor !== undefined && !visitorStoreSchema.safeParse(config.visitor).success) {
    problems.push(`visitor: got ${JSON.stringify(config.visitor)}; expected "tab" (the default) or "browser"`);
  }
  const {experiment: given, visitor: _visitor, ...rest} = config;
  if (given === undefined) return problems;
  const allowed = VARIANT_KEYS[component];
  if (allowed === undefined) return [...problems, `experiment: a ${component} takes no experiment`];
  const experiment = experimentSchema.safeParse(given);
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
    const made = parse(withChanges(rest, changes));
    if (!made.ok) problems.push(...made.errors.map((error) => `${at}.changes → ${describeError(error)}`));
  });
  return problems;
}
