/** What each of the sandbox's own endpoints and pages is handed by the app (../app.ts). */
import type { SandboxDb } from '../db/client';
import type { SandboxSite } from '../settings';

export interface SandboxContext {
  db: () => Promise<SandboxDb>;
  /** Where the switches are read from, per call (default process.env). */
  env: NodeJS.ProcessEnv | undefined;
  site: SandboxSite;
}
