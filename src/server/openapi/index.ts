/** The public face of src/server/openapi (callers import only this file; scripts/check-imports.mjs keeps that wall). */
export { buildOpenApiDocument } from './document';
export { API_OPERATIONS } from './operations';
