/** The donate form's public door: the component, with all that its core door (./core.ts) holds. */
export {DonateForm, type DonateFormHandle, type DonateFormProps} from './DonateForm';
export * from './core';
export {STEPS, type Step} from './machine';
