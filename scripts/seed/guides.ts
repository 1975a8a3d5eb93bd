/**
 * The demo guides (docs/decisions/023-content-guides-and-editor.md): real-looking UK guides whose
 * feeds match the demo catalogue, two of them listicles whose picks are the feed's top deals at seed
 * time. Demo content, written through the content service like an editor's guide
 * (docs/decisions/036-demo-data-outside-the-shop.md). Adds only guides whose slug is not there yet,
 * so it is safe on every start and never overwrites an editor's work.
 */
import { type GuideContent, type GuideContentInput, GuideContentSchema } from '@/contracts/guide';
import { formatMoney } from '@/domain/money';
import { createGuide, listGuideFeed, listGuidesForEditor, publishGuideVersion } from '@/server/content';
import type { Db } from '@/server/db';

interface SeedGuide {
  slug: string;
  content: GuideContentInput;
  /** For listicles: how many of the feed's deals become numbered picks, and each pick's write-up. */
  picks?: { count: number; writeUp: (deal: { title: string; merchantName: string; price: string }) => string };
}

const SEED_GUIDES: readonly SeedGuide[] = [
  {
    slug: 'best-afternoon-tea-in-london',
    content: {
      displayName: 'Best afternoon tea in London',
      description:
        'Finger sandwiches, warm scones and towers of cakes: our pick of the best afternoon tea deals in London, from grand hotels to hidden tea rooms.',
      seoTitle: 'Best Afternoon Tea in London 2026: Deals from Top Hotels',
      seoDescription:
        'The best afternoon tea in London for less: hand-picked deals on classic, champagne and themed afternoon teas, updated every day.',
      text: `Few things are as quintessentially British as afternoon tea, and London does it better than anywhere. We have gathered the capital's best-value afternoon teas, from classic spreads in Mayfair hotels to themed teas and bottomless bubbles.

## What to expect

A traditional afternoon tea brings **finger sandwiches**, **scones with clotted cream and jam**, and a selection of **cakes and pastries**, served with loose-leaf tea. Many of our deals add a glass of prosecco or champagne.

## Booking tips

- Weekend slots go quickly: book as soon as you buy.
- Tell the venue about dietary needs when you book; most offer vegetarian and gluten-free stands.`,
      additionalText: `### Looking for a gift?

Every afternoon tea voucher can be sent as an e-gift or a gift pack at checkout. See all [food and drink deals in London](/deals/london/food-drink).`,
      listicleView: true,
      feed: { location: 'london', category: 'food-drink', subCategory: 'afternoon-tea', orderBy: 'popularity' },
    },
    picks: {
      count: 5,
      writeUp: ({ merchantName, price }) =>
        `${merchantName} serves one of the most popular afternoon teas on Tuppence right now, from ${price}. Great for a birthday treat or catching up with friends.`,
    },
  },
  {
    slug: 'spa-days-near-manchester',
    content: {
      displayName: 'Spa days near Manchester',
      description:
        'Pools, saunas and treatments for less: the best spa day deals in and around Manchester, for couples, friends or a well-earned day on your own.',
      seoTitle: 'Spa Days Near Manchester: Best Deals for Couples and Friends',
      seoDescription:
        'Compare spa day deals near Manchester with pool, thermal suite and treatments included. Top-rated spas for less.',
      text: `Whether it is a hotel spa in the city centre or a countryside retreat a short drive away, a spa day is the easiest way to switch off. These are the spa days Manchester shoppers love most.

## Choosing a spa day

Look at what is included: most packages give you **full use of the pool and thermal suite**, with one or two **treatments** and often **lunch or afternoon tea**. Twilight packages are usually cheaper than full days.`,
      additionalText: `Prefer to stay the night? Browse our [spa breaks](/travel) for overnight stays with spa access.`,
      feed: { location: 'manchester', category: 'beauty', subCategory: 'spa', orderBy: 'popularity' },
    },
  },
  {
    slug: 'bottomless-brunch-in-leeds',
    content: {
      displayName: 'Bottomless brunch in Leeds',
      description:
        'Unlimited prosecco, mimosas and a proper brunch: the best bottomless brunch deals in Leeds for birthdays, hen dos and lazy weekends.',
      seoTitle: 'Bottomless Brunch Leeds: Best Deals This Weekend',
      seoDescription:
        'Bottomless brunch in Leeds from top bars and restaurants, with unlimited drinks for 90 minutes or more.',
      text: `Leeds has become one of the UK's brunch capitals. Our bottomless brunch deals give you a main dish and free-flowing drinks, usually for 90 minutes.

## Good to know

- You must be 18 or over, and venues may ask for ID.
- Most venues ask the whole table to take the bottomless option.`,
      listicleView: true,
      feed: {
        location: 'leeds',
        category: 'food-drink',
        subCategory: 'bottomless-brunch',
        orderBy: 'price',
        direction: 'asc',
      },
    },
    picks: {
      count: 3,
      writeUp: ({ merchantName, price }) =>
        `${merchantName} is one of the best-value bottomless brunches in Leeds, from ${price} a voucher.`,
    },
  },
  {
    slug: 'escape-rooms-in-birmingham',
    content: {
      displayName: 'Escape rooms in Birmingham',
      description:
        'Crack the code before the clock runs out: the best escape room deals in Birmingham for families, friends and team days out.',
      seoTitle: 'Escape Rooms Birmingham: Deals for Groups and Families',
      seoDescription:
        'Book an escape room in Birmingham for less, with themed rooms for 2 to 6 players and family-friendly games.',
      text: `Escape rooms are a brilliant way to spend an hour with friends or family. Choose a theme, lock yourselves in and solve the puzzles before time runs out.

## Tips for first-timers

Talk to each other, search everywhere and do not be afraid to ask for a clue. Most rooms suit 2 to 6 players.`,
      feed: { location: 'birmingham', category: 'activities', subCategory: 'escape-rooms', orderBy: 'popularity' },
    },
  },
  {
    slug: 'experience-gifts-under-30',
    content: {
      displayName: 'Experience gifts under £30',
      description:
        'Thoughtful gifts that do not cost the earth: experiences, treats and days out under £30, from tasting sessions to pamper treatments.',
      seoTitle: 'Experience Gifts Under £30: Great Value Gift Ideas',
      seoDescription:
        'Gift ideas under £30 they will actually remember: experiences, tastings and treats across the UK.',
      text: `A great gift does not need to be expensive. Every deal here costs £30 or less, and can be sent as an e-gift in minutes.

## Sending a gift

Choose **Send as a gift** at checkout to email a voucher on the day you choose, or pick a gift pack to post it in a presentation box.`,
      feed: { maxPriceMinor: 3000, orderBy: 'popularity' },
    },
  },
  {
    slug: 'afternoon-tea-london',
    content: {
      displayName: 'Afternoon tea in London',
      description: 'This guide has moved to our updated guide to the best afternoon tea in London.',
      redirectUrl: '/guides/best-afternoon-tea-in-london',
      feed: { location: 'london', category: 'food-drink', subCategory: 'afternoon-tea' },
    },
  },
];

/** Creates and publishes the seeded guides that are missing; returns how many were added. */
export async function seedGuides(db: Db): Promise<number> {
  const existing = new Set((await listGuidesForEditor(db)).map((guide) => guide.slug));
  let added = 0;
  for (const seed of SEED_GUIDES) {
    if (existing.has(seed.slug)) continue;
    let content: GuideContent = GuideContentSchema.parse(seed.content);
    if (seed.picks) {
      // One pick per merchant: a top five of one tea room's five offers is not a guide.
      const { deals } = await listGuideFeed(db, content.feed);
      const merchants = new Set<string>();
      const distinct = deals.filter((deal) => !merchants.has(deal.merchantName) && merchants.add(deal.merchantName));
      const picks = distinct.slice(0, seed.picks.count).map((deal) => ({
        dealId: deal.id,
        writeUp:
          seed.picks?.writeUp({ title: deal.title, merchantName: deal.merchantName, price: formatMoney(deal.price) }) ??
          '',
      }));
      content = { ...content, listicle: picks, listicleView: picks.length > 0 };
    }
    await createGuide(db, null, seed.slug, content);
    await publishGuideVersion(db, null, seed.slug, 1);
    added += 1;
  }
  return added;
}
