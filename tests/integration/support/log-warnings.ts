/**
 * What the shop's logger warned while a test file ran, read from the JSON lines it hands
 * the console (src/server/log.ts). A spy on console.warn, not a mock of the logger, so the file still
 * shares its worker's module graph (decision 034).
 */
import { afterAll, beforeAll, type MockInstance, vi } from 'vitest';

/** Each warning's message without its "[scope] " prefix, in order; filled while the file runs. */
export function watchLogWarnings(): string[] {
  const messages: string[] = [];
  let spy: MockInstance<typeof console.warn> | undefined;
  beforeAll(() => {
    spy = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      const line = args.map(String).join(' ');
      try {
        const { msg } = JSON.parse(line) as { msg?: unknown };
        if (typeof msg === 'string') messages.push(msg.replace(/^\[[^\]]*\] /, ''));
      } catch {
        // Not one of the logger's lines.
      }
      process.stderr.write(`${line}\n`);
    });
  });
  afterAll(() => spy?.mockRestore());
  return messages;
}
