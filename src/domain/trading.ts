/**
 * Who the trader is (docs/decisions/042-html-email-and-trading-disclosures.md): the company's name,
 * number, registered office, contact address and VAT number. UK company law (the trading disclosure
 * rules of the Companies Act 2006) asks for them on the website and in every email; the Consumer
 * Contracts Regulations 2013 ask for the trader's identity and geographic address in the confirmation
 * of a distance contract. The values come from configuration (src/server/config.ts); these are the
 * demo defaults, plainly marked as such in the README.
 */

export interface TradingDetails {
  /** The registered company name, e.g. "Tuppence Ltd". */
  companyName: string;
  /** The Companies House number. */
  companyNumber: string;
  /** Where the company is registered: "England and Wales", "Scotland". */
  registeredIn: string;
  /** The registered office address, on one line. */
  registeredOffice: string;
  /** Where shoppers write to (and return goods), on one line. */
  contactAddress: string;
  /** The customer service address shown beside it. */
  contactEmail: string;
  /** The VAT registration number, e.g. "GB 123 4567 89". */
  vatNumber: string;
}

export const DEMO_TRADING: TradingDetails = {
  companyName: 'Tuppence Ltd',
  companyNumber: '15482917',
  registeredIn: 'England and Wales',
  registeredOffice: '2 Example Yard, London EC1A 4AB',
  contactAddress: 'Tuppence Customer Care, 2 Example Yard, London EC1A 4AB',
  contactEmail: 'help@tuppence.co.uk',
  vatNumber: 'GB 318 4421 07',
};

/** The disclosure line the footer and every email carry. */
export function registrationLine(trading: TradingDetails): string {
  return `${trading.companyName}, registered in ${trading.registeredIn}, company number ${trading.companyNumber}. Registered office: ${trading.registeredOffice}. VAT number ${trading.vatNumber}.`;
}

/**
 * "Dealhouse is a trading name of Tuppence Ltd." when a brand trades under a name that is not the
 * company's own (the Companies Act asks the registered name to be shown beside a trading name), else
 * null.
 */
export function tradingNameLine(brandName: string, trading: TradingDetails): string | null {
  const ownName = trading.companyName.replace(/\s+(Ltd|Limited|PLC|plc)\.?$/, '');
  return brandName === ownName ? null : `${brandName} is a trading name of ${trading.companyName}.`;
}
