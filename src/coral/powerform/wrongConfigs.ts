/** Configs the schema refuses, each with the key its error box must name. */
export const POWERFORM_WRONG_CONFIGS = {
  misspelledKey: {config: {campaign: 'save-the-reef', sourceCdoe: 'PF-REEF'}, key: 'sourceCdoe'},
  wrongValue: {config: {campaign: 'save-the-reef', variant: 'short'}, key: 'variant'},
} as const;
