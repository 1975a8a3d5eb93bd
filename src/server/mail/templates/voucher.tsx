/**
 * One line of an order as the confirmation shows it (decision 042): the deal's picture, headline and
 * option, the merchant's name and address, each voucher's code and security code in large monospace
 * with its use-by date and a link to print it, how and when to redeem, the dates of a stay or dated
 * event, and the line's right to cancel (src/domain/cancellation-rights.ts). Everything comes from the
 * data queued with the email, so a resend shows what was bought, as it was bought.
 */
import { Img, Section, Text } from '@react-email/components';
import type { CSSProperties } from 'react';
import { type CancellationRight, describeCancellationRight, formatDay } from '@/domain/cancellation-rights';
import { formatLongDate } from '@/domain/format';
import { absoluteUrl, type MailContext } from './context';
import { InlineLink, NoticeBox, Panel, Paragraph, Subtitle } from './parts';
import { INK, MUTED, RULE } from './theme';

/** One issued voucher of a line. */
export interface VoucherCodeData {
  id: number;
  code: string;
  securityCode: string;
  /** The status it was issued in (ready, booked): the printed voucher's instructions follow it. */
  status: string;
  /** The last moment it can be used (ISO). */
  expiresAt: string;
}

/** A line of the order with its vouchers. */
export interface VoucherLineData {
  lineId: number;
  headline: string;
  option: string;
  quantity: number;
  /** The deal's picture at email width: a path on the public origin, and its alt text. */
  picture: { path: string; alt: string } | null;
  merchant: { name: string; address: string; phone: string; bookingHours: string | null };
  /** How to use the voucher (src/domain/vouchers.ts redeemInstructionsForDeal). */
  howToRedeem: string[];
  /** The dates fixed at purchase (a stay, a dated event), as ISO days; null when chosen later. */
  dates: { startDate: string; endDate: string | null; nights: number | null; departureAirport: string | null } | null;
  vouchers: VoucherCodeData[];
  cancellation: CancellationRight;
}

const MONO = "'SFMono-Regular', Menlo, Consolas, 'Courier New', monospace";
const label: CSSProperties = { color: MUTED, fontSize: '13px', lineHeight: '18px', margin: 0 };

/** The printable voucher's address (the same PDF that is attached). */
export function printPath(voucher: Pick<VoucherCodeData, 'id'>): string {
  return `/api/v1/voucher/${voucher.id}/pdf`;
}

/** The dates of a stay or dated event, in words. */
function datesLine(dates: NonNullable<VoucherLineData['dates']>): string {
  const nights = dates.nights ? ` (${dates.nights} ${dates.nights === 1 ? 'night' : 'nights'})` : '';
  const span =
    dates.endDate === null || dates.endDate === dates.startDate
      ? `On ${formatDay(dates.startDate)}`
      : `${formatDay(dates.startDate)} to ${formatDay(dates.endDate)}${nights}`;
  return dates.departureAirport ? `${span}, flying from ${dates.departureAirport}` : span;
}

/** How and when to use a line's vouchers: its redeem instructions, the merchant's booking hours, the use-by date. */
function howAndWhen(line: VoucherLineData): string[] {
  const steps = [...line.howToRedeem];
  if (line.merchant.bookingHours) steps.push(`${line.merchant.name} takes bookings ${line.merchant.bookingHours}.`);
  const first = line.vouchers[0];
  if (first !== undefined) {
    steps.push(`Use ${line.vouchers.length > 1 ? 'them' : 'it'} by ${formatLongDate(new Date(first.expiresAt))}.`);
  }
  return steps;
}

/**
 * Steps as a bulleted table: table cells take the layout's dark-mode colours (a list's items would
 * not), and the text part reads them as "•  step" lines.
 */
