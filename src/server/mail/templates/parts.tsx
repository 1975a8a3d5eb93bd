/**
 * The pieces emails are built from (decision 042): a heading, paragraphs, a button, a notice box and
 * a list of facts. Each keeps its colours inline (mail programs drop most stylesheets) and a class
 * the layout's dark-mode rules can reach.
 */
import { Heading, Link, Button as MailButton, Section, Text } from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';
import type { MailContext } from './context';
import { EMAIL_THEMES, INK, MUTED, RULE } from './theme';

export function Title(props: { children: ReactNode }) {
  return (
    <Heading as="h1" style={{ color: INK, fontSize: '22px', lineHeight: '28px', margin: '0 0 16px' }}>
      {props.children}
    </Heading>
  );
}

export function Subtitle(props: { children: ReactNode }) {
  return (
    <Heading as="h2" style={{ color: INK, fontSize: '17px', lineHeight: '24px', margin: '24px 0 8px' }}>
      {props.children}
    </Heading>
  );
}

export function Paragraph(props: { children: ReactNode; muted?: boolean }) {
  return (
    <Text
      className={props.muted ? 'mail-muted' : undefined}
      style={{
        color: props.muted ? MUTED : INK,
        fontSize: props.muted ? '14px' : '16px',
        lineHeight: props.muted ? '20px' : '24px',
        margin: '0 0 12px',
        whiteSpace: 'pre-line',
      }}
    >
      {props.children}
    </Text>
  );
}

/** A link in running text, in the brand's colour. */
export function InlineLink(props: { context: MailContext; href: string; children: ReactNode }) {
  return (
    <Link
      className="mail-link"
      href={props.href}
      style={{ color: EMAIL_THEMES[props.context.brand].primary, textDecoration: 'underline' }}
    >
      {props.children}
    </Link>
  );
}

/** The one call to action; its text part reads "label URL". */
export function ActionButton(props: { context: MailContext; href: string; children: ReactNode }) {
  const theme = EMAIL_THEMES[props.context.brand];
  return (
    <Section style={{ margin: '8px 0 20px' }}>
      <MailButton
        href={props.href}
        style={{
          backgroundColor: theme.primary,
          color: theme.primaryContrast,
          borderRadius: '6px',
          fontSize: '16px',
          fontWeight: 700,
          padding: '12px 20px',
          textDecoration: 'none',
        }}
      >
        {props.children}
      </MailButton>
    </Section>
  );
}

/**
 * The panel notes and codes sit in: light, with a rule round it (dashed round a code, like a coupon
 * to cut out); `style` adjusts its spacing and alignment.
 */
export function Panel(props: { children: ReactNode; dashed?: boolean; style?: CSSProperties }) {
  return (
    <Section
      className="mail-box"
      style={{
        backgroundColor: '#f6f6f8',
        border: props.dashed ? `2px dashed ${RULE}` : `1px solid ${RULE}`,
        borderRadius: props.dashed ? '8px' : '6px',
        padding: '12px 16px',
        margin: '8px 0 16px',
        ...props.style,
      }}
    >
      {props.children}
    </Section>
  );
}

/** A boxed note: what to keep in mind (a link's lifetime, what to do if it was not you). */
export function NoticeBox(props: { children: ReactNode }) {
  return <Panel>{props.children}</Panel>;
}

/** Label and value pairs, one per row (a table reads in order in the text part too). */
export function Facts(props: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: 'collapse', margin: '0 0 12px' }}
    >
      <tbody>
        {props.rows.map(([label, value]) => (
          <tr key={label}>
            <th
              scope="row"
              className="mail-muted"
              style={{
                color: MUTED,
                fontSize: '14px',
                fontWeight: 400,
                textAlign: 'left',
                padding: '4px 12px 4px 0',
                verticalAlign: 'top',
                width: '40%',
              }}
            >
              {label}
            </th>
            <td
              style={{ color: INK, fontSize: '14px', padding: '4px 0', verticalAlign: 'top', wordBreak: 'break-word' }}
            >
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
