/**
 * The gift email (decision 042; decision 028 gifting): an e-gifted voucher mailed to its recipient,
 * or gift cards mailed to their buyer to pass on. Each code is shown large, with what it is for, how
 * and where to claim it, and when it expires.
 */
import { Text } from '@react-email/components';
import { BRAND_INFO } from '@/domain/brands';
import { formatLongDate } from '@/domain/format';
import { formatMoney, type Money } from '@/domain/money';
import type { MailContext } from './context';
import { EmailLayout } from './layout';
import { ActionButton, Facts, NoticeBox, Panel, Paragraph, Subtitle, Title } from './parts';
import { EMAIL_THEMES, INK, MUTED } from './theme';

/** A voucher sent as a gift: the recipient claims it with the code. */
export interface VoucherGiftData {
  kind: 'voucher';
  recipientName: string;
  senderName: string;
  /** The sender's own words, or '' when they wrote none. */
  message: string;
  code: string;
  /** What the gift is: "Afternoon tea for two", or "2 × Afternoon tea for two". */
  what: string;
  /** Where the voucher is used, when it is a place. */
  merchant: { name: string; address: string } | null;
  /** The last moment the voucher can be used (ISO), when known. */
  expiresAt: string | null;
  /** The claim page with the code filled in. */
  claimUrl: string;
}

/** Gift cards mailed to their buyer: each code becomes wallet credit when redeemed. */
export interface GiftCardData {
  kind: 'gift-card';
  buyerName: string;
  cards: Array<{ code: string; value: Money; expiresAt: string }>;
  redeemUrl: string;
}

export type GiftData = VoucherGiftData | GiftCardData;

const day = (iso: string) => formatLongDate(new Date(iso));

/** A gift code in a box, large enough to read out or type from a phone. */
function CodeBox(props: { context: MailContext; label: string; code: string; detail?: string }) {
  const theme = EMAIL_THEMES[props.context.brand];
  return (
    <Panel dashed style={{ padding: '16px', textAlign: 'center' }}>
      <Text className="mail-muted" style={{ color: MUTED, fontSize: '14px', lineHeight: '20px', margin: '0 0 4px' }}>
        {props.label}
      </Text>
      <Text
        className="mail-link"
        style={{
          color: theme.primary,
          fontFamily: "'SFMono-Regular', Menlo, Consolas, 'Courier New', monospace",
          fontSize: '24px',
          fontWeight: 700,
          letterSpacing: '1px',
          lineHeight: '32px',
          margin: 0,
          wordBreak: 'break-all',
        }}
      >
        {props.code}
      </Text>
      {props.detail ? (
        <Text style={{ color: INK, fontSize: '14px', lineHeight: '20px', margin: '4px 0 0' }}>{props.detail}</Text>
      ) : null}
    </Panel>
  );
}

function VoucherGift(props: { data: VoucherGiftData; context: MailContext }) {
  const { data, context } = props;
  const shop = BRAND_INFO[context.brand].displayName;
  const facts: Array<[string, string]> = [['Your gift', data.what]];
  if (data.merchant !== null) facts.push(['Where', `${data.merchant.name}, ${data.merchant.address}`]);
  if (data.expiresAt !== null) facts.push(['Use it by', day(data.expiresAt)]);
  return (
    <EmailLayout context={context} preview={`${data.senderName} has sent you a gift: ${data.what}.`}>
      <Title>{data.senderName} sent you a gift</Title>
      <Paragraph>Hi {data.recipientName},</Paragraph>
      <Paragraph>
        {data.senderName} has sent you a gift: {data.what}.
      </Paragraph>
      {data.message ? (
        <NoticeBox>
          <Paragraph muted>Their message:</Paragraph>
          <Paragraph>“{data.message}”</Paragraph>
        </NoticeBox>
      ) : null}
      <CodeBox context={context} label="Your gift code" code={data.code} />
      <Facts rows={facts} />
      <ActionButton context={context} href={data.claimUrl}>
        Claim your gift
      </ActionButton>
      <Subtitle>How to claim it</Subtitle>
      <Paragraph>1. Open the link above, or go to the gift page on {shop} and enter the code.</Paragraph>
      <Paragraph>2. Sign in or create an account with this email address, and the voucher is yours.</Paragraph>
      <Paragraph>
        3. Find it in My vouchers, with its codes and how to use it
        {data.merchant !== null ? ` at ${data.merchant.name}` : ''}.
      </Paragraph>
      {data.expiresAt !== null ? (
        <Paragraph muted>Claim it and use it by {day(data.expiresAt)}: after that the voucher expires.</Paragraph>
      ) : null}
    </EmailLayout>
  );
}

function GiftCards(props: { data: GiftCardData; context: MailContext }) {
  const { data, context } = props;
  const shop = BRAND_INFO[context.brand].displayName;
  const several = data.cards.length > 1;
  return (
    <EmailLayout context={context} preview={several ? 'Here are your gift cards.' : 'Here is your gift card.'}>
      <Title>{several ? `Your ${shop} gift cards` : `Your ${shop} gift card`}</Title>
      <Paragraph>Hi {data.buyerName},</Paragraph>
      <Paragraph>
        Here {several ? 'are your gift cards' : 'is your gift card'}, to pass on however you like. Each code adds its
        value to a {shop} wallet, to spend on any deal.
      </Paragraph>
      {data.cards.map((card) => (
        <CodeBox
          key={card.code}
          context={context}
          label={`Gift card worth ${formatMoney(card.value)}`}
          code={card.code}
          detail={`Redeem by ${day(card.expiresAt)}`}
        />
      ))}
      <ActionButton context={context} href={data.redeemUrl}>
        Redeem a gift card
      </ActionButton>
      <Subtitle>How to redeem</Subtitle>
      <Paragraph>
        Sign in (or create an account), open the redeem page and enter the code: the value goes into the {shop} wallet
        of whoever redeems it.
      </Paragraph>
      <Paragraph muted>A gift card not redeemed within 6 months of purchase expires.</Paragraph>
    </EmailLayout>
  );
}

export function GiftEmail(props: { data: GiftData; context: MailContext }) {
  const { data, context } = props;
  return data.kind === 'voucher' ? (
    <VoucherGift data={data} context={context} />
  ) : (
    <GiftCards data={data} context={context} />
  );
}
