import type {ThankYouConfigInput} from '../schema';

/** The RG upgrade recipe's live example: the ask with its own source code. */
export const upgradeRecipe = {
  campaign: 'save-the-reef',
  urlParams: true,
  upgrade: {sourceCode: 'TY-UPGRADE'},
  share: {url: 'https://www.greenpeace.org.au/'},
} satisfies ThankYouConfigInput;
