/** What each of the sandbox's own endpoints and pages is handed by the app (../app.ts). */
import type { SandboxDb } from '../db/client';
import type { SandboxSite } from '../settings';

export interface SandboxContext {
  db: () => Promise<SandboxDb>;
  /** The variables the switches are read from, per call (../settings.ts; default the environment). */
  env: NodeJS.ProcessEnv | undefined;
  site: SandboxSite;
}
