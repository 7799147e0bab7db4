/** Fills `{name}` placeholders in a message. Plain text in, plain text out: never HTML. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
  );
}

// One Intl.PluralRules per locale: the rules never change while a page is open.
const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * A message that counts, in the plural form the locale uses for `count`:
 * `${key}.one`, `${key}.few`… from the table, falling back to `${key}.other`,
 * with `{count}` filled in.
 */
export function plural<K extends string>(messages: Readonly<Record<`${K}.other`, string>>, key: K, count: number, locale: string): string {
  let rules = pluralRules.get(locale);
  if (rules === undefined) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  const table = messages as Readonly<Record<string, string | undefined>>;
  const form = table[`${key}.${rules.select(count)}`] ?? table[`${key}.other`] ?? '';
  return fill(form, {count: count.toLocaleString(locale)});
}

/** A component's message table with the config's overrides on top. */
export function withOverrides<M extends Readonly<Record<string, string>>>(
  defaults: M,
  overrides: Readonly<Record<string, string | undefined>>,
): M {
  const merged: Record<string, string> = {...defaults};
  for (const [key, text] of Object.entries(overrides)) if (text !== undefined) merged[key] = text;
  return merged as M;
}
