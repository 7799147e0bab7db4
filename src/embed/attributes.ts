/** The attributes every Coral element reads, by name only: what each accepts is docs text, in src/embed/reference.ts. */
export const ELEMENT_ATTRIBUTES = ['config', 'form', 'endpoint', 'id', 'heading-level', 'fallback-url'] as const;

export type ElementAttribute = (typeof ELEMENT_ATTRIBUTES)[number];

export const WATCHED_ATTRIBUTES: readonly string[] = ELEMENT_ATTRIBUTES.filter((name) => name !== 'id' && name !== 'fallback-url');