function Steps(props: { steps: string[] }) {
  const cell: CSSProperties = {
    color: INK,
    fontSize: '14px',
    lineHeight: '20px',
    padding: '0 0 4px',
    verticalAlign: 'top',
  };
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      data-text-format="dataTable"
      style={{ borderCollapse: 'collapse', margin: '0 0 12px', width: '100%' }}
    >
      <tbody>
        {props.steps.map((step) => (
          <tr key={step}>
            <td aria-hidden="true" style={{ ...cell, width: '16px', paddingRight: '4px' }}>
              •
            </td>
            <td style={cell}>{step}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One voucher's codes, large enough to read out or type from a phone, with its use-by date. */
function VoucherCode(props: { context: MailContext; voucher: VoucherCodeData }) {
  const { context, voucher } = props;
  const code: CSSProperties = {
    color: INK,
    fontFamily: MONO,
    fontWeight: 700,
    letterSpacing: '1px',
    margin: '0 0 10px',
    wordBreak: 'break-all',
  };
  return (
    <Panel dashed style={{ padding: '14px 16px', margin: '0 0 12px' }}>
      <Text style={{ ...code, fontSize: '24px', lineHeight: '32px' }}>
        <span className="mail-muted" style={{ ...label, fontFamily: 'inherit', fontWeight: 400, letterSpacing: 0 }}>
          Voucher code
        </span>
        <br />
        {voucher.code}
      </Text>
      <Text style={{ ...code, fontSize: '20px', lineHeight: '28px' }}>
        <span className="mail-muted" style={{ ...label, fontFamily: 'inherit', fontWeight: 400, letterSpacing: 0 }}>
          Security code
        </span>
        <br />
        {voucher.securityCode}
      </Text>
      <Text style={{ color: INK, fontSize: '14px', lineHeight: '20px', margin: '0 0 6px' }}>
        Use by {formatLongDate(new Date(voucher.expiresAt))}
      </Text>
      <Text style={{ fontSize: '14px', lineHeight: '20px', margin: 0 }}>
        <InlineLink context={context} href={absoluteUrl(context, printPath(voucher))}>
          Print your voucher
        </InlineLink>
        <span className="mail-muted" style={{ color: MUTED }}>
          {' '}
          (PDF, also attached)
        </span>
      </Text>
    </Panel>
  );
}

/** A line of the order: what was bought, where, its vouchers, how to use them and the right to cancel. */
export function VoucherBlock(props: { context: MailContext; line: VoucherLineData; cancellationFormUrl: string }) {
  const { context, line } = props;
  const cancel = describeCancellationRight(line.cancellation);
  return (
    <Section style={{ borderTop: `1px solid ${RULE}`, padding: '16px 0 4px', margin: '8px 0 0' }}>
      {line.picture ? (
        <Img
          src={absoluteUrl(context, line.picture.path)}
          alt={line.picture.alt}
          width="552"
          style={{
            display: 'block',
            width: '100%',
            maxWidth: '552px',
            height: 'auto',
            borderRadius: '6px',
            margin: '0 0 12px',
          }}
        />
      ) : null}
      <Subtitle>{line.headline}</Subtitle>
      <Paragraph>
        {line.option}
        {line.quantity > 1 ? ` × ${line.quantity}` : ''}
      </Paragraph>
      <Paragraph muted>
        <strong>{line.merchant.name}</strong>
        <br />
        {line.merchant.address}
        {line.merchant.phone ? (
          <>
            <br />
            {line.merchant.phone}
          </>
        ) : null}
      </Paragraph>
      {line.dates ? <Paragraph>{datesLine(line.dates)}</Paragraph> : null}
      {line.vouchers.map((voucher) => (
        <VoucherCode key={voucher.id} context={context} voucher={voucher} />
      ))}
      <Text style={{ color: INK, fontSize: '15px', fontWeight: 700, lineHeight: '22px', margin: '4px 0 4px' }}>
        How and when to use it
      </Text>
      <Steps steps={howAndWhen(line)} />
      <NoticeBox>
        <Text style={{ color: INK, fontSize: '14px', fontWeight: 700, lineHeight: '20px', margin: '0 0 4px' }}>
          {cancel.heading}
        </Text>
        {cancel.sentences.map((sentence) => (
          <Paragraph key={sentence} muted>
            {sentence}
          </Paragraph>
        ))}
        {line.cancellation.kind === 'datedLeisure' && line.cancellation.refundLastDay === null ? null : (
          <Paragraph muted>
            <InlineLink context={context} href={props.cancellationFormUrl}>
              Cancellation form
            </InlineLink>
          </Paragraph>
        )}
      </NoticeBox>
    </Section>
  );
}
