/**
 * The React twin of components/deal-card/DealCard.astro, for cards an island adds (Show more).
 * Same markup and class names, so the card's global styles dress both alike; same price rules
 * (price-view.ts). Change both together.
 */

import { discountBadge, priceView, remainingText, showsReviews } from '../components/deal-card/price-view';
import type { DealSummary } from '../contracts/deal';
import { countFormat } from '../domain/format';

type Props = {
  deal: DealSummary;
  headingLevel?: 2 | 3 | 4;
};

/** One deal card, as the server renders it. */
export default function DealCard({ deal, headingLevel = 3 }: Props) {
  const Heading = `h${headingLevel}` as 'h2' | 'h3' | 'h4';
  const price = priceView(deal);
  const badge = discountBadge(deal);
  const remaining = remainingText(deal);
  const reviews = showsReviews(deal)
    ? {
        average: deal.reviewAverage.toFixed(1),
        percent: Math.min(100, (deal.reviewAverage / 5) * 100),
        count: deal.reviewCount,
      }
    : null;
  const nights = deal.isTravel && deal.numberOfNights !== null && deal.numberOfNights > 0 ? deal.numberOfNights : null;
  const place = [deal.merchantName, deal.locationName].filter((part) => part.trim() !== '').join(' · ');
  const classes = ['deal-card', 'deal-card--regular', deal.isSoldOut ? 'deal-card--sold-out' : ''].filter(Boolean);

  return (
    <article className={classes.join(' ')}>
      <div className="deal-card__media">
        <img
          className="deal-card__img"
          src={deal.image.url}
          width={deal.image.width}
          height={deal.image.height}
          alt={deal.image.alt}
          loading="lazy"
          decoding="async"
        />
        {badge !== null && !deal.isSoldOut && <span className="deal-card__badge">{badge}</span>}
        {deal.hasVipExclusive && (
          <span className="deal-card__vip">
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
              <path d="M2 7.2l5 4.5L12 3.5l5 8.2 5-4.5-2.1 11.6H4.1z M4 20.2h16V22H4z" fill="currentColor" />
            </svg>
            VIP<span className="visually-hidden"> exclusive option</span>
          </span>
        )}
        {deal.isSoldOut && <span className="deal-card__sold-out">SOLD OUT</span>}
      </div>
      <div className="deal-card__body">
        <Heading className="deal-card__title">
          <a className="deal-card__link" href={deal.url}>
            {deal.headline}
          </a>
        </Heading>
        {place !== '' && <p className="deal-card__place">{place}</p>}
        {(nights !== null || remaining !== null) && (
          <ul className="deal-card__tags">
            {nights !== null && <li className="deal-card__tag">{nights === 1 ? '1 night' : `${nights} nights`}</li>}
            {remaining !== null && <li className="deal-card__tag deal-card__tag--urgent">{remaining}</li>}
          </ul>
        )}
        <div className="deal-card__foot">
          <div className="deal-card__social">
            {reviews !== null && (
              <p className="deal-card__rating">
                <span className="deal-card__stars" aria-hidden="true">
                  <span className="deal-card__stars-fill" style={{ width: `${reviews.percent}%` }} />
                </span>
                <span aria-hidden="true">
                  {reviews.average} ({countFormat.format(reviews.count)})
                </span>
                <span className="visually-hidden">
                  {reviews.average} out of 5, {countFormat.format(reviews.count)}{' '}
                  {reviews.count === 1 ? 'review' : 'reviews'}
                </span>
              </p>
            )}
            {deal.boughtCount > 0 && <p className="deal-card__bought">{countFormat.format(deal.boughtCount)} bought</p>}
          </div>
          <div className="deal-card__price">
            {price.kind === 'see-options' ? (
              <span className="deal-card__options">See options</span>
            ) : (
              <>
                {price.isVip && <span className="deal-card__vip-tag">VIP price</span>}
                <span className="deal-card__now">
                  {price.prefix !== null && <span className="deal-card__from">{price.prefix}</span>}
                  <span className="deal-card__amount">{price.price}</span>
                  {price.perPerson && <span className="deal-card__pp">per person</span>}
                </span>
                {(price.was !== null || price.saving !== null) && (
                  <span className="deal-card__was-row">
                    {price.was !== null && (
                      <s className="deal-card__was">
                        <span className="visually-hidden">was </span>
                        {price.was}
                      </s>
                    )}
                    {price.saving !== null && <span className="deal-card__saving">{price.saving}</span>}
                  </span>
                )}
              </>
            )}
          </div>
        </div>
      </div>
    </article>
  );
}
