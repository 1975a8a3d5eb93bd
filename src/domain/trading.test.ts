import { describe, expect, it } from 'vitest';
import { DEMO_TRADING, registrationLine, tradingNameLine } from './trading';

describe('trading disclosures (decision 042)', () => {
  it('the registration line names the company, where it is registered, its number, office and VAT number', () => {
    expect(registrationLine(DEMO_TRADING)).toBe(
      'Tuppence Ltd, registered in England and Wales, company number 15482917. Registered office: 2 Example Yard, London EC1A 4AB. VAT number GB 318 4421 07.',
    );
  });

  it.each([
    { brand: 'Tuppence', company: 'Tuppence Ltd', line: null },
    { brand: 'Tuppence', company: 'Tuppence Limited', line: null },
    { brand: 'DealHouse', company: 'Tuppence Ltd', line: 'DealHouse is a trading name of Tuppence Ltd.' },
    { brand: 'Tuppence VIP', company: 'Tuppence Ltd', line: 'Tuppence VIP is a trading name of Tuppence Ltd.' },
  ])('$brand run by $company: $line', ({ brand, company, line }) => {
    expect(tradingNameLine(brand, { ...DEMO_TRADING, companyName: company })).toBe(line);
  });
});
