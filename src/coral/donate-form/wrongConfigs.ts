/** Configs the schema refuses, each with the key its error box must name. */
export const DONATE_FORM_WRONG_CONFIGS = {
  misspelledKey: {config: {campaign: 'save-the-reef', frequncies: ['monthly']}, key: 'frequncies'},
  wrongValue: {config: {campaign: 'save-the-reef', size: 'huge'}, key: 'size'},
} as const;
