/** The jobs service: the hourly housekeeping as one call, its in-process schedule, and the lease that runs it once. */
export { type HourlyRun, runHourlyJobs } from './hourly';
export { PROCESS_ID, releaseLease, takeLease } from './lease';
export { startHourlyJobs } from './schedule';
