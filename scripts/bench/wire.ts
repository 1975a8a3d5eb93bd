/**
 * Bytes on the wire for one page (docs/decisions/018): the body exactly as the server sends it, with and
 * without `Accept-Encoding`, read with node:http so nothing decompresses it on the way.
 */
import { request } from 'node:http';

export interface WireBytes {
  bytes: number;
  encoding: string;
}

export function wireBytes(url: string, acceptEncoding?: string, accept?: string): Promise<WireBytes> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    if (accept) headers.accept = accept;
    const req = request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.byteLength;
      });
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
