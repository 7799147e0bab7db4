/** Configs the schema refuses, each with the key its error box must name. */
export const THANK_YOU_WRONG_CONFIGS = {
  misspelledKey: {config: {campaign: 'save-the-reef', urlParmas: true}, key: 'urlParmas'},
  wrongValue: {config: {campaign: 'save-the-reef', share: {channels: ['myspace']}}, key: 'share.channels.0'},
} as const;
