/**
 * /email/preferences (spec 2 Email): the topics a subscriber can choose and how often mail comes.
 * Pure: the page, the form parsing and the service share these lists.
 */

export const EMAIL_TOPICS = [
  { id: 'local', label: 'Local deals near you', hint: 'Restaurants, spa days and things to do' },
  { id: 'travel', label: 'Travel and escapes', hint: 'UK breaks and holidays abroad' },
  { id: 'shop', label: 'Shop deals', hint: 'Products delivered to your door' },
  { id: 'gifts', label: 'Gift ideas', hint: 'Birthdays, Christmas and Valentine’s' },
  { id: 'vip', label: 'VIP offers', hint: 'Members’ extra discounts' },
] as const;
export type EmailTopic = (typeof EMAIL_TOPICS)[number]['id'];
export const ALL_TOPICS: EmailTopic[] = EMAIL_TOPICS.map((topic) => topic.id);

export const EMAIL_FREQUENCIES = [
  { id: 'daily', label: 'Every day' },
  { id: 'weekly', label: 'Once a week' },
  { id: 'monthly', label: 'Once a month' },
] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number]['id'];
export const DEFAULT_FREQUENCY: EmailFrequency = 'weekly';

export function isTopic(value: string): value is EmailTopic {
  return ALL_TOPICS.includes(value as EmailTopic);
}

export function isFrequency(value: string): value is EmailFrequency {
  return EMAIL_FREQUENCIES.some((frequency) => frequency.id === value);
}

export const PREFERENCES_COPY = {
  signUpThanks: 'Nearly there: check your inbox and click the link to confirm your subscription.',
  verified: 'You’re subscribed. Watch your inbox for the best deals.',
  verifyFailed: 'That confirmation link has expired or was already used. Sign up again to get a new one.',
  saved: 'Your email preferences are saved.',
  unsubscribed: 'You’ve been unsubscribed and won’t get any more marketing emails from us.',
  noTopics: 'Choose at least one topic, or unsubscribe from everything below.',
  badLink: 'This preferences link isn’t valid. Use the link in one of our emails.',
  /** A guest without a valid link (docs/decisions/049): how to reach their preferences. */
  guestSignIn: 'Sign in to choose which emails you get. We’ll bring you straight back here.',
  guestEmailLink:
    'No account, or rather not sign in? At the foot of any of our deals emails, follow “choose what we send you”: it opens your preferences without a password.',
  /** A signed-in shopper who has never subscribed. */
  notSubscribed: 'You don’t get our deals emails yet. Choose topics and save to start.',
} as const;
