/**
 * The reference sections of a component's docs, drawn from the JSON the
 * config-reference plugin writes at build time from the component's schema
 * and tables. Nothing here is written by hand.
 */
import type {ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import ConfigTable, {type ConfigRow} from '../ConfigTable';
import ReferenceTable from '../ReferenceTable';

export type ComponentReferenceData = {
  options: ConfigRow[];
  urlParameters: {name: string; accepts: string}[];
  events: {name: string; when: string; detail: string}[];
  dataLayer: {event: string; when: string; fields: string}[];
  messages: {key: string; text: string}[];
  badConfig?: {config: unknown; errors: string[]};
};

type Props = {data: ComponentReferenceData; component: string};

export const Options = ({data, component}: Props): ReactNode => (
  <ConfigTable rows={data.options} caption={`Every option of the ${component} config`} />
);

export const UrlParameters = ({data, component}: Props): ReactNode => (
  <ReferenceTable
    caption={`URL parameters the ${component} reads`}
    rows={data.urlParameters}
    rowKey={(row) => row.name}
    rowId={(row) => `param-${row.name}`}
    columns={[
      {label: 'Parameter', rowHeader: true, cell: (row) => <code>{row.name}</code>},
      {label: 'Accepts', cell: (row) => row.accepts},
    ]}
  />
);

export const Events = ({data, component}: Props): ReactNode => (
  <ReferenceTable
    caption={`DOM events the ${component} dispatches`}
    rows={data.events}
    rowKey={(row) => row.name}
    rowId={(row) => `event-${row.name.replace(':', '-')}`}
    columns={[
      {label: 'Event', rowHeader: true, cell: (row) => <code>{row.name}</code>},
      {label: 'When', cell: (row) => row.when},
      {label: 'event.detail', cell: (row) => row.detail},
    ]}
  />
);

export const DataLayer = ({data, component}: Props): ReactNode => (
  <ReferenceTable
    caption={`dataLayer pushes from the ${component}`}
    rows={data.dataLayer}
    rowKey={(row) => row.event}
    columns={[
      {label: 'event', rowHeader: true, cell: (row) => <code>{row.event}</code>},
      {label: 'When', cell: (row) => row.when},
      {label: 'Fields', cell: (row) => row.fields},
    ]}
  />
);

export const Messages = ({data, component}: Props): ReactNode => (
  <ReferenceTable
    caption={`Messages of the ${component}, with their default text`}
    rows={data.messages}
    rowKey={(row) => row.key}
    columns={[
      {label: 'Key', rowHeader: true, cell: (row) => <code>{row.key}</code>},
      {label: 'Default text', cell: (row) => row.text},
    ]}
  />
);

/** A config with mistakes and the exact lines the component reports for it. */
export const BadConfig = ({data}: Props): ReactNode =>
  data.badConfig ? (
    <>
      <CodeBlock language="json" title="A config with mistakes">
        {JSON.stringify(data.badConfig.config, null, 2)}
      </CodeBlock>
      <CodeBlock language="text" title="What the error box and the console say">
        {data.badConfig.errors.join('\n')}
      </CodeBlock>
    </>
  ) : null;
