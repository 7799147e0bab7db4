/** The outcome of checking one value: the clean value, or why it was refused. */
export type Check<T> = {ok: true; value: T} | {ok: false; reason: string};

export const accept = <T>(value: T): Check<T> => ({ok: true, value});
export const refuse = <T = never>(reason: string): Check<T> => ({ok: false, reason});
