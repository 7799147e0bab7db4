/** The attributes every Coral element reads: the element watches these, and the docs' table lists them. */
export const EMBED_ATTRIBUTES = [
  {
    name: 'config',
    accepts:
      'The config as JSON, the same as the React component’s config prop. Instead of the attribute, the element can hold a <script type="application/json"> with the config; the attribute wins when both are there.',
  },
  {
    name: 'id',
    accepts:
      'The element’s id. The component takes it as its own id, so data-coral-target="donate" on an external handle points at <coral-donate-form id="donate">.',
  },
  {
    name: 'heading-level',
    accepts: '1 to 4: the level of the component’s main heading, to fit the page’s outline (2 unless set; the thank-you takes 1 to 3).',
  },
] as const;

export const WATCHED_ATTRIBUTES: readonly string[] = EMBED_ATTRIBUTES.filter((a) => a.name !== 'id').map((a) => a.name);
