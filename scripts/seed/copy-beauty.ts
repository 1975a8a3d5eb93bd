/**
 * Copy for spa, beauty, aesthetics and health clinics. Clinic sub-categories (197, 200,
 * 218, 711) are the ones spec 5 restricts for pay-later, so they read like clinics.
 */
import type { CopyProfile } from './copy-types';

const SALON_TERMS = [
  '24-hour cancellation policy applies; late cancellations forfeit the voucher',
  'New and existing clients welcome',
  'Booking required via phone or online; subject to availability',
];

const CLINIC_TERMS = [
  'Free consultation required before treatment; suitability is at the clinician\u2019s discretion',
  'Must be 18+',
  'Not suitable during pregnancy or breastfeeding',
  'Treatment carried out by a registered practitioner',
];

export const BEAUTY_PROFILES: readonly CopyProfile[] = [
  {
    subCategoryId: 121,
    segment: 'local',
    weight: 10,
    theme: 'spa',
    altThemes: ['beauty', 'afternoon-tea'],
    merchantNames: [
      'The {adj} Spa',
      '{adj} Day Spa',
      'The {adj} Retreat',
      '{surname} Spa & Wellness',
      'The {adj} Hotel Spa',
    ],
    packages: [
      {
        headline: 'Spa Day with 2 Treatments and Afternoon Tea for 1',
        title: 'Spa Day with Afternoon Tea',
        options: [
          ['Spa day for 1', 1],
          ['Spa day for 2', 1.85],
          ['Spa day with prosecco for 2', 2.05],
          ['Spa day with afternoon tea for 2', 2.3],
        ],
      },
      {
        headline: 'Spa Day with 3 Treatments and Lunch for 1',
        title: 'Spa Day with 3 Treatments',
        options: [
          ['Spa day with 3 treatments for 1', 1],
          ['Spa day with 3 treatments for 2', 1.85],
          ['Spa day with lunch and prosecco for 2', 2.2],
        ],
      },
      {
        headline: 'Twilight Spa Access with a 25-Minute Treatment for 1',
        title: 'Twilight Spa Session',
        options: [
          ['Twilight spa for 1', 1],
          ['Twilight spa for 2', 1.85],
          ['Twilight spa with fizz for 2', 2],
        ],
      },
    ],
    basePriceMinor: [3900, 12900],
    discountPercent: [30, 65],
    highlights: [
      'Full use of the pool, sauna, steam room and hot tub',
      'Choice of 25-minute massage or facial',
      'Robe, towel and slippers provided',
      'Light lunch or afternoon tea on selected options',
      'A glass of prosecco on arrival',
      'Relaxation lounge with herbal teas',
    ],
    finePrint: [
      'Must be 16+; under-18s accompanied by an adult',
      'Weekend supplement of \u00a310 per person payable at the spa',
      'Please arrive 15 minutes before your booking',
    ],
    tags: ['spa', 'spa day', 'massage', 'pamper', 'gift for her'],
    blurbs: [
      'Take a day off from everything at {merchant} in {town}, with thermal facilities and treatments that leave you floating.',
      'Pool, sauna and steam room are yours for the day, with a treatment chosen from the spa menu.',
    ],
    alt: 'Spa day at {merchant}, {town}',
  },
  {
    subCategoryId: 122,
    segment: 'local',
    weight: 4,
    theme: 'beauty',
    altThemes: ['spa'],
    merchantNames: ['{surname} Hair Studio', 'The {adj} Salon', 'Studio {adj}', '{adj} & Co. Hair'],
    packages: [
      {
        headline: 'Cut, Blow-Dry and Conditioning Treatment',
        title: 'Cut & Blow-Dry',
        options: [
          ['Cut and blow-dry', 1],
          ['Cut, blow-dry and treatment', 1.3],
          ['Half-head highlights with cut', 2.1],
          ['Full-head colour with cut', 2.4],
        ],
      },
      {
        headline: 'Balayage or Ombré with Toner and Cut',
        title: 'Balayage with Cut',
        options: [
          ['Balayage with toner', 1],
          ['Balayage, toner and cut', 1.2],
        ],
      },
    ],
    basePriceMinor: [1900, 7900],
    discountPercent: [35, 65],
    highlights: [
      'Consultation with a senior stylist',
      'Olaplex-style bond treatment',
      'Finished with a bouncy blow-dry',
      'Patch test offered 48 hours before colour',
    ],
    finePrint: [...SALON_TERMS, 'Patch test required 48 hours before colour services'],
    tags: ['hair', 'salon', 'cut and colour'],
    blurbs: ['{merchant} in {town} is a relaxed salon where the stylists take time to get your hair right.'],
    alt: 'Hair styling at {merchant}, {town}',
  },
  {
    subCategoryId: 123,
    segment: 'local',
    weight: 3,
    theme: 'beauty',
    altThemes: ['spa'],
    merchantNames: ['{adj} Nails', 'The Nail Room {town}', '{surname} Nail Bar', 'Polished by {surname}'],
    packages: [
      {
        headline: 'Gel Manicure or Pedicure',
        title: 'Gel Manicure or Pedicure',
        options: [
          ['Gel manicure', 1],
          ['Gel pedicure', 1.15],
          ['Gel manicure and pedicure', 1.9],
        ],
      },
      {
        headline: 'BIAB Nails with Nail Art on 2 Nails',
        title: 'BIAB Nails',
        options: [
          ['BIAB overlay', 1],
          ['BIAB with nail art', 1.2],
        ],
      },
    ],
    basePriceMinor: [1200, 3500],
    discountPercent: [35, 60],
    highlights: ['Shape, cuticle care and hand massage', 'Over 100 gel shades', 'Lasts up to three weeks'],
    finePrint: SALON_TERMS,
    tags: ['nails', 'manicure', 'gel'],
    blurbs: ['Get polished at {merchant}, a bright little nail bar in {town}.'],
    alt: 'Manicure at {merchant}, {town}',
  },
  {
    subCategoryId: 124,
    segment: 'local',
    weight: 4,
    theme: 'spa',
    altThemes: ['beauty'],
    merchantNames: ['{adj} Therapies', 'The {adj} Massage Studio', '{surname} Wellbeing', 'The {adj} Clinic'],
    packages: [
      {
        headline: '60-Minute Full-Body Massage',
        title: '60-Minute Massage',
        options: [
          ['30-minute massage', 0.6],
          ['60-minute massage', 1],
          ['90-minute massage', 1.4],
          ['60-minute couples massage', 1.9],
        ],
      },
      {
        headline: 'Hot Stone Massage with Mini Facial',
        title: 'Hot Stone Massage & Facial',
        options: [
          ['Hot stone massage and facial', 1],
          ['Hot stone massage and facial for 2', 1.9],
        ],
      },
    ],
    basePriceMinor: [1900, 5900],
    discountPercent: [35, 65],
    highlights: [
      'Choice of Swedish, deep tissue or aromatherapy',
      'Qualified therapists',
      'Warm towels and herbal tea after your treatment',
    ],
    finePrint: SALON_TERMS,
    tags: ['massage', 'relax', 'deep tissue'],
    blurbs: ['Knots unwind at {merchant} in {town}, where every massage is tailored to you.'],
    alt: 'Massage at {merchant}, {town}',
  },
  {
    subCategoryId: 125,
    segment: 'local',
    weight: 3,
    theme: 'beauty',
    altThemes: ['spa'],
    merchantNames: ['{adj} Skin Clinic', 'The {adj} Beauty Rooms', '{surname} Skin', 'Glow by {surname}'],
    packages: [
      {
        headline: 'Hydrafacial-Style Deep Cleanse Facial',
        title: 'Deep Cleanse Facial',
        options: [
          ['1 facial', 1],
          ['2 facials', 1.8],
          ['3 facials', 2.5],
        ],
      },
      {
        headline: 'Microdermabrasion with LED Light Therapy',
        title: 'Microdermabrasion & LED',
        options: [
          ['1 session', 1],
          ['3 sessions', 2.5],
          ['6 sessions', 4.4],
        ],
      },
    ],
    basePriceMinor: [2500, 6900],
    discountPercent: [40, 70],
    highlights: [
      'Skin analysis before treatment',
      'Cleanse, exfoliate, extract and hydrate',
      'Visible glow after one session',
    ],
    finePrint: SALON_TERMS,
    tags: ['facial', 'skin', 'glow'],
    blurbs: ['{merchant} in {town} tailors each facial to your skin after a quick consultation.'],
    alt: 'Facial at {merchant}, {town}',
  },
  {
    subCategoryId: 126,
    segment: 'local',
    weight: 2,
    theme: 'beauty',
    altThemes: ['spa'],
    merchantNames: ['{adj} Brows', 'The Lash Lounge {town}', '{surname} Lash & Brow'],
    packages: [
      {
        headline: 'Lash Lift and Tint with Brow Shape',
        title: 'Lash Lift & Brow Shape',
        options: [
          ['Lash lift and tint', 1],
          ['Lash lift, tint and brow lamination', 1.6],
        ],
      },
    ],
    basePriceMinor: [1500, 4500],
    discountPercent: [40, 65],
    highlights: ['Lasts six to eight weeks', 'Keratin nourishing treatment', 'Brow wax and tint to finish'],
    finePrint: [...SALON_TERMS, 'Patch test required 48 hours before tinting'],
    tags: ['lashes', 'brows', 'lash lift'],
    blurbs: ['Wake up ready with lashes and brows done by {merchant} in {town}.'],
    alt: 'Lash lift at {merchant}, {town}',
  },
  {
    subCategoryId: 197,
    segment: 'local',
    weight: 1.5,
    theme: 'health',
    altThemes: ['beauty'],
    merchantNames: ['{adj} Smile Studio', '{town} Teeth Whitening', '{surname} Dental Spa'],
    packages: [
      {
        headline: 'Laser Teeth Whitening Session',
        title: 'Laser Teeth Whitening',
        options: [
          ['1 session', 1],
          ['2 sessions', 1.7],
          ['Whitening with take-home kit', 1.5],
        ],
      },
      {
        headline: 'Professional Take-Home Whitening Kit with Custom Trays',
        title: 'Take-Home Whitening Kit',
        options: [['Upper and lower trays', 1]],
      },
    ],
    basePriceMinor: [4900, 29900],
    discountPercent: [40, 70],
    highlights: ['Up to eight shades whiter', 'Carried out by a GDC-registered dentist', 'Sensitivity-friendly gel'],
    finePrint: [...CLINIC_TERMS, 'A dental check within the last 6 months is required'],
    tags: ['teeth whitening', 'smile', 'dental'],
    blurbs: [
      'Brighten your smile at {merchant} in {town}, with whitening carried out by registered dental professionals.',
    ],
    alt: 'Teeth whitening at {merchant}, {town}',
  },
  {
    subCategoryId: 200,
    segment: 'local',
    weight: 1.5,
    theme: 'health',
    altThemes: ['beauty'],
    merchantNames: ['{adj} Aesthetics', 'The {adj} Clinic', '{surname} Aesthetics'],
    packages: [
      {
        headline: 'Anti-Wrinkle Injections on 1, 2 or 3 Areas',
        title: 'Anti-Wrinkle Injections',
        options: [
          ['1 area', 1],
          ['2 areas', 1.4],
          ['3 areas', 1.75],
        ],
      },
      {
        headline: '1ml Dermal Lip Filler with Consultation',
        title: 'Lip Filler 1ml',
        options: [
          ['0.5ml', 0.7],
          ['1ml', 1],
        ],
      },
    ],
    basePriceMinor: [7900, 29900],
    discountPercent: [30, 60],
    highlights: [
      'Consultation with a medical practitioner',
      'Free review appointment after two weeks',
      'Premium branded products only',
    ],
    finePrint: CLINIC_TERMS,
    tags: ['aesthetics', 'fillers', 'anti-wrinkle'],
    blurbs: ['{merchant} in {town} is a medical aesthetics clinic run by qualified practitioners.'],
    alt: 'Aesthetics clinic at {merchant}, {town}',
  },
  {
    subCategoryId: 218,
    segment: 'local',
    weight: 0.8,
    theme: 'health',
    altThemes: ['beauty'],
    merchantNames: ['{town} Cosmetic Clinic', 'The {adj} Surgical Clinic', '{surname} Cosmetic Surgery'],
    packages: [
      {
        headline: 'Vaser Liposuction on 1 or 2 Areas',
        title: 'Vaser Liposuction',
        options: [
          ['1 area', 1],
          ['2 areas', 1.6],
        ],
      },
      {
        headline: 'Upper or Lower Eyelid Surgery',
        title: 'Eyelid Surgery',
        options: [
          ['Upper eyelids', 1],
          ['Lower eyelids', 1.1],
          ['Upper and lower eyelids', 1.8],
        ],
      },
    ],
    basePriceMinor: [49900, 299900],
    discountPercent: [20, 50],
    highlights: [
      'Consultation with a GMC-registered surgeon',
      'Aftercare appointments included',
      'CQC-registered clinic',
    ],
    finePrint: [...CLINIC_TERMS, 'Deposit is non-refundable once surgery is booked'],
    tags: ['cosmetic surgery', 'clinic'],
    blurbs: ['{merchant} in {town} is a CQC-registered clinic with experienced surgeons and full aftercare.'],
    alt: 'Cosmetic clinic at {merchant}, {town}',
  },
  {
    subCategoryId: 711,
    segment: 'local',
    weight: 0.8,
    theme: 'health',
    altThemes: ['beauty'],
    merchantNames: ['{town} Eye Clinic', 'Clearview Laser Eye {town}', 'The {adj} Eye Centre'],
    packages: [
      {
        headline: 'LASIK or LASEK Laser Eye Surgery on Both Eyes',
        title: 'Laser Eye Surgery',
        options: [
          ['LASEK both eyes', 1],
          ['LASIK both eyes', 1.25],
          ['SMILE both eyes', 1.6],
        ],
      },
    ],
    basePriceMinor: [49900, 199900],
    discountPercent: [20, 50],
    highlights: ['Full eye assessment included', 'Aftercare for 12 months', 'Consultant ophthalmic surgeons'],
    finePrint: [...CLINIC_TERMS, 'Suitability confirmed at a free assessment'],
    tags: ['laser eye', 'eye surgery', 'clinic'],
    blurbs: [
      'Throw away the glasses: {merchant} in {town} has treated thousands of patients with laser vision correction.',
    ],
    alt: 'Laser eye clinic at {merchant}, {town}',
  },
  {
    subCategoryId: 701,
    segment: 'local',
    weight: 1.2,
    theme: 'health',
    altThemes: ['beauty'],
    merchantNames: ['{adj} Dental', '{town} Dental Studio', '{surname} Dental Care'],
    packages: [
      {
        headline: 'Dental Check-Up, X-Rays and Hygienist Clean',
        title: 'Check-Up & Hygiene Clean',
        options: [
          ['Check-up and clean', 1],
          ['Check-up, clean and polish', 1.3],
        ],
      },
      {
        headline: 'Invisible Braces Consultation with 3D Scan',
        title: 'Invisible Braces Consultation',
        options: [['Consultation and scan', 1]],
      },
    ],
    basePriceMinor: [1900, 9900],
    discountPercent: [40, 70],
    highlights: ['Full examination with a dentist', 'Two bitewing X-rays', 'Scale and polish with a hygienist'],
    finePrint: ['New patients only', '24-hour cancellation policy applies', 'Booking required via phone'],
    tags: ['dentist', 'hygienist', 'check-up'],
    blurbs: ['{merchant} is a friendly dental practice in {town} welcoming new private patients.'],
    alt: 'Dental practice {merchant}, {town}',
  },
  {
    subCategoryId: 702,
    segment: 'local',
    weight: 1,
    theme: 'health',
    altThemes: ['fitness'],
    merchantNames: ['{town} Physio', 'The {adj} Physio Clinic', '{surname} Sports Therapy'],
    packages: [
      {
        headline: 'Physiotherapy Assessment and Treatment Session',
        title: 'Physio Assessment',
        options: [
          ['1 session', 1],
          ['2 sessions', 1.8],
          ['3 sessions', 2.5],
        ],
      },
      {
        headline: 'Sports Massage with Postural Assessment',
        title: 'Sports Massage',
        options: [
          ['45-minute session', 1],
          ['Two 45-minute sessions', 1.8],
        ],
      },
    ],
    basePriceMinor: [2500, 6900],
    discountPercent: [35, 60],
    highlights: [
      'HCPC-registered physiotherapists',
      'Personal exercise plan to take home',
      'Evening appointments available',
    ],
    finePrint: [
      '24-hour cancellation policy applies',
      'Please wear loose clothing',
      'Booking required via phone or online',
    ],
    tags: ['physio', 'sports massage', 'injury'],
    blurbs: ['{merchant} in {town} helps runners, desk workers and weekend warriors move without pain.'],
    alt: 'Physiotherapy at {merchant}, {town}',
  },
];
