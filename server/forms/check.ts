/**
 * A form's config checked before it is kept, by its component's own parse: a wrong one is refused with the words the
 * form's error box would show, one line per bad key (which key, the value given, what is allowed).
 */
import {componentConfig, FORM_COMPONENTS, PUBLISHED_BY_MAX, type FormComponent} from '../../src/coral/contract';
import {
  describeError,
  parseDonateFormConfig,
  parsePowerformConfig,
  parseThankYouConfig,
  type ParseResult,
} from '../../src/coral/contract/library';
import {experimentProblems} from './experiment';

const PARSE: Record<FormComponent, (input: unknown) => ParseResult<{campaign: string}>> = {
  'donate-form': parseDonateFormConfig,
  powerform: parsePowerformConfig,
  'thank-you': parseThankYouConfig,
};

/** A config as it is kept: the component's config as given (the page parses it again, with its own defaults). */
export type CheckedForm = {component: FormComponent; campaign: string; config: Record<string, unknown>};

export type FormCheck = {ok: true; form: CheckedForm} | {ok: false; problems: string[]};

const isComponent = (value: unknown): value is FormComponent => (FORM_COMPONENTS as readonly unknown[]).includes(value);

/** `body`: the config with a `component` key naming its component, as `PUT /forms/<id>` and `forms publish` take it. */
export function checkForm(body: unknown): FormCheck {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {ok: false, problems: ['expected a config: a JSON object with a "component" key']};
  }
  const {component, ...config} = body as Record<string, unknown>;
  if (!isComponent(component)) {
    const given = component === undefined ? '(missing)' : JSON.stringify(component);
    return {ok: false, problems: [`component: got ${given}; expected one of ${FORM_COMPONENTS.join(', ')}`]};
  }
  const parse = PARSE[component];
  const parsed = parse(componentConfig(config));
  const problems = [...(parsed.ok ? [] : parsed.errors.map(describeError)), ...experimentProblems(component, config, parse)];
  if (!parsed.ok || problems.length > 0) return {ok: false, problems};
  return {ok: true, form: {component, campaign: parsed.config.campaign, config}};
}

/** A name as encodePublishedBy writes it (the charset's name in any case, as RFC 8187 allows). */
const ENCODED_NAME = /^utf-8''(.*)$/i;

/**
 * A header's value as the person wrote it, or null when it says it is percent-encoded and is not. A page sends the
 * name percent-encoded (encodePublishedBy); a tool may send its UTF-8 bytes as they are, which the host hands over one
 * character per byte, so those are read back as UTF-8 (Ngā, Zoë); bytes that are not UTF-8 are left as they came.
 */
export function headerText(value: string): string | null {
  const encoded = ENCODED_NAME.exec(value.trim());
  if (encoded !== null) {
    try {
      return decodeURIComponent(encoded[1]!);
    } catch {
      return null;
    }
  }
  if (![...value].every((char) => char.charCodeAt(0) <= 0xff)) return value;
  try {
    return new TextDecoder('utf-8', {fatal: true}).decode(Uint8Array.from(value, (char) => char.charCodeAt(0)));
  } catch {
    return value;
  }
}

/** Who published, as a version keeps it: trimmed, at most PUBLISHED_BY_MAX characters, or null when not said. */
export function publishedBy(name: string | null | undefined): {ok: true; by: string | null} | {ok: false; problem: string} {
  const by = name?.trim() ?? '';
  if (by === '') return {ok: true, by: null};
  if ([...by].length > PUBLISHED_BY_MAX) return {ok: false, problem: `who published: at most ${PUBLISHED_BY_MAX} characters`};
  // eslint-disable-next-line no-control-regex -- a control character in a name is a paste gone wrong, never a name
  if (/[\u0000-\u001f\u007f]/.test(by)) return {ok: false, problem: 'who published: a name, without control characters'};
  return {ok: true, by};
}
