/**
 * Searching the FAQs (/faqs, /merchantfaqs): a question matches when every word typed
 * appears in its question or answer, ignoring case, accents and punctuation. Pure, so the page
 * filters on the server for ?q= (no JavaScript needed) and in the browser as you type, the same way.
 */

/** The longest search we look at; anything longer is cut. */
export const MAX_FAQ_QUERY_LENGTH = 100;

/** Lower case, accents and punctuation removed, single spaces: "Can't  redeem?" -> "cant redeem". */
export function normaliseFaqText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9£]+/g, ' ')
    .trim();
}

/** The words of a search, normalised; empty for a blank search. */
export function faqQueryWords(query: string): string[] {
  const words = normaliseFaqText(query.slice(0, MAX_FAQ_QUERY_LENGTH)).split(' ');
  return words.filter((word) => word.length > 0);
}

/** Whether a question matches the search words (every word, anywhere in question or answer). */
export function faqMatches(words: readonly string[], item: { question: string; answer: string }): boolean {
  if (words.length === 0) return true;
  const haystack = normaliseFaqText(`${item.question} ${item.answer}`);
  return words.every((word) => haystack.includes(word));
}
