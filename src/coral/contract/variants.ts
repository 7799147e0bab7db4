/**
 * A published form's experiment as a page and the endpoint both apply it: which variant a visitor is shown, and the
 * config that variant makes. Plain functions with no schema, so the code that reads a form by its id carries them
 * cheaply; ./experiments.ts checks an experiment when it is published.
 */

/** An experiment as a published form's config holds it (`experiment`), already checked when it was published. */
export type Experiment = {
  id: string;
  /** What it is decided on (experiments.ts, RESULT_METRICS); the component's first metric when left out. */
  metric?: string;
  /** The smallest lift worth finding, in percent. */
  smallestLiftPercent?: number;
  /** The first is the control, which the others are compared with. */
  variants: readonly {id: string; weight: number; changes: Record<string, unknown>}[];
};

/** Where the random visitor id lives: the tab's session (the default), or the browser's storage, across visits. */
export type VisitorStore = 'tab' | 'browser';

/** The keys a published form keeps beside its component's config, which the component itself never reads. */
export const PUBLISHED_KEYS = ['experiment', 'visitor'] as const;

/** FNV-1a over the text's UTF-16 code units, 32 bits: the same number in every browser and on the endpoint. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The variant a visitor sees: a point in [0, 1) from the visitor's id and the experiment's id, laid against the
 * variants' weights in order. The same visitor always gets the same variant of the same experiment, and two
 * experiments split the same visitors independently.
 */
export function assignVariant(experiment: Experiment, visitor: string): string {
  const point = fnv1a(`${experiment.id}:${visitor}`) / 2 ** 32;
  const total = experiment.variants.reduce((sum, variant) => sum + variant.weight, 0);
  let edge = 0;
  for (const variant of experiment.variants) {
    edge += variant.weight / total;
    if (point < edge) return variant.id;
  }
  return experiment.variants[experiment.variants.length - 1]!.id;
}

const isPlain = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `changes` laid over `config`: objects merge key by key, anything else (a list of handles, a number) replaces. */
export function withChanges(config: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = {...config};
  for (const [key, value] of Object.entries(changes)) {
    const base = merged[key];
    merged[key] = isPlain(base) && isPlain(value) ? withChanges(base, value) : value;
  }
  return merged;
}

/** A published config without the keys only publishing reads, as its component takes it. */
export function componentConfig(config: Record<string, unknown>): Record<string, unknown> {
  const rest: Record<string, unknown> = {...config};
  for (const key of PUBLISHED_KEYS) delete rest[key];
  return rest;
}

/**
 * The component's config for one variant of a published config: its changes laid over the rest. Null when the
 * config has no experiment, or no variant of that id (a page from an experiment since ended, say).
 */
export function variantConfig(config: Record<string, unknown>, variant: string): Record<string, unknown> | null {
  const experiment = config.experiment as Experiment | undefined;
  const found = experiment?.variants.find((each) => each.id === variant);
  return found === undefined ? null : withChanges(componentConfig(config), found.changes);
}
