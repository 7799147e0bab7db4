/** How often a gift repeats: the one list every component, gateway and hand-off uses. */
export const FREQUENCIES = ['one-off', 'weekly', 'monthly', 'daily'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
/** The frequencies that charge more than once. */
export const RECURRING: readonly Frequency[] = ['weekly', 'monthly', 'daily'];

/** The gifts that go on until the supporter stops them; a daily gift ends by itself after its days. */
export const isOngoing = (frequency: Frequency | null): boolean => frequency === 'weekly' || frequency === 'monthly';
