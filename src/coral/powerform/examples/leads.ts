import type {PowerformConfigInput} from '../schema';

/** /demos/powerform-leads: the shortest form, for lead generation. */
export const leads = {
  campaign: 'plastic-free-pacific',
  sourceCode: 'LEADS-PLASTIC',
  variant: 'leads',
  fields: {lastName: 'hidden', phone: 'hidden'},
  counter: {enabled: false},
  messages: {
    heading: 'Get the plastic-free guide',
    submit: 'Send me the guide',
  },
} satisfies PowerformConfigInput;
