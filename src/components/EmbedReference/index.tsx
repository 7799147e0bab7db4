/**
 * The embed's reference tables, drawn from the JSON the config-reference
 * plugin writes at build time from the embed's source (src/embed/reference.ts).
 */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import ReferenceTable from '../ReferenceTable';
import type {EmbedReferenceData} from '@site/src/embed/reference';

type Props = {data: EmbedReferenceData};

const list = (items: readonly string[]): ReactNode =>
  items.map((item, i) => (
    <span key={item}>
      {i > 0 && ', '}
      <code>{item}</code>
    </span>
  ));

export const Elements = ({data}: Props): ReactNode => (
  <ReferenceTable
    caption="Coral's custom elements"
    rows={data.elements}
    rowKey={(row) => row.tag}
    columns={[
      {label: 'Element', rowHeader: true, cell: (row) => <code>{`<${row.tag}>`}</code>},
      {label: 'Component', cell: (row) => <Link to={row.reference}>{row.component}</Link>},
      {label: 'Events', cell: (row) => list(row.events)},
    ]}
  />
);

export const Attributes = ({data}: Props): ReactNode => (
  <ReferenceTable
    caption="Attributes of every Coral element"
    rows={data.attributes}
    rowKey={(row) => row.name}
    columns={[
      {label: 'Attribute', rowHeader: true, cell: (row) => <code>{row.name}</code>},
      {label: 'Accepts', cell: (row) => row.accepts},
    ]}
  />
);

export const CustomProperties = ({data}: Props): ReactNode => (
  <ReferenceTable
    caption="CSS custom properties that theme every Coral element"
    rows={data.customProperties}
    rowKey={(row) => row.name}
    columns={[
      {label: 'Property', rowHeader: true, cell: (row) => <code>{row.name}</code>},
      {label: 'What it colours or sets', cell: (row) => row.description},
      {label: 'Light default', cell: (row) => <code>{row.light}</code>},
      {label: 'Dark default', cell: (row) => <code>{row.dark}</code>},
    ]}
  />
);

export const Parts = ({data}: Props): ReactNode => (
  <ReferenceTable
    caption="Parts a page can style with ::part()"
    rows={data.parts}
    rowKey={(row) => row.name}
    columns={[
      {label: 'Part', rowHeader: true, cell: (row) => <code>{row.name}</code>},
      {label: 'On', cell: (row) => list(row.elements.map((element) => `<${element}>`))},
      {label: 'In', cell: (row) => row.components.join(', ')},
    ]}
  />
);
