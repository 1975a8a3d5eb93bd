/**
 * The review-ask email (decision 042; decision 046): a few days after a voucher is redeemed, the
 * shopper is asked once to rate and review the deal from their voucher in My Vouchers, where only a
 * redeemed voucher's holder can write one (so every review is a verified customer's).
 */
import { formatLongDate } from '@/domain/format';
import type { MailContext } from './context';
import { EmailLayout } from './layout';
import { ActionButton, NoticeBox, Paragraph, Title } from './parts';

export interface ReviewRequestData {
  firstName: string;
  dealHeadline: string;
  /** When the voucher was redeemed (ISO moment). */
  redeemedAt: string;
  /** The voucher's review form in My Vouchers. */
  reviewUrl: string;
}

export function ReviewRequestEmail(props: { data: ReviewRequestData; context: MailContext }) {
  const { data, context } = props;
  const preview = `How was ${data.dealHeadline}? Rate it in a minute and help other shoppers choose.`;
  return (
    <EmailLayout context={context} preview={preview}>
      <Title>How was it?</Title>
      <Paragraph>Hello {data.firstName || 'there'},</Paragraph>
      <Paragraph>
        Your voucher for {data.dealHeadline} was redeemed on {formatLongDate(new Date(data.redeemedAt))}. We hope you
        enjoyed it. Would you rate it and say a few words for other shoppers?
      </Paragraph>
      <ActionButton context={context} href={data.reviewUrl}>
        Write your review
      </ActionButton>
      <NoticeBox>
        <Paragraph muted>
          Only customers whose voucher was redeemed can review a deal, so every review on Tuppence is from a verified
          customer. We check each review before it is published. We ask once; you need not reply.
        </Paragraph>
      </NoticeBox>
    </EmailLayout>
  );
}
