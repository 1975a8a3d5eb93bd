/**
 * What the basket says to a shopper where the spec quotes no wording (spec 8 "Shown to users"
 * lists none for these). Spec-quoted strings ("SOLD OUT", "No Basket Token", "args malformed")
 * stay in messages.ts.
 */
export const BASKET_COPY = {
  basketNotFound: 'We could not find that basket. It may have been ordered already.',
  lineNotFound: 'That item is no longer in your basket.',
  unknownProduct: 'That option is not on sale.',
  dealEnded: 'This deal has ended.',
  productDisabled: 'This option is no longer available.',
  vipOnly: 'This option is for VIP members only.',
  cannotBuy: 'This option cannot be bought right now.',
  basketOwned: 'This basket belongs to another customer.',
  notYourCustomerToken: 'You can only use your own customer token.',
  deliveryOptionUnavailable: 'That delivery option is not offered for this item.',
} as const;
