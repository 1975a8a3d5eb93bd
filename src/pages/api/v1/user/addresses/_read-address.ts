/**
 * Reads a saved address from a JSON (or form) body for /api/v1/user/addresses: the fields sent over
 * `base` (a PATCH keeps the saved values of the fields it leaves out), checked by
 * DeliveryAddressSchema. A bad address is a 400 naming each field's problem with ADDRESS_MESSAGES,
 * the first one as `message`, so an island can show every message beside its field.
 */
import { fieldErrorsOf } from '@/contracts/account';
import {
  type AddressProblems,
  type DeliveryAddress,
  type DeliveryAddressInput,
  DeliveryAddressSchema,
  SavedAddressPatchSchema,
} from '@/contracts/delivery';
import { MESSAGES } from '@/domain/messages';
import { apiError, describeIssues, json, readRequestBody } from '@/server/http';

export type AddressRead =
  | { ok: true; address: DeliveryAddress; isDefault: boolean; changesAddress: boolean }
  | { ok: false; response: Response };

const ADDRESS_FIELDS = ['name', 'line1', 'line2', 'town', 'postcode', 'phone'] as const;

export async function readAddress(request: Request, base: Partial<DeliveryAddressInput>): Promise<AddressRead> {
  const body = await readRequestBody(request);
  if (!body.ok) return body;
  const sent = SavedAddressPatchSchema.safeParse(body.value);
  if (!sent.success) return { ok: false, response: apiError(400, describeIssues(sent.error)) };
  const { isDefault, ...fields } = sent.data;
  const merged: Partial<DeliveryAddressInput> = {};
  for (const field of ADDRESS_FIELDS) merged[field] = fields[field] ?? base[field];
  const changesAddress = ADDRESS_FIELDS.some((field) => fields[field] !== undefined);
  const parsed = DeliveryAddressSchema.safeParse(merged);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    const problems: AddressProblems = {
      message: Object.values(errors)[0] ?? MESSAGES.requiredField,
      status: 400,
      errors,
    };
    return { ok: false, response: json(problems, { status: 400 }) };
  }
  return { ok: true, address: parsed.data, isDefault: isDefault === true, changesAddress };
}
