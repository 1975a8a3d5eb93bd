import { describe, expect, it } from 'vitest';
import { faqMatches, faqQueryWords, normaliseFaqText } from './faq-search';

const extend = {
  question: 'My voucher is about to expire. Can I extend it?',
  answer: 'Yes, you can extend most unredeemed vouchers by up to 3 months.',
};

describe('FAQ search (/faqs and /merchantfaqs with searchable questions)', () => {
  it.each([
    ['a blank search shows every question', '', true],
    ['one word from the question', 'extend', true],
    ['a word from the answer only', 'months', true],
    ['case and punctuation do not matter', 'EXPIRE?!', true],
    ['every word must appear', 'extend refund', false],
    ['a word that appears nowhere', 'parking', false],
  ])('%s', (_story, query, expected) => {
    expect(faqMatches(faqQueryWords(query), extend)).toBe(expected);
  });

  it('reads apostrophes and accents as plain letters', () => {
    expect(normaliseFaqText("Can't  find my café voucher?")).toBe('cant find my cafe voucher');
  });
});
