/**
 * Reads Stripe's request encoding: form fields with bracketed paths,
 * `items[0][price_data][currency]=aud`, into nested objects and arrays. Values
 * stay strings, as they arrive; each endpoint reads them as it needs.
 */
export type FormValue = string | FormValue[] | {[key: string]: FormValue};

function place(target: Record<string, FormValue> | FormValue[], path: string[], value: string): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  const slot = target as Record<string, FormValue>;
  if (rest.length === 0) {
    // `expand[]=a&expand[]=b` appends, as Rails-style encoding does.
    if (head === '' && Array.isArray(target)) target.push(value);
    else slot[head] = value;
    return;
  }
  const wantsArray = rest[0] === '' || /^\d+$/.test(rest[0]!);
  const key = head === '' && Array.isArray(target) ? String(target.length) : head;
  const existing = slot[key];
  const child = existing !== undefined && typeof existing === 'object' ? existing : wantsArray ? [] : {};
  slot[key] = child;
  place(child, rest, value);
}

/** `a[b][0]=x` → `{a: {b: ['x']}}`. */
export function decodeForm(text: string): Record<string, FormValue> {
  const result: Record<string, FormValue> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const [first = '', ...brackets] = name.split('[');
    place(result, [first, ...brackets.map((part) => part.replace(/\]$/, ''))], value);
  }
  return result;
}

/** The same params in one canonical text, so two requests compare equal whatever order their fields came in. */
export function canonical(value: FormValue | Record<string, FormValue>): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key]!)}`).join(',')}}`;
}
