/**
 * Copy for Shop (the national-deal location): goods posted anywhere in the UK.
 * Sub-categories 14, 17, 386, 398, 585 and 586 are the high-fraud ones in spec 5.
 */
import type { CopyProfile } from './copy-types';

const POSTAL_TERMS = [
  'Delivery within 7\u201310 working days',
  'Delivered to UK mainland only; Highlands & Islands surcharge may apply',
  '14-day returns in original packaging',
  'Postage charged per item',
];

const WAREHOUSE_TOWNS = [
  'manchester',
  'leeds',
  'birmingham',
  'bristol',
  'glasgow',
  'nottingham',
  'leicester',
  'coventry',
  'milton-keynes',
  'northampton',
  'sheffield',
  'london',
];
const SHOP_NAMES = ['{adj} Direct', '{adj} Goods Co.', '{surname} & Sons Trading', 'The {adj} Store', '{adj} Supplies'];

export const SHOP_PROFILES: readonly CopyProfile[] = [
  {
    subCategoryId: 14,
    segment: 'shop',
    weight: 4,
    theme: 'shop-tech',
    altThemes: ['shop-home'],
    merchantNames: ['{adj} Tech', 'Gadget {adj}', ...SHOP_NAMES],
    packages: [
      {
        headline: 'Wireless Noise-Cancelling Earbuds with Charging Case',
        title: 'Noise-Cancelling Earbuds',
        options: [
          ['Black', 1],
          ['White', 1],
          ['Midnight Blue', 1],
          ['2 pairs', 1.8],
        ],
      },
      {
        headline: '4K Action Camera with Waterproof Case and Accessories',
        title: '4K Action Camera',
        options: [
          ['Camera kit', 1],
          ['Camera kit with 64GB card', 1.2],
        ],
      },
      {
        headline: 'Smart Video Doorbell with Chime',
        title: 'Smart Video Doorbell',
        options: [
          ['Doorbell', 1],
          ['Doorbell and chime', 1.25],
        ],
      },
      {
        headline: 'Portable Bluetooth Speaker, 20-Hour Battery',
        title: 'Bluetooth Speaker',
        options: [
          ['Black', 1],
          ['Red', 1],
          ['Teal', 1],
        ],
      },
    ],
    basePriceMinor: [1499, 14900],
    discountPercent: [30, 75],
    highlights: ['12-month warranty', 'USB-C fast charging', 'Works with iOS and Android', 'UK plug'],
    finePrint: POSTAL_TERMS,
    tags: ['tech', 'gadgets', 'electronics'],
    blurbs: ['Delivered to your door by {merchant}, with a 12-month warranty as standard.'],
    alt: 'Gadget from {merchant}',
    merchantTowns: WAREHOUSE_TOWNS,
  },
  {
    subCategoryId: 17,
    segment: 'shop',
    weight: 2,
    theme: 'shop-tech',
    altThemes: ['shop-home'],
    merchantNames: ['{adj} Mobiles', 'Refurb {adj}', ...SHOP_NAMES],
    packages: [
      {
        headline: 'Refurbished Smartphone, 128GB, Unlocked',
        title: 'Refurbished Smartphone 128GB',
        options: [
          ['Grade B, 128GB', 1],
          ['Grade A, 128GB', 1.15],
          ['Grade A, 256GB', 1.35],
        ],
      },
      {
        headline: '10-inch Android Tablet with Keyboard Case',
        title: '10-inch Tablet with Keyboard',
        options: [
          ['Grey', 1],
          ['Blue', 1],
          ['Tablet with stylus', 1.15],
        ],
      },
    ],
    basePriceMinor: [4999, 29900],
    discountPercent: [20, 55],
    highlights: ['Fully tested and unlocked to any network', '12-month warranty', 'Charger included'],
    finePrint: [...POSTAL_TERMS, 'Refurbished items may show light signs of use'],
    tags: ['phone', 'tablet', 'refurbished'],
    blurbs: ['{merchant} tests every device on 70 points before it leaves the warehouse.'],
    alt: 'Smartphone from {merchant}',
    merchantTowns: WAREHOUSE_TOWNS,
  },
  {
    subCategoryId: 386,
    segment: 'shop',
    weight: 1.5,
    theme: 'shop-tech',
    altThemes: ['activity'],
    merchantNames: ['{adj} Gaming', 'Level Up {adj}', ...SHOP_NAMES],
    packages: [
      {
        headline: 'Wireless Gaming Headset with Detachable Mic',
        title: 'Wireless Gaming Headset',
        options: [
          ['Black', 1],
          ['White', 1],
        ],
      },
      {
        headline: 'Retro Handheld Console with 500 Built-In Games',
        title: 'Retro Handheld Console',
        options: [
          ['Console', 1],
          ['Console with 2 controllers', 1.3],
        ],
      },
    ],
    basePriceMinor: [999, 19900],
    discountPercent: [25, 70],
    highlights: ['Plug and play', 'Works with PC and consoles', 'Rechargeable battery'],
    finePrint: POSTAL_TERMS,
    tags: ['gaming', 'console', 'headset'],
    blurbs: ['Game on with kit from {merchant}, shipped fast across the UK.'],
    alt: 'Gaming kit from {merchant}',
    merchantTowns: WAREHOUSE_TOWNS,
  },
  {
    subCategoryId: 398,
    segment: 'shop',
    weight: 1,
    theme: 'shop-fashion',
    altThemes: ['restaurant'],
    merchantNames: ['{adj} Gift Cards', '{adj} Rewards'],
    packages: [
      {
        headline: 'Digital Dining Gift Card Accepted at 1,000+ UK Restaurants',
        title: 'Dining Gift Card',
        options: [
          ['\u00a325 card', 1],
          ['\u00a350 card', 2],
          ['\u00a3100 card', 4],
        ],
      },
      {
        headline: 'Multi-Store Shopping Gift Card',
        title: 'Shopping Gift Card',
        options: [
          ['\u00a320 card', 1],
          ['\u00a340 card', 2],
        ],
      },
    ],
    basePriceMinor: [1000, 2500],
    discountPercent: [20, 50],
    highlights: ['Delivered by email within 24 hours', 'Valid for 12 months', 'Use online or in store'],
    finePrint: [
      'Gift cards are delivered by email, not by post',
      'Valid for 12 months from issue',
      'Cannot be exchanged for cash',
    ],
    tags: ['gift card', 'gift', 'voucher'],
    blurbs: ['A gift card from {merchant} lets them choose for themselves.'],
    alt: 'Gift card from {merchant}',
    merchantTowns: WAREHOUSE_TOWNS,
  },
  {
    subCategoryId: 585,
    segment: 'shop',
    weight: 2,
    theme: 'shop-fashion',
    altThemes: ['beauty'],
    merchantNames: ['{adj} Jewellery', '{surname} Jewellers', 'The {adj} Jewellery Box'],
    packages: [
      {
        headline: 'Sterling Silver Pendant Necklace with Crystal',
        title: 'Silver Pendant Necklace',
        options: [
          ['Silver', 1],
          ['Rose gold plated', 1.1],
          ['Gold plated', 1.1],
        ],
      },
      {
        headline: 'Personalised Birthstone Bracelet',
        title: 'Birthstone Bracelet',
        options: [
          ['Silver tone', 1],
          ['Gold tone', 1],
        ],
      },
    ],
    basePriceMinor: [499, 9999],
    discountPercent: [40, 80],
    highlights: ['Presented in a gift box', 'Hypoallergenic', 'Adjustable chain'],
    finePrint: [...POSTAL_TERMS, 'Personalised items cannot be returned unless faulty'],
    tags: ['jewellery', 'necklace', 'gift for her'],
    blurbs: ['Gift-boxed jewellery from {merchant}, ready to give.'],
    alt: 'Jewellery from {merchant}',
    merchantTowns: ['birmingham', 'london', 'manchester', 'leeds', 'glasgow'],
  },
  {
    subCategoryId: 586,
    segment: 'shop',
    weight: 1.5,
    theme: 'shop-fashion',
    altThemes: ['shop-tech'],
    merchantNames: ['{adj} Watches', '{surname} Time Co.', ...SHOP_NAMES],
    packages: [
      {
        headline: 'Men\u2019s or Women\u2019s Chronograph Watch',
        title: 'Chronograph Watch',
        options: [
          ['Silver', 1],
          ['Black', 1],
          ['Gold', 1.15],
        ],
      },
      {
        headline: 'Fitness Smartwatch with Heart Rate and Sleep Tracking',
        title: 'Fitness Smartwatch',
        options: [
          ['Black', 1],
          ['Pink', 1],
          ['Green', 1],
        ],
      },
    ],
    basePriceMinor: [1499, 19900],
    discountPercent: [30, 75],
    highlights: ['Water resistant to 50m', 'Two-year warranty', 'Gift box included'],
    finePrint: POSTAL_TERMS,
    tags: ['watch', 'smartwatch', 'gift for him'],
    blurbs: ['{merchant} ships watches in a gift box with a two-year warranty.'],
    alt: 'Watch from {merchant}',
    merchantTowns: WAREHOUSE_TOWNS,
  },
  {
    subCategoryId: 401,
    segment: 'shop',
    weight: 4,
    theme: 'shop-home',
    altThemes: ['travel-uk'],
    merchantNames: ['{adj} Home', 'The {adj} Home Store', ...SHOP_NAMES],
    packages: [
      {
        headline: 'Luxury Hotel-Quality Duvet, All Sizes',
        title: 'Hotel-Quality Duvet',
        options: [
          ['Single', 1],
          ['Double', 1.3],
          ['King', 1.5],
          ['Super king', 1.7],
        ],
      },
      {
        headline: 'Solar Garden Festoon Lights, 10m or 20m',
        title: 'Solar Festoon Lights',
        options: [
          ['10m', 1],
          ['20m', 1.7],
        ],
      },
      {
        headline: 'Air Fryer, 5.5L Digital',
        title: '5.5L Air Fryer',
        options: [
          ['Black', 1],
          ['White', 1],
        ],
      },
      {
        headline: 'Rattan-Effect Garden Furniture Set',
        title: 'Garden Furniture Set',
        options: [
          ['2-seater bistro set', 1],
          ['4-seater set', 2.2],
        ],
      },
    ],
    basePriceMinor: [799, 14900],
    discountPercent: [30, 75],
    highlights: ['Easy to assemble', 'Fast UK delivery', 'One-year guarantee', 'Machine washable where applicable'],
    finePrint: POSTAL_TERMS,
    tags: ['home', 'garden', 'kitchen'],
    blurbs: ['Home and garden bargains from {merchant}, delivered across the UK.'],
    alt: 'Home product from {merchant}',
    merchantTowns: WAREHOUSE_TOWNS,
  },
  {
    subCategoryId: 402,
    segment: 'shop',
    weight: 3,
    theme: 'shop-fashion',
    altThemes: ['shop-fashion'],
    merchantNames: ['{adj} Apparel', 'The {adj} Wardrobe', ...SHOP_NAMES],
    packages: [
      {
        headline: 'Women\u2019s Quilted Puffer Jacket, Sizes 8\u201322',
        title: 'Quilted Puffer Jacket',
        options: [
          ['Black', 1],
          ['Khaki', 1],
          ['Navy', 1],
          ['Camel', 1],
        ],
      },
      {
        headline: 'Men\u2019s Slim-Fit Chinos, 2-Pack',
        title: 'Slim-Fit Chinos 2-Pack',
        options: [
          ['Navy and stone', 1],
          ['Black and khaki', 1],
        ],
      },
      {
        headline: 'Faux-Fur Lined Slipper Boots',
        title: 'Slipper Boots',
        options: [
          ['Grey', 1],
          ['Pink', 1],
          ['Chestnut', 1],
        ],
      },
    ],
    basePriceMinor: [499, 6999],
    discountPercent: [40, 80],
    highlights: ['Sizes from 8 to 22', 'Machine washable', 'Free size exchanges'],
    finePrint: [...POSTAL_TERMS, 'Select size at checkout'],
    tags: ['fashion', 'clothing', 'winter'],
    blurbs: ['{merchant} ships wardrobe staples at a fraction of the high-street price.'],
    alt: 'Fashion from {merchant}',
    merchantTowns: WAREHOUSE_TOWNS,
  },
  {
    subCategoryId: 403,
    segment: 'shop',
    weight: 2,
    theme: 'beauty',
    altThemes: ['spa'],
    merchantNames: ['{adj} Beauty', '{adj} Skincare', ...SHOP_NAMES],
    packages: [
      {
        headline: 'Vitamin C Serum and Hyaluronic Moisturiser Set',
        title: 'Skincare Set',
        options: [
          ['1 set', 1],
          ['2 sets', 1.8],
        ],
      },
      {
        headline: 'Ionic Hair Dryer with Diffuser',
        title: 'Ionic Hair Dryer',
        options: [
          ['Black', 1],
          ['Rose gold', 1],
        ],
      },
    ],
    basePriceMinor: [499, 4999],
    discountPercent: [40, 80],
    highlights: ['Cruelty-free', 'Suitable for all skin types', 'Gift-ready packaging'],
    finePrint: [...POSTAL_TERMS, 'Hygiene items cannot be returned once opened'],
    tags: ['beauty', 'skincare', 'gift'],
    blurbs: ['Beauty favourites from {merchant}, posted straight to you.'],
    alt: 'Beauty products from {merchant}',
    merchantTowns: WAREHOUSE_TOWNS,
  },
  {
    subCategoryId: 404,
    segment: 'shop',
    weight: 2,
    theme: 'shop-home',
    altThemes: ['activity'],
    merchantNames: ['{adj} Toys', 'The {adj} Toy Box', ...SHOP_NAMES],
    packages: [
      {
        headline: 'Wooden Activity Cube and Stacking Set',
        title: 'Wooden Activity Set',
        options: [
          ['Activity cube', 1],
          ['Cube and stacking set', 1.5],
        ],
      },
      {
        headline: 'Remote-Control Stunt Car with 2 Batteries',
        title: 'RC Stunt Car',
        options: [
          ['Red', 1],
          ['Blue', 1],
          ['2 cars', 1.85],
        ],
      },
    ],
    basePriceMinor: [799, 7999],
    discountPercent: [30, 75],
    highlights: ['Meets UK toy safety standards', 'Batteries included where needed', 'Ages 3+'],
    finePrint: [...POSTAL_TERMS, 'Adult supervision recommended'],
    tags: ['toys', 'kids', 'gift'],
    blurbs: ['Toys the kids will actually play with, from {merchant}.'],
    alt: 'Toy from {merchant}',
    merchantTowns: WAREHOUSE_TOWNS,
  },
];
