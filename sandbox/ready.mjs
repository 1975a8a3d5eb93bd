/**
 * The line the payment sandbox prints once it answers (./server.ts), written once for it and for the
 * launchers that wait for it (scripts/start.mjs, scripts/scale-demo.mjs).
 */
export const SANDBOX_READY = '• Payment sandbox ready';
