/** How often a gift repeats: the one list every component, gateway and hand-off uses. */
export const FREQUENCIES = ['one-off', 'weekly', 'monthly', 'daily'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
/** The frequencies that charge more than once. */
export const RECURRING: readonly Frequency[] = ['weekly', 'monthly', 'daily'];
