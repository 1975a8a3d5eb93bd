/** The catalogue's read caches (locations, headers, short memos), forgotten after a change or a reseed. */
import { clearMemoCaches } from '@/server/cache';
import { clearLocationCache } from './locations';
import { clearHeaderCache } from './navigation';

/** Forget every cached catalogue read (locations, headers): after a change, a reseed, or between test databases. */
export function clearCatalogueCaches(): void {
  clearLocationCache();
  clearHeaderCache();
  clearMemoCaches();
}
