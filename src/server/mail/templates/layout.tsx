/**
 * The one email layout (decision 042): the brand's logo band, a white card that reads at 320 px and
 * stops at 600, and the footer with the trading disclosures every email carries (and, on marketing
 * mail, the unsubscribe and preferences links). Colours are set on every block, so a mail program
 * that forces its own dark mode has nothing half-inverted; one that honours `prefers-color-scheme`
 * gets the dark rules in the head.
 */
import { Body, Container, Head, Hr, Html, Img, Link, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { BRAND_INFO } from '@/domain/brands';
import { registrationLine, tradingNameLine } from '@/domain/trading';
import { absoluteUrl, type MailContext } from './context';
import { CARD, EMAIL_THEMES, INK, MUTED, PAGE, RULE } from './theme';

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const DARK_MODE = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .mail-page { background-color: #121214 !important; }
  .mail-card { background-color: #1d1d22 !important; color: #ececf1 !important; }
  .mail-card p, .mail-card td, .mail-card th, .mail-card h1, .mail-card h2 { color: #ececf1 !important; }
  .mail-muted, .mail-card .mail-muted { color: #c4c4ce !important; }
  .mail-link { color: #9ad9d1 !important; }
  .mail-box { background-color: #26262d !important; border-color: #44444f !important; }
}
@media only screen and (max-width: 480px) {
  .mail-card { padding: 20px 16px !important; }
}
`;

export function EmailLayout(props: { context: MailContext; preview: string; children: ReactNode }) {
  const { context } = props;
  const theme = EMAIL_THEMES[context.brand];
  const brand = BRAND_INFO[context.brand];
  const { trading } = context;
  const tradingName = tradingNameLine(brand.displayName, trading);
  return (
    <Html lang="en-GB" dir="ltr">
      <Head>
        <title>{context.subject}</title>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <style>{DARK_MODE}</style>
      </Head>
      <Preview>{props.preview}</Preview>
      <Body className="mail-page" style={{ backgroundColor: PAGE, margin: 0, padding: '16px 0', fontFamily: FONT }}>
        <Container style={{ maxWidth: '600px', width: '100%' }}>
          <Section
            style={{
              backgroundColor: theme.band,
              borderTop: `6px solid ${theme.primary}`,
              padding: '16px 24px',
              borderRadius: '8px 8px 0 0',
            }}
          >
            <Link href={absoluteUrl(context, '/')} data-skip-in-text="true">
              <Img
                src={absoluteUrl(context, `/email/logo-${context.brand}.png`)}
                alt={brand.displayName}
                width="160"
                height={String(theme.logoHeight)}
              />
            </Link>
          </Section>
          <Section
            className="mail-card"
            style={{ backgroundColor: CARD, color: INK, padding: '24px', borderRadius: '0 0 8px 8px' }}
          >
            {props.children}
          </Section>
          <Section style={{ padding: '16px 24px' }}>
            {context.marketing !== null ? (
              <Text className="mail-muted" style={footerText}>
                You get this email because you signed up for {brand.displayName} deals.{' '}
                <Link className="mail-link" href={context.marketing.unsubscribeUrl} style={footerLink}>
                  Unsubscribe
                </Link>{' '}
                or{' '}
                <Link className="mail-link" href={context.marketing.preferencesUrl} style={footerLink}>
                  choose what we send you
                </Link>
                .
              </Text>
            ) : null}
            <Hr style={{ borderColor: RULE, margin: '8px 0' }} />
            <Text className="mail-muted" style={footerText}>
              {tradingName ? `${tradingName} ` : ''}
              {registrationLine(trading)}
            </Text>
            <Text className="mail-muted" style={footerText}>
              Write to us at {trading.contactAddress}, or email{' '}
              <Link className="mail-link" href={`mailto:${trading.contactEmail}`} style={footerLink}>
                {trading.contactEmail}
              </Link>
              .
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

const footerText = { color: MUTED, fontSize: '12px', lineHeight: '18px', margin: '4px 0' };
const footerLink = { color: MUTED, textDecoration: 'underline' };
