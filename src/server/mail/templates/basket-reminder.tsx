/**
 * The abandoned-basket reminder (decision 042; spec 7 basketabandon, decision 025): marketing mail,
 * so it goes only with consent and the layout adds the unsubscribe and preferences links. It shows
 * what is in the basket, each with its picture and price, and one way back to it.
 */
import { Img, Link, Text } from '@react-email/components';
import { formatMoney, type Money } from '@/domain/money';
import { absoluteUrl, type MailContext, pictureUrl } from './context';
import { EmailLayout } from './layout';
import { ActionButton, Paragraph, Title } from './parts';
import { INK, MUTED, RULE } from './theme';

export interface BasketReminderLine {
  /** The deal's headline. */
  title: string;
  /** The option chosen ("Afternoon tea for two"). */
  option: string;
  /** The deal's first picture (a path on the shop, or a full URL), or null. */
  imageUrl: string | null;
  /** The deal page (a path on the shop, or a full URL). */
  url: string;
  quantity: number;
  /** What the line costs now; null when it can no longer be bought. */
  price: Money | null;
  /** Why it cannot be bought now ("Sold out"), else null. */
  unavailableReason: string | null;
}

export interface BasketReminderData {
  firstName: string;
  lines: BasketReminderLine[];
  /** Lines left out of the list (the email shows the first few). */
  moreLines: number;
  /** What the lines that can still be bought cost together. */
  total: Money;
  basketUrl: string;
}

const THUMB = 96;

function LineRow(props: { line: BasketReminderLine; context: MailContext }) {
  const { line, context } = props;
  const href = absoluteUrl(context, line.url);
  return (
    <tr>
      <td
        style={{
          width: `${THUMB}px`,
          padding: '12px 12px 12px 0',
          verticalAlign: 'top',
          borderTop: `1px solid ${RULE}`,
        }}
      >
        {line.imageUrl ? (
          // Decorative beside the linked title, so it is neither a second link nor read out.
          <Img
            src={pictureUrl(context, line.imageUrl)}
            alt=""
            width={String(THUMB)}
            height={String(Math.round((THUMB * 5) / 8))}
            style={{ borderRadius: '4px', display: 'block', objectFit: 'cover' }}
          />
        ) : null}
      </td>
      <td style={{ padding: '12px 0', verticalAlign: 'top', borderTop: `1px solid ${RULE}` }}>
        <Text style={{ color: INK, fontSize: '15px', fontWeight: 700, lineHeight: '20px', margin: '0 0 4px' }}>
          <Link href={href} style={{ color: INK, textDecoration: 'none' }}>
            {line.title}
          </Link>
        </Text>
        <Text className="mail-muted" style={{ color: MUTED, fontSize: '14px', lineHeight: '20px', margin: '0 0 4px' }}>
          {line.option}
          {line.quantity > 1 ? ` × ${line.quantity}` : ''}
        </Text>
        <Text style={{ color: INK, fontSize: '15px', fontWeight: 700, lineHeight: '20px', margin: 0 }}>
          {line.price !== null ? formatMoney(line.price) : (line.unavailableReason ?? 'No longer available')}
        </Text>
      </td>
    </tr>
  );
}

export function BasketReminderEmail(props: { data: BasketReminderData; context: MailContext }) {
  const { data, context } = props;
  return (
    <EmailLayout context={context} preview="Your basket is waiting for you.">
      <Title>Your basket is waiting for you</Title>
      <Paragraph>Hi {data.firstName || 'there'},</Paragraph>
      <Paragraph>You left {data.lines.length + data.moreLines > 1 ? 'these' : 'this'} in your basket:</Paragraph>
      <table
        role="presentation"
        width="100%"
        cellPadding={0}
        cellSpacing={0}
        style={{ borderCollapse: 'collapse', margin: '0 0 8px' }}
      >
        <tbody>
          {data.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the basket's lines in their order; one deal may be there twice.
            <LineRow key={index} line={line} context={context} />
          ))}
        </tbody>
      </table>
      {data.moreLines > 0 ? (
        <Paragraph muted>
          ...and {data.moreLines} more {data.moreLines === 1 ? 'item' : 'items'}
        </Paragraph>
      ) : null}
      <table
        role="presentation"
        width="100%"
        cellPadding={0}
        cellSpacing={0}
        style={{ borderCollapse: 'collapse', margin: '0 0 16px' }}
      >
        <tbody>
          <tr>
            <td style={{ color: INK, fontSize: '16px', padding: '12px 0 0', borderTop: `1px solid ${RULE}` }}>
              Basket total
            </td>
            <td
              style={{
                color: INK,
                fontSize: '16px',
                fontWeight: 700,
                padding: '12px 0 0',
                textAlign: 'right',
                borderTop: `1px solid ${RULE}`,
              }}
            >
              {formatMoney(data.total)}
            </td>
          </tr>
        </tbody>
      </table>
      <ActionButton context={context} href={data.basketUrl}>
        Go to your basket
      </ActionButton>
      <Paragraph muted>Prices and availability can change, so check out soon.</Paragraph>
    </EmailLayout>
  );
}
