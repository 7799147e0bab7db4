/** The emails that carry a receipt, a note that cancels one, and a year's statement: the facts in short, the PDF attached. */
import {Body} from '@react-email/body';
import {Button} from '@react-email/button';
import {Container} from '@react-email/container';
import {Head} from '@react-email/head';
import {Heading} from '@react-email/heading';
import {Hr} from '@react-email/hr';
import {Html} from '@react-email/html';
import {Preview} from '@react-email/preview';
import {render} from '@react-email/render';
import {Section} from '@react-email/section';
import {Text} from '@react-email/text';
import {Fragment, type CSSProperties, type ReactElement, type ReactNode} from 'react';
import type {Issuer, ReceiptDocument, StatementDocument} from './documents';
import {receiptWords, statementWords} from './words';

// The forms' look: the system's own font, their text, muted and accent colours, their soft panel.
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif";
const INK = '#1b1f23';
const MUTED = '#4a5560';
const ACCENT = '#0a6481';
const SOFT = '#e8f3f6';

const styles = {
  body: {margin: 0, padding: '16px 0', backgroundColor: '#ffffff', color: INK, fontFamily: FONT},
  container: {maxWidth: '560px', margin: '0 auto', padding: '0 16px'},
  issuer: {margin: '0 0 4px', fontSize: '14px', lineHeight: '20px', color: MUTED},
  title: {margin: '0 0 16px', fontSize: '24px', lineHeight: '30px', fontWeight: 700, color: INK},
  text: {margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', color: INK},
  panel: {backgroundColor: SOFT, borderRadius: '8px', padding: '12px 16px', margin: '0 0 16px'},
  fact: {margin: '4px 0', fontSize: '16px', lineHeight: '24px', color: INK},
  label: {color: MUTED},
  button: {
    display: 'inline-block',
    backgroundColor: ACCENT,
    color: '#ffffff',
    borderRadius: '8px',
    padding: '12px 18px',
    fontSize: '16px',
    lineHeight: '22px',
    fontWeight: 600,
    textDecoration: 'none',
  },
  rule: {borderColor: '#c5d3d9', margin: '24px 0 12px'},
  footer: {margin: 0, fontSize: '13px', lineHeight: '20px', color: MUTED},
} satisfies Record<string, CSSProperties>;

type LetterProps = {issuer: Issuer; locale: string; preview: string; title: string; attached: string | null; children: ReactNode};

/** What every one of these emails has: the issuer, a title, the facts, what is attached, the supporter's page, who sent it. */
function Letter({issuer, locale, preview, title, attached, children}: LetterProps) {
  return (
    <Html lang={locale}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.issuer}>{issuer.legalName}</Text>
          <Heading as="h1" style={styles.title}>
            {title}
          </Heading>
          {children}
          {attached !== null && <Text style={styles.text}>{attached}</Text>}
          {issuer.supporterPage !== null && (
            <Section style={{margin: '0 0 8px'}}>
              <Button href={issuer.supporterPage} style={styles.button}>
                See your gifts, download receipts and change a regular gift
              </Button>
            </Section>
          )}
          <Hr style={styles.rule} />
          <Text style={styles.footer}>
            {issuer.legalName} · {issuer.number}
            {issuer.address?.split('\n').map((line, i) => (
              <Fragment key={i}>
                <br />
                {line}
              </Fragment>
            ))}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

function Facts({rows}: {rows: [string, string][]}) {
  return (
    <Section style={styles.panel}>
      {rows.map(([label, value]) => (
        <Text key={label} style={styles.fact}>
          <span style={styles.label}>{label}:</span> <strong>{value}</strong>
        </Text>
      ))}
    </Section>
  );
}

const Paragraph = ({children}: {children: ReactNode}) => <Text style={styles.text}>{children}</Text>;

export function ReceiptEmail({issuer, doc}: {issuer: Issuer; doc: ReceiptDocument}) {
  const words = receiptWords(issuer, doc);
  const cancelling = doc.kind === 'cancellation';
  return (
    <Letter
      issuer={issuer}
      locale={doc.locale}
      preview={cancelling ? `${words.title}: ${words.total} refunded` : `${words.name}: ${words.total} to ${issuer.legalName}`}
      title={words.title}
      attached={cancelling ? 'This note is attached as a PDF.' : 'Your receipt is attached as a PDF.'}
    >
      {!cancelling && <Paragraph>Thank you for your gift to {issuer.legalName}.</Paragraph>}
      <Facts rows={words.facts} />
      <Paragraph>{words.declaration}</Paragraph>
      {words.payments !== null && (
        <Section style={styles.panel}>
          {words.payments.rows.map(({date, amount}, i) => (
            <Text key={i} style={styles.fact}>
              <span style={styles.label}>{date}:</span> {amount}
            </Text>
          ))}
          <Text style={styles.fact}>
            <strong>Total: {words.payments.total}</strong>
          </Text>
        </Section>
      )}
      {words.taxWords !== null && <Paragraph>{words.taxWords}</Paragraph>}
    </Letter>
  );
}

export function StatementEmail({issuer, doc}: {issuer: Issuer; doc: StatementDocument}) {
  const words = statementWords(issuer, doc);
  const count = doc.lines.length;
  return (
    <Letter
      issuer={issuer}
      locale={doc.locale}
      preview={`${words.title}: ${count} ${count === 1 ? 'gift' : 'gifts'}`}
      title={words.title}
      attached="Your statement is attached as a PDF, with every gift and its receipt."
    >
      {count > 0 && <Paragraph>Thank you for your gifts to {issuer.legalName} this year.</Paragraph>}
      <Facts rows={[...words.facts, ['Gifts', String(count)], ...words.totals]} />
      <Paragraph>{words.intro}</Paragraph>
      {words.taxWords !== null && <Paragraph>{words.taxWords}</Paragraph>}
    </Letter>
  );
}

/** The link to a supporter's own page they asked for: it works once, for a while, on the browser it is opened in. */
export function LinkEmail({issuer, url, minutes}: {issuer: Issuer; url: string; minutes: number}) {
  return (
    <Letter
      issuer={{...issuer, supporterPage: null}}
      locale="en"
      preview={`Your link works once, for ${minutes} minutes`}
      title="Your link to your page"
      attached={null}
    >
      <Paragraph>
        You asked for a link to your page with {issuer.legalName}: your gifts, receipts and details, and your regular gifts to change.
      </Paragraph>
      <Section style={{margin: '0 0 16px'}}>
        <Button href={url} style={styles.button}>
          Open my page
        </Button>
      </Section>
      <Paragraph>Or copy this address into your browser: {url}</Paragraph>
      <Paragraph>
        The link works once, for {minutes} minutes. If you did not ask for it, there is nothing to do: no one can use it without this email.
      </Paragraph>
    </Letter>
  );
}

// html-to-text writes headings in capitals unless told not to.
const PLAIN = {htmlToTextOptions: {selectors: [{selector: 'h1', options: {uppercase: false}}]}};

/** The email as HTML, and as the plain text sent beside it. */
export async function renderEmail(email: ReactElement): Promise<{html: string; text: string}> {
  const [html, text] = await Promise.all([render(email), render(email, {plainText: true, ...PLAIN})]);
  return {html, text};
}
