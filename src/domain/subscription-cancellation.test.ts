/**
 * The VIP cancellation rules (decision 047; spec 1 and 9 VIP; DMCC Act 2024 cooling-off and
 * reminders): the unused part of a period, pro rata by days in whole pence in the shopper's favour;
 * the 14-day window after joining and after each renewal; the reminder 3 days before each renewal.
 */
import { describe, expect, it } from 'vitest';
import {
  addOneMonth,
  COOLING_OFF_DAYS,
  cancellationOutcome,
  coolingOffEndsAt,
  isFirstFullPricePeriod,
  isReminderDue,
  isWithinCoolingOff,
  RENEWAL_REMINDER_DAYS,
  reminderDueAt,
  unusedPartMinor,
  VIP_MAX_COST_MINOR,
  VIP_TERMS,
} from './subscription';

const DAY = 24 * 60 * 60 * 1000;
const start = new Date('2027-01-01T10:00:00Z');
const end = addOneMonth(start); // 31 days
const period = { start, end, paidMinor: VIP_MAX_COST_MINOR };
const at = (days: number, hours = 0) => new Date(start.getTime() + days * DAY + hours * 3_600_000);

describe('spec 9 VIP: the unused part of a paid period', () => {
  it('is the whole price on the day of joining (the day begun is not counted as used)', () => {
    expect(unusedPartMinor(period, start)).toBe(499);
    expect(unusedPartMinor(period, at(0, 23))).toBe(499);
  });

  it('is pro rata by whole days used, rounded up to the penny in the shopper favour', () => {
    // 31-day month, 1 day used: 499 x 30 / 31 = 482.9 -> 483.
    expect(unusedPartMinor(period, at(1))).toBe(483);
    // 10 days used: 499 x 21 / 31 = 338.03 -> 339.
    expect(unusedPartMinor(period, at(10, 5))).toBe(339);
    // 30-day month (April), 15 days used: exactly half, 249.5 -> 250.
    const april = { start: new Date('2027-04-01T00:00:00Z'), end: new Date('2027-05-01T00:00:00Z'), paidMinor: 499 };
    expect(unusedPartMinor(april, new Date('2027-04-16T00:00:00Z'))).toBe(250);
  });

  it('is an integer, never more than paid and never below zero', () => {
    for (let hour = 0; hour < 31 * 24 + 48; hour += 7) {
      const value = unusedPartMinor(period, at(0, hour));
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(499);
    }
    expect(unusedPartMinor(period, at(40))).toBe(0);
    expect(unusedPartMinor({ ...period, paidMinor: 0 }, start)).toBe(0);
  });
});

describe('DMCC cooling-off: 14 days after joining and after each renewal', () => {
  it(`is open for ${COOLING_OFF_DAYS} days from the period start, closed from then on`, () => {
    expect(coolingOffEndsAt(period).toISOString()).toBe(at(14).toISOString());
    expect(isWithinCoolingOff(period, start)).toBe(true);
    expect(isWithinCoolingOff(period, at(13, 23))).toBe(true);
    expect(isWithinCoolingOff(period, at(14))).toBe(false);
    expect(isWithinCoolingOff(period, new Date(start.getTime() - 1))).toBe(false);
  });

  it('inside the window cancelling refunds the unused part; outside it stops the renewal and VIP lasts to the end', () => {
    expect(cancellationOutcome(period, at(2))).toEqual({ kind: 'refund', refundMinor: 467 });
    expect(cancellationOutcome(period, at(20))).toEqual({ kind: 'stopRenewal', vipUntil: end });
  });

  it('a renewed period opens a new window', () => {
    const renewed = { start: end, end: addOneMonth(end), paidMinor: 499 };
    expect(isWithinCoolingOff(renewed, new Date(end.getTime() + 3 * DAY))).toBe(true);
    expect(cancellationOutcome(renewed, new Date(end.getTime() + 3 * DAY)).kind).toBe('refund');
  });
});

describe('DMCC reminders: before each renewal', () => {
  const facts = { currentPeriodEnd: end, renews: true, lapsed: false };
  it(`is due from ${RENEWAL_REMINDER_DAYS} days before the renewal until it`, () => {
    expect(reminderDueAt(end).getTime()).toBe(end.getTime() - RENEWAL_REMINDER_DAYS * DAY);
    expect(isReminderDue(facts, new Date(end.getTime() - RENEWAL_REMINDER_DAYS * DAY - 1))).toBe(false);
    expect(isReminderDue(facts, reminderDueAt(end))).toBe(true);
    expect(isReminderDue(facts, new Date(end.getTime() - 1))).toBe(true);
    expect(isReminderDue(facts, end)).toBe(false);
  });

  it('is not sent after Cancel Renewal or once lapsed', () => {
    expect(isReminderDue({ ...facts, renews: false }, reminderDueAt(end))).toBe(false);
    expect(isReminderDue({ ...facts, lapsed: true }, reminderDueAt(end))).toBe(false);
  });

  it('says the price goes up when a free or discounted period ends', () => {
    expect(isFirstFullPricePeriod(0, 499)).toBe(true);
    expect(isFirstFullPricePeriod(499, 499)).toBe(false);
  });

  it('the pre-contract terms name the reminder, the cooling-off and the VIP limit', () => {
    expect(VIP_TERMS.howToCancel).toContain(`${RENEWAL_REMINDER_DAYS} days before each renewal`);
    expect(VIP_TERMS.coolingOff).toContain(`${COOLING_OFF_DAYS} days of joining`);
    expect(VIP_TERMS.benefits.join(' ')).toContain('60 deals');
  });
});
