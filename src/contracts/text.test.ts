/** The contracts refuse what PostgreSQL cannot store (NUL in text, ids past int4): a 400, not a 500. */
import { describe, expect, it } from 'vitest';
import { LoginSchema, ProfileSchema, RegisterSchema } from './account';
import { CreateBasketSchema } from './basket';
import { InstrumentIdSchema } from './customer';
import { SearchQuerySchema } from './search';
import { DbIdInputSchema, DbIdSchema, INT4_MAX, NUL_MESSAGE, plainText, text } from './text';

const NUL = '\u0000';

describe('text fields refuse NUL characters', () => {
  it.each([
    [
      'register first name',
      RegisterSchema,
      { firstName: `Ada${NUL}`, email: 'ada@example.co.uk', password: 'Sunshine1' },
    ],
    ['register email', RegisterSchema, { firstName: 'Ada', email: `ada${NUL}@example.co.uk`, password: 'Sunshine1' }],
    ['profile last name', ProfileSchema, { firstName: 'Ada', lastName: NUL, email: 'ada@example.co.uk' }],
    ['login email', LoginSchema, { email: `${NUL}ada@example.co.uk`, password: 'x' }],
    ['basket brand', CreateBasketSchema, { brand: `tuppence${NUL}` }],
    ['search q', SearchQuerySchema, { q: NUL }],
  ])('%s', (_, schema, input) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(NUL_MESSAGE);
  });

  it('keeps the field rules after the NUL check (trim, length, messages)', () => {
    const name = text({ error: 'required' }).trim().min(1, { error: 'required' });
    expect(name.parse('  Ada  ')).toBe('Ada');
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('required');
    expect(plainText(`id${NUL}`)).toBe('');
    expect(plainText('PAY-123')).toBe('PAY-123');
  });
});

describe('ids fit the integer column', () => {
  it.each([
    [INT4_MAX, true],
    [INT4_MAX + 1, false],
    [0, false],
    [1.5, false],
  ])('DbIdSchema %s -> %s', (id, ok) => {
    expect(DbIdSchema.safeParse(id).success).toBe(ok);
  });

  it('reads ids from paths and bodies with the same bounds', () => {
    expect(InstrumentIdSchema.safeParse('2147483648').success).toBe(false);
    expect(InstrumentIdSchema.safeParse('42').data).toBe(42);
    expect(DbIdInputSchema.safeParse('abc').success).toBe(false);
    expect(CreateBasketSchema.safeParse({ products: [{ dealProductId: 2_147_483_648 }] }).success).toBe(false);
  });
});
