/**
 * The profile the header's account menu (account-menu.ts) reads from GET /api/v1/user. Checked by
 * hand (plain-reader) so every page ships no validation library (decision 018); the server's own schema is
 * UserProfileSchema in ./account.ts, and a test keeps the two in step.
 */
import { boolean, object, reader, string } from './plain-reader';

export interface UserProfileRead {
  email: string;
  firstName: string;
  lastName: string;
  vipUser: boolean;
  customerToken: string;
}

export const UserProfileReadSchema = reader(
  object<UserProfileRead>({
    email: string,
    firstName: string,
    lastName: string,
    vipUser: boolean,
    customerToken: string,
  }),
);
