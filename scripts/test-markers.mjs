/**
 * The lines npm test (scripts/test.mjs) waits for in the output of the steps it runs beside each other,
 * written here once for the scripts that print them and the runner that reads them.
 */

/** scripts/e2e-prepare.mjs: the site is built, so the reliability run can start its shop. */
export const SITE_BUILT = '• e2e-prepare: the site is built';

/** scripts/reliability: the faults section starts; it mostly waits, so Playwright may start beside it. */
export const FAULTS_BEGIN = '• the faults section begins';
