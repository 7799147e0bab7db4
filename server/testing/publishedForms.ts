/** A powerform published with a two-headline experiment, as the results' tests and the attack suite publish it. */
export const PETITION_FORM = {
  component: 'powerform',
  campaign: 'deep-sea-petition',
  fields: {postcode: 'optional'},
  experiment: {
    id: 'headline',
    variants: [
      {id: 'control', weight: 1, changes: {}},
      {id: 'urgent', weight: 1, changes: {messages: {heading: 'Stop deep-sea mining before July'}}},
    ],
  },
};
