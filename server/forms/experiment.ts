/**
 * A published form's own keys beside its component's config, checked when it is published: `visitor` (where its
 * pages keep the visitor id) and `experiment`, by the contract's rule (`publishedKeyProblems`), which the Customise
 * tab checks a pasted config by too. A page and the endpoint then apply it alike.
 */
import {publishedKeyProblems, type FormComponent} from '../../src/coral/contract';
import {describeError, type ParseResult} from '../../src/coral/contract/library';

/** The problems with `visitor` and `experiment` in a published config, in the words a config's error box uses. */
export function experimentProblems(
  component: FormComponent,
  config: Record<string, unknown>,
  parse: (input: unknown) => ParseResult<unknown>,
): string[] {
  const {experiment, visitor, ...rest} = config;
  return publishedKeyProblems(component, rest, {experiment, visitor}, (made) => {
    const parsed = parse(made);
    return parsed.ok ? [] : parsed.errors.map(describeError);
  });
}
