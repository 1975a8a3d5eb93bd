/**
 * The PayPal sandbox's own page frame (not the shop's layout): the approval page and its error page
 * look like the provider's, with a banner that says plainly it is a sandbox. Not indexed.
 */
import type { ReactNode } from 'react';

type Props = {
  title: string;
  children: ReactNode;
};

export default function PayPalLayout({ title, children }: Props) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{title}</title>
        <link rel="stylesheet" href="/assets/paypal.css" />
      </head>
      <body>
        <header className="sandbox-banner">
          <p>PayPal sandbox: test payments only, no real money moves.</p>
        </header>
        <main className="pp">
          <header className="pp__brand">
            <span className="pp__logo" aria-hidden="true">
              <span className="pp__logo-pay">Pay</span>
              <span className="pp__logo-pal">Pal</span>
            </span>
            <span className="pp__tag">Sandbox</span>
          </header>
          {children}
        </main>
      </body>
    </html>
  );
}
